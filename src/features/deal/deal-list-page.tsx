import { DealListScreen } from './deal-screen';

/** 通用模块 (/deal/common/list). */
export default function DealListPage() {
  return <DealListScreen source="list" />;
}
