/**
 * 会员管理: the generated members list whose 新增 / 编辑 open the full-page sub-screens
 * /business/user/add and /business/user/edit?id=… (spec section 2) instead of dialogs.
 */
import { useNavigate } from 'react-router-dom';
import { CrudPage } from '@/components/crud';
import { memberModule } from '@generated/modules/member';
import { MEMBER_PATHS } from './paths';

export default function MemberListPage() {
  const navigate = useNavigate();
  return (
    <CrudPage
      module={memberModule}
      openForm={(mode, id) =>
        void navigate(
          mode === 'add'
            ? MEMBER_PATHS.add
            : `${MEMBER_PATHS.edit}?id=${encodeURIComponent(id ?? '')}`,
        )
      }
    />
  );
}
