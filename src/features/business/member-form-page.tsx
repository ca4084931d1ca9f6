/** 新增会员管理 / 编辑会员管理: the member form as a full page; saving returns to the list. */
import { useLocation, useNavigate } from 'react-router-dom';
import { CrudFormPage } from '@/components/crud';
import { memberModule } from '@generated/modules/member';
import { deal as t } from '@/locale/deal';
import { MEMBER_PATHS } from './paths';

export function MemberFormScreen({ mode }: { mode: 'add' | 'edit' }) {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = new URLSearchParams(location.search).get('id') ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : undefined;
  const toList = () => void navigate(MEMBER_PATHS.list);
  if (mode === 'edit' && id === undefined)
    return (
      <p className="p-error" role="alert">
        {t.noRecordId}
      </p>
    );
  return (
    <CrudFormPage module={memberModule} mode={mode} id={id} onDone={toList} onCancel={toList} />
  );
}
