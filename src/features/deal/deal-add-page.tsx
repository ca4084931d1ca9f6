import { DealFormScreen } from './deal-screen';

/** 新增 (/deal/common/add), a sub-screen of the list. */
export default function DealAddPage() {
  return <DealFormScreen mode="add" />;
}
