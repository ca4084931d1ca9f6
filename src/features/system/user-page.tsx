/**
 * 管理员管理: the generated administrators screen plus the spec's "reset password" row button
 * (spec section 6 sample buttons), added through the CRUD page's row-action seam.
 */
import { useMutation } from '@tanstack/react-query';
import { CrudPage, permissionKeyOf, type RowActionDefinition } from '@/components/crud';
import { adminuserResetpassword } from '@generated/api/adminuser/adminuser';
import { userModule } from '@generated/modules/user';
import { notify } from '@/lib/notify';
import { system as t } from '@/locale/system';
import './system.css';

export default function UserPage() {
  const reset = useMutation({
    mutationFn: (id: number | string) => adminuserResetpassword({ id }),
    onSuccess: () => notify.success(t.resetPasswordSuccess),
  });
  const resetPassword: RowActionDefinition = {
    id: 'resetpassword',
    label: t.resetPassword,
    permission: { action: 'resetpassword', key: permissionKeyOf(userModule, 'resetpassword') },
    onClick: (row, list) =>
      list.ask({
        message: t.confirmResetPassword,
        accept: () => reset.mutateAsync(list.idOf(row)),
      }),
  };
  return (
    // The screen's own layout of its wide table (system.css: every column beside 操作).
    <div className="user-page">
      <CrudPage module={userModule} rowActions={[resetPassword]} />
    </div>
  );
}
