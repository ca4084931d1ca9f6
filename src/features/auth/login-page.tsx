/**
 * /login: username, password and captcha (GET /api/captcha?r=<timestamp>, click to refresh),
 * POST /api/login; SSO (?ticket=…) and WeChat (?code=…) entry points. After login the user
 * lands on the `redirect` query (or /).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import * as yup from 'yup';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Button } from 'primereact/button';
import { useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_LOGO, getSystemSettings, startSession } from '@/lib/session';
import { notify } from '@/lib/notify';
import { auth } from '@/locale/auth';
import { fillTemplate, shell } from '@/locale/shell';
import {
  fetchCaptcha,
  login,
  ssoLogin,
  wechatLogin,
  type Captcha,
  type LoginResult,
} from './login-api';
import { loginRedirectTarget } from './redirect';

const schema = yup.object({
  username: yup.string().trim().required(auth.usernameRequired),
  password: yup.string().required(auth.passwordRequired),
  captcha: yup.string().trim().required(auth.captchaRequired),
});
type LoginForm = yup.InferType<typeof schema>;

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [captcha, setCaptcha] = useState<Captcha>();
  const [submitting, setSubmitting] = useState(false);
  const settings = getSystemSettings();
  const { control, handleSubmit, formState, setValue } = useForm<LoginForm>({
    resolver: yupResolver(schema),
    defaultValues: { username: '', password: '', captcha: '' },
  });

  const refreshCaptcha = useCallback(async () => {
    setCaptcha(await fetchCaptcha());
  }, []);

  const finish = useCallback(
    (result: LoginResult | undefined, username: string) => {
      if (!result) return false;
      startSession({
        token: result.token,
        username: result.userinfo?.username || username,
        userinfo: result.userinfo,
        prilist: result.prilist ?? '',
      });
      notify.success(auth.success);
      void navigate(loginRedirectTarget(location.search), { replace: true });
      return true;
    },
    [location.search, navigate],
  );

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  // SSO and WeChat come back to /login with a ticket or an authorisation code.
  const handledExternal = useRef(false);
  useEffect(() => {
    if (handledExternal.current) return;
    handledExternal.current = true;
    const query = new URLSearchParams(location.search);
    const ticket = query.get('ticket');
    const code = query.get('code');
    if (ticket)
      void ssoLogin(ticket, query.get('redirect') ?? undefined).then((result) =>
        finish(result, ''),
      );
    else if (code)
      void wechatLogin(code, query.get('state') ?? undefined).then((result) => finish(result, ''));
  }, [finish, location.search]);

  const submit = handleSubmit(async (values) => {
    setSubmitting(true);
    const result = await login({ ...values, captcha_key: captcha?.captcha_key ?? '' });
    setSubmitting(false);
    if (!finish(result, values.username)) {
      setValue('captcha', '');
      void refreshCaptcha();
    }
  });

  const external = (key: 'SSO_URL' | 'WECHAT_URL', missing: string) => {
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
        <div className="login-card__brand">
          <img
            src={settings.SYS_LOGO || DEFAULT_LOGO}
            alt=""
            onError={(event) => (event.currentTarget.src = '/storage/logo.svg')}
          />
          <span>{settings.SYS_TITLE || shell.defaultTitle}</span>
        </div>
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
              onClick={() => void refreshCaptcha()}
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
            label={submitting ? auth.submitting : auth.submit}
            loading={submitting}
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
            onClick={() => external('SSO_URL', auth.ssoMissing)}
          />
          <Button
            type="button"
            text
            icon="pi pi-comments"
            label={auth.wechat}
            onClick={() => external('WECHAT_URL', auth.wechatMissing)}
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
