import { DealFormScreen } from './deal-screen';

/** 编辑 (/deal/common/edit?id=…), a sub-screen of the list. */
export default function DealEditPage() {
  return <DealFormScreen mode="edit" />;
}
