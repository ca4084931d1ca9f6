/**
 * 登录「宠物商店」: the credential an imported source asked for (its first securitySchemes
 * entry: a token, an API key, or a user name and password), kept for this tab only. On 登录 the
 * source's lists are asked again; a write that was refused stays in its open form, to be
 * submitted again.
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
import { restSourceMessages as t } from '@/locale/rest-source';

/** The label of the one secret a scheme takes (basic takes two fields instead). */
function secretLabel(scheme: SourceAuth): string {
  if (scheme.type === 'apiKey') return t.signInApiKey(scheme.name);
  return scheme.type === 'basic' ? t.signInPassword : t.signInToken;
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
  const [user, setUser] = useState('');
  const [secret, setSecret] = useState('');
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const scheme = source?.auth[0];

  const close = () => {
    setUser('');
    setSecret('');
    setMissing(undefined);
    onHide();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!source || !scheme) return;
    if (scheme.type === 'basic' && user.trim() === '') {
      setMissing(t.signInRequiredField(t.signInUser));
      return;
    }
    if (secret === '') {
      setMissing(t.signInRequiredField(secretLabel(scheme)));
      return;
    }
    setSourceCredential(
      source.name,
      scheme.type === 'basic' ? `${user.trim()}:${secret}` : secret.trim(),
    );
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
        <form className="source-sign-in" onSubmit={submit} noValidate>
          <p>{t.signInIntro(source.title)}</p>
          {scheme.type === 'basic' && (
            <div className="field p-fluid">
              <label htmlFor={`${id}-user`}>{t.signInUser}</label>
              <InputText
                id={`${id}-user`}
                value={user}
                autoComplete="username"
                onChange={(event) => setUser(event.target.value)}
              />
            </div>
          )}
          <div className="field p-fluid">
            <label htmlFor={`${id}-secret`}>{secretLabel(scheme)}</label>
            <Password
              inputId={`${id}-secret`}
              value={secret}
              feedback={false}
              toggleMask
              autoComplete={scheme.type === 'basic' ? 'current-password' : 'off'}
              onChange={(event) => setSecret(event.target.value)}
            />
          </div>
          {missing && (
            <small className="p-error" role="alert">
              {missing}
            </small>
          )}
          <div className="crud-form__footer">
            <Button type="button" label={t.signInCancel} outlined onClick={close} />
            <Button type="submit" label={t.signInSubmit} />
          </div>
        </form>
      )}
    </Dialog>
  );
}
