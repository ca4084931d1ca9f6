/** 修改密码: oldPwd, newPwd, newPwdTwo; on success the session is cleared and the user goes to /login. */
import { Controller, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Dialog } from 'primereact/dialog';
import { Password } from 'primereact/password';
import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';
import { useAdminuserUppassword } from '@generated/api/adminuser/adminuser';
import { clearSession } from '@/lib/session';
import { notify } from '@/lib/notify';
import { shell } from '@/locale/shell';
import { passwordSchema, type PasswordForm } from './password-schema';

const m = shell.password;
const FIELDS = [
  { name: 'oldPwd', label: m.oldPwd },
  { name: 'newPwd', label: m.newPwd },
  { name: 'newPwdTwo', label: m.newPwdTwo },
] as const;

export function ChangePasswordDialog({
  visible,
  onHide,
}: {
  visible: boolean;
  onHide: () => void;
}) {
  const navigate = useNavigate();
  const { control, handleSubmit, reset, formState } = useForm<PasswordForm>({
    resolver: yupResolver(passwordSchema),
    defaultValues: { oldPwd: '', newPwd: '', newPwdTwo: '' },
    mode: 'onTouched',
  });

  const close = () => {
    reset();
    onHide();
  };

  const change = useAdminuserUppassword({
    mutation: {
      onSuccess: () => {
        notify.success(m.success);
        close();
        clearSession();
        void navigate('/login');
      },
    },
  });
  const submit = handleSubmit((values) => change.mutate({ data: values }));

  return (
    <Dialog
      header={m.title}
      visible={visible}
      onHide={close}
      style={{ width: 460 }}
      breakpoints={{ '640px': '92vw' }}
    >
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="pwd-form"
        aria-label={m.title}
      >
        {FIELDS.map(({ name, label }) => (
          <div className="pwd-form__row" key={name}>
            <label htmlFor={`pwd-${name}`}>{label}</label>
            <Controller
              name={name}
              control={control}
              render={({ field }) => (
                <Password
                  inputId={`pwd-${name}`}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  feedback={false}
                  toggleMask
                  invalid={Boolean(formState.errors[name])}
                  inputClassName="w-full"
                  className="w-full"
                />
              )}
            />
            <small className="p-error" role={formState.errors[name] ? 'alert' : undefined}>
              {formState.errors[name]?.message ?? ''}
            </small>
          </div>
        ))}
        <div className="pwd-form__actions">
          <Button type="button" label={m.cancel} severity="secondary" outlined onClick={close} />
          <Button type="submit" label={m.submit} loading={change.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
