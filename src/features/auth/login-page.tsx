/**
 * /login: username, password and captcha (GET /api/captcha?r=<timestamp>, click to refresh),
 * POST /api/login; SSO (?ticket=…) and WeChat (?code=…) entry points. After login the user
 * lands on the `redirect` query (or /).
 *
 * The first page everyone loads, so it is plain React: inputs and buttons with the theme's CSS
 * classes, the generated request functions without react-query, its own few rules
 * (./login-form.ts) — no PrimeReact, form library or query cache JavaScript.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  sessionCaptcha,
  sessionLogin,
  sessionSsologin,
  sessionWechatauthlogin,
} from '@generated/api/session/session';
import type { Captcha } from '@generated/api/model/captcha';
import type { LoginResult } from '@generated/api/model/loginResult';
import { SystemBrand } from '@/layout/system-brand';
import { getSystemSettings, startSession } from '@/lib/session';
import { notify } from '@/lib/notify';
import { preloadPage } from '@/lib/page-preload';
import { auth } from '@/locale/auth';
import { fillTemplate } from '@/locale/shell';
import { LoginIcon } from './login-icons';
import { loginRedirectTarget } from './redirect';
import {
  cleanLogin,
  EMPTY_LOGIN,
  LOGIN_FIELDS,
  validateLogin,
  type LoginErrors,
  type LoginField,
  type LoginValues,
} from './login-form';
import './login-page.css';

/** A fresh image on every call: the timestamp r keeps the browser from reusing one. */
function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha>();
  const inFlight = useRef<AbortController>(undefined);
  const refresh = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    sessionCaptcha({ r: Date.now() }, undefined, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setCaptcha(answer.data);
      },
      () => {
        // After a failed refresh the previous image's key is spent: show none.
        if (!controller.signal.aborted) setCaptcha(undefined);
      },
    );
  }, []);
  useEffect(() => {
    refresh();
    return () => inFlight.current?.abort();
  }, [refresh]);
  return { captcha, refresh };
}

const INPUT_IDS: Record<LoginField, string> = {
  username: 'login-username',
  password: 'login-password',
  captcha: 'login-captcha',
};

const inputClass = (invalid: boolean, extra = '') =>
  `${extra}p-inputtext p-component${invalid ? ' p-invalid' : ''}`;

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const settings = getSystemSettings();
  const { captcha, refresh: refreshCaptcha } = useCaptcha();
  const [values, setValues] = useState<LoginValues>(EMPTY_LOGIN);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [revealed, setRevealed] = useState(false);

  /** Starts the session from what a login call answered; false when it answered no session. */
  const finish = useCallback(
    (result: LoginResult | undefined) => {
      if (!result) return false;
      startSession(result);
      notify.success(auth.success);
      void navigate(loginRedirectTarget(location.search), { replace: true });
      return true;
    },
    [navigate, location.search],
  );

  // SSO and WeChat come back to /login with a ticket or an authorisation code.
  const handledExternal = useRef(false);
  useEffect(() => {
    if (handledExternal.current) return;
    handledExternal.current = true;
    const query = new URLSearchParams(location.search);
    const ticket = query.get('ticket');
    const code = query.get('code');
    // A refused call has already shown the server's message.
    const ignore = () => undefined;
    if (ticket)
      sessionSsologin({ ticket, redirect: query.get('redirect') ?? undefined }).then(
        (answer) => finish(answer.data),
        ignore,
      );
    else if (code)
      sessionWechatauthlogin({ code, state: query.get('state') ?? undefined }).then(
        (answer) => finish(answer.data),
        ignore,
      );
  }, [location.search, finish]);

  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // Once submitted, a field's message follows what is typed into it.
    if (submitted) setErrors((current) => ({ ...current, [field]: validateLogin(next)[field] }));
  };

  /** A refused sign-in spends the captcha: clear the answer and show a new image. */
  const retry = () => {
    setValues((current) => ({ ...current, captcha: '' }));
    refreshCaptcha();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const found = validateLogin(values);
    setErrors(found);
    const first = LOGIN_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(INPUT_IDS[first])?.focus();
      return;
    }
    setPending(true);
    // The signed-in part downloads while the server checks the password.
    preloadPage(loginRedirectTarget(location.search));
    sessionLogin({ ...cleanLogin(values), captcha_key: captcha?.captcha_key ?? '' })
      .then((answer) => {
        if (!finish(answer.data)) retry();
      }, retry)
      .finally(() => setPending(false));
  };

  const goExternal = (key: 'SSO_URL' | 'WECHAT_URL', missing: string) => {
    const url = settings[key];
    if (typeof url === 'string' && url) window.location.assign(url);
    else notify.info(missing);
  };

  const errorText = (field: LoginField) => (
    <small
      id={`${INPUT_IDS[field]}-error`}
      className="p-error"
      role={errors[field] ? 'alert' : undefined}
    >
      {errors[field] ?? ''}
    </small>
  );
  const inputProps = (field: LoginField) => ({
    id: INPUT_IDS[field],
    name: field,
    value: values[field],
    onChange: change(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${INPUT_IDS[field]}-error` : undefined,
  });

  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="login-heading">
        <SystemBrand className="login-card__brand" />
        <h1 id="login-heading">{auth.heading}</h1>
        <form onSubmit={submit} noValidate className="login-form">
          <label htmlFor={INPUT_IDS.username}>{auth.username}</label>
          <input
            {...inputProps('username')}
            className={inputClass(Boolean(errors.username))}
            placeholder={auth.usernamePlaceholder}
            autoComplete="username"
          />
          {errorText('username')}
          <label htmlFor={INPUT_IDS.password}>{auth.password}</label>
          <div className="w-full p-password p-component p-inputwrapper p-input-icon-right">
            <div className="p-icon-field p-icon-field-right">
              <input
                {...inputProps('password')}
                type={revealed ? 'text' : 'password'}
                className={inputClass(Boolean(errors.password), 'w-full p-password-input ')}
                placeholder={auth.passwordPlaceholder}
                autoComplete="current-password"
              />
              <span className="p-input-icon">
                <button
                  type="button"
                  className="login-form__reveal"
                  aria-label={revealed ? auth.hidePassword : auth.showPassword}
                  aria-pressed={revealed}
                  onClick={() => setRevealed((shown) => !shown)}
                >
                  <LoginIcon name={revealed ? 'eye-slash' : 'eye'} />
                </button>
              </span>
            </div>
          </div>
          {errorText('password')}
          <label htmlFor={INPUT_IDS.captcha}>{auth.captcha}</label>
          <div className="login-form__captcha">
            <input
              {...inputProps('captcha')}
              className={inputClass(Boolean(errors.captcha))}
              placeholder={auth.captchaPlaceholder}
              autoComplete="off"
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
          <button
            type="submit"
            className={`login-form__submit p-button p-component${pending ? ' p-button-loading p-disabled' : ''}`}
            disabled={pending}
          >
            {pending && (
              <LoginIcon
                name="spinner"
                spin
                className="p-button-icon p-c p-button-icon-left p-button-loading-icon"
              />
            )}
            <span className="p-button-label p-c">{pending ? auth.submitting : auth.submit}</span>
          </button>
        </form>
        <div className="login-card__others">
          <span>{auth.otherWays}</span>
          <button
            type="button"
            className="p-button p-component p-button-text"
            onClick={() => goExternal('SSO_URL', auth.ssoMissing)}
          >
            <LoginIcon name="sitemap" className="p-button-icon p-c p-button-icon-left" />
            <span className="p-button-label p-c">{auth.sso}</span>
          </button>
          <button
            type="button"
            className="p-button p-component p-button-text"
            onClick={() => goExternal('WECHAT_URL', auth.wechatMissing)}
          >
            <LoginIcon name="comments" className="p-button-icon p-c p-button-icon-left" />
            <span className="p-button-label p-c">{auth.wechat}</span>
          </button>
        </div>
        {__MOCK_BACKEND__ && <p className="login-card__hint">{auth.demoHint}</p>}
      </section>
      <footer className="login-page__footer">
        {fillTemplate(auth.copyright, { year: new Date().getFullYear() })}
      </footer>
    </main>
  );
}
