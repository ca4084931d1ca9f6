import { MemberFormScreen } from './member-form-page';

/** 编辑会员管理 (/business/user/edit?id=…). */
export default function MemberEditPage() {
  return <MemberFormScreen mode="edit" />;
}
