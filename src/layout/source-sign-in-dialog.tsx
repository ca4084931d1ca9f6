/**
 * 登录「宠物商店」: the credential an imported source asked for (its first securitySchemes
 * entry: a token, an API key, a user name and password, or — for OAuth2 — the client's or the
 * user's credentials, exchanged at the token URL for an access token), kept for this tab only.
 * On 登录 the source's lists are asked again; a write that was refused stays in its open form,
 * to be submitted again. A refused or failed sign-in keeps the dialog and everything typed in it.
 */
import { useId, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useQueryClient } from '@tanstack/react-query';
import type { SourceAuth, SourceDescription } from '@/core/rest-source';
import { notify } from '@/lib/notify';
import { setSourceCredential } from '@/lib/rest-source/credentials';
import { requestAccessToken } from '@/lib/rest-source/oauth-token';
import { restSourceMessages as t } from '@/locale/rest-source';

interface Typed {
  user: string;
  secret: string;
  clientId: string;
  clientSecret: string;
}

const EMPTY: Typed = { user: '', secret: '', clientId: '', clientSecret: '' };

interface FieldSpec {
  key: keyof Typed;
  label: string;
  required: boolean;
  /** Masked input with a show toggle. */
  masked: boolean;
  autoComplete: string;
}

/** The inputs a scheme asks for, in order. */
function fieldsOf(scheme: SourceAuth): FieldSpec[] {
  const user: FieldSpec = {
    key: 'user',
    label: t.signInUser,
    required: true,
    masked: false,
    autoComplete: 'username',
  };
  const password: FieldSpec = {
    key: 'secret',
    label: t.signInPassword,
    required: true,
    masked: true,
    autoComplete: 'current-password',
  };
  const client = (required: boolean): FieldSpec[] => [
    { key: 'clientId', label: t.signInClientId, required, masked: false, autoComplete: 'off' },
    {
      key: 'clientSecret',
      label: t.signInClientSecret,
      required,
      masked: true,
      autoComplete: 'off',
    },
  ];
  switch (scheme.type) {
    case 'basic':
      return [user, password];
    case 'oauth2':
      // The password flow's client is often public (no secret) or fixed by the server: optional.
      return scheme.flow === 'password' ? [user, password, ...client(false)] : client(true);
    case 'apiKey':
      return [{ ...password, label: t.signInApiKey(scheme.name), autoComplete: 'off' }];
    case 'bearer':
      return [{ ...password, label: t.signInToken, autoComplete: 'off' }];
  }
}

/** The credential to keep: the token or key, `user:password` for basic, OAuth2's access token. */
async function credentialOf(
  source: SourceDescription,
  scheme: SourceAuth,
  typed: Typed,
): Promise<{ ok: true; value: string } | { ok: false; message: string }> {
  switch (scheme.type) {
    case 'basic':
      return { ok: true, value: `${typed.user.trim()}:${typed.secret}` };
    case 'oauth2': {
      const answer = await requestAccessToken(source, scheme, {
        clientId: typed.clientId.trim(),
        clientSecret: typed.clientSecret,
        username: typed.user.trim(),
        password: typed.secret,
      });
      return answer.ok ? { ok: true, value: answer.accessToken } : answer;
    }
    default:
      return { ok: true, value: typed.secret.trim() };
  }
}

export default function SourceSignInDialog({
  source,
  onHide,
}: {
  source: SourceDescription | undefined;
  onHide: () => void;
}) {
  const id = useId();
  const client = useQueryClient();
  const [typed, setTyped] = useState<Typed>(EMPTY);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const scheme = source?.auth[0];
  const fields = scheme ? fieldsOf(scheme) : [];

  const close = () => {
    setTyped(EMPTY);
    setProblem(undefined);
    setBusy(false);
    onHide();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!source || !scheme || busy) return;
    const missing = fields.find((field) => field.required && typed[field.key].trim() === '');
    if (missing) {
      setProblem(t.signInRequiredField(missing.label));
      return;
    }
    setBusy(true);
    setProblem(undefined);
    const credential = await credentialOf(source, scheme, typed);
    setBusy(false);
    if (!credential.ok) {
      setProblem(credential.message);
      return;
    }
    setSourceCredential(source.name, credential.value);
    notify.success(t.signedIn(source.title));
    void client.invalidateQueries({ queryKey: ['source', source.name] });
    // What failed for want of the credential (a record an open form was loading) is asked again.
    void client.refetchQueries({
      type: 'active',
      predicate: (query) => query.state.status === 'error',
    });
    close();
  };

  return (
    <Dialog
      header={source ? t.signInTitle(source.title) : ''}
      visible={source !== undefined && scheme !== undefined}
      onHide={close}
      style={{ width: 'min(440px, 95vw)' }}
      modal
    >
      {source && scheme && (
        <form className="source-sign-in" onSubmit={(event) => void submit(event)} noValidate>
          <p>{t.signInIntro(source.title)}</p>
          {fields.map((field) => {
            const inputId = `${id}-${field.key}`;
            const label = field.required ? field.label : t.signInOptional(field.label);
            const onChange = (value: string) =>
              setTyped((before) => ({ ...before, [field.key]: value }));
            return (
              <div className="field p-fluid" key={field.key}>
                <label htmlFor={inputId}>{label}</label>
                {field.masked ? (
                  <Password
                    inputId={inputId}
                    value={typed[field.key]}
                    feedback={false}
                    toggleMask
                    autoComplete={field.autoComplete}
                    onChange={(event) => onChange(event.target.value)}
                  />
                ) : (
                  <InputText
                    id={inputId}
                    value={typed[field.key]}
                    autoComplete={field.autoComplete}
                    onChange={(event) => onChange(event.target.value)}
                  />
                )}
              </div>
            );
          })}
          {problem && (
            <small className="p-error" role="alert">
              {problem}
            </small>
          )}
          <div className="crud-form__footer">
            <Button type="button" label={t.signInCancel} outlined onClick={close} />
            <Button type="submit" label={busy ? t.signingIn : t.signInSubmit} loading={busy} />
          </div>
        </form>
      )}
    </Dialog>
  );
}
