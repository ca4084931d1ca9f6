/**
 * /login: username, password and captcha (GET /api/captcha?r=<timestamp>, click to refresh),
 * POST /api/login; SSO (?ticket=…) and WeChat (?code=…) entry points. After login the user
 * lands on the `redirect` query (or /).
 */
import { useEffect, useRef } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import * as yup from 'yup';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Button } from 'primereact/button';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  getSessionCaptchaQueryKey,
  sessionCaptcha,
  useSessionLogin,
  useSessionSsologin,
  useSessionWechatauthlogin,
} from '@generated/api/session/session';
import type { LoginResult } from '@generated/api/api.schemas';
import { SystemBrand } from '@/layout/system-brand';
import { getSystemSettings, startSession } from '@/lib/session';
import { notify } from '@/lib/notify';
import { auth } from '@/locale/auth';
import { fillTemplate } from '@/locale/shell';
import { loginRedirectTarget } from './redirect';

const schema = yup.object({
  username: yup.string().trim().required(auth.usernameRequired),
  password: yup.string().required(auth.passwordRequired),
  captcha: yup.string().trim().required(auth.captchaRequired),
});
type LoginForm = yup.InferType<typeof schema>;

/** A fresh image on every fetch: the timestamp r keeps the browser from reusing one. */
const captchaQuery = queryOptions({
  queryKey: getSessionCaptchaQueryKey(),
  queryFn: async ({ signal }) =>
    (await sessionCaptcha({ r: Date.now() }, undefined, signal)).data ?? null,
  staleTime: 0,
  gcTime: 0,
});

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const settings = getSystemSettings();
  const { control, handleSubmit, formState, setValue } = useForm<LoginForm>({
    resolver: yupResolver(schema),
    defaultValues: { username: '', password: '', captcha: '' },
  });
  const captchaAnswer = useQuery(captchaQuery);
  // After a failed refresh the previous image's key is spent: show none.
  const captcha = captchaAnswer.isError ? undefined : captchaAnswer.data;
  const refreshCaptcha = () => void captchaAnswer.refetch();

  /** Starts the session from what a login call answered; false when it answered no session. */
  const finish = (result: LoginResult | undefined) => {
    if (!result) return false;
    startSession(result);
    notify.success(auth.success);
    void navigate(loginRedirectTarget(location.search), { replace: true });
    return true;
  };
  const retry = () => {
    setValue('captcha', '');
    refreshCaptcha();
  };
  const login = useSessionLogin({
    mutation: {
      onSuccess: (answer) => {
        if (!finish(answer.data)) retry();
      },
      onError: retry,
    },
  });
  const external = {
    mutation: { onSuccess: (answer: { data?: LoginResult }) => finish(answer.data) },
  };
  const { mutate: ssoLogin } = useSessionSsologin(external);
  const { mutate: wechatLogin } = useSessionWechatauthlogin(external);

  // SSO and WeChat come back to /login with a ticket or an authorisation code.
  const handledExternal = useRef(false);
  useEffect(() => {
    if (handledExternal.current) return;
    handledExternal.current = true;
    const query = new URLSearchParams(location.search);
    const ticket = query.get('ticket');
    const code = query.get('code');
    if (ticket) ssoLogin({ data: { ticket, redirect: query.get('redirect') ?? undefined } });
    else if (code) wechatLogin({ data: { code, state: query.get('state') ?? undefined } });
  }, [location.search, ssoLogin, wechatLogin]);

  const submit = handleSubmit((values) =>
    login.mutate({ data: { ...values, captcha_key: captcha?.captcha_key ?? '' } }),
  );

  const goExternal = (key: 'SSO_URL' | 'WECHAT_URL', missing: string) => {
    const url = settings[key];
    if (typeof url === 'string' && url) window.location.assign(url);
    else notify.info(missing);
  };

  const errorText = (name: keyof LoginForm) => (
    <small className="p-error" role={formState.errors[name] ? 'alert' : undefined}>
      {formState.errors[name]?.message ?? ''}
    </small>
  );

  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="login-heading">
        <SystemBrand className="login-card__brand" />
        <h1 id="login-heading">{auth.heading}</h1>
        <form onSubmit={submit} noValidate className="login-form">
          <label htmlFor="login-username">{auth.username}</label>
          <Controller
            name="username"
            control={control}
            render={({ field }) => (
              <InputText
                id="login-username"
                {...field}
                placeholder={auth.usernamePlaceholder}
                autoComplete="username"
                invalid={Boolean(formState.errors.username)}
              />
            )}
          />
          {errorText('username')}
          <label htmlFor="login-password">{auth.password}</label>
          <Controller
            name="password"
            control={control}
            render={({ field }) => (
              <Password
                inputId="login-password"
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                feedback={false}
                toggleMask
                placeholder={auth.passwordPlaceholder}
                autoComplete="current-password"
                invalid={Boolean(formState.errors.password)}
                className="w-full"
                inputClassName="w-full"
              />
            )}
          />
          {errorText('password')}
          <label htmlFor="login-captcha">{auth.captcha}</label>
          <div className="login-form__captcha">
            <Controller
              name="captcha"
              control={control}
              render={({ field }) => (
                <InputText
                  id="login-captcha"
                  {...field}
                  placeholder={auth.captchaPlaceholder}
                  autoComplete="off"
                  invalid={Boolean(formState.errors.captcha)}
                />
              )}
            />
            <button
              type="button"
              className="login-form__captcha-image"
              onClick={refreshCaptcha}
              title={auth.captchaRefresh}
            >
              {captcha?.image ? (
                <img src={captcha.image} alt={auth.captchaAlt} />
              ) : (
                <span>{auth.captchaRefresh}</span>
              )}
            </button>
          </div>
          {errorText('captcha')}
          <Button
            type="submit"
            label={login.isPending ? auth.submitting : auth.submit}
            loading={login.isPending}
            className="login-form__submit"
          />
        </form>
        <div className="login-card__others">
          <span>{auth.otherWays}</span>
          <Button
            type="button"
            text
            icon="pi pi-sitemap"
            label={auth.sso}
            onClick={() => goExternal('SSO_URL', auth.ssoMissing)}
          />
          <Button
            type="button"
            text
            icon="pi pi-comments"
            label={auth.wechat}
            onClick={() => goExternal('WECHAT_URL', auth.wechatMissing)}
          />
        </div>
        {__MOCK_BACKEND__ && <p className="login-card__hint">{auth.demoHint}</p>}
      </section>
      <footer className="login-page__footer">
        {fillTemplate(auth.copyright, { year: new Date().getFullYear() })}
      </footer>
    </main>
  );
}
