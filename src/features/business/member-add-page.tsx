import { MemberFormScreen } from './member-form-page';

/** 新增会员管理 (/business/user/add). */
export default function MemberAddPage() {
  return <MemberFormScreen mode="add" />;
}
