import { DealListScreen } from './deal-screen';

/** 我的列表 (/deal/common/mylist): the signed-in user's own records. */
export default function DealMylistPage() {
  return <DealListScreen source="mylist" />;
}
