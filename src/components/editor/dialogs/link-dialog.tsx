/** 超链接: text, address (required; no javascript:, vbscript: or data:), title, new window. */
import { useId, useState } from 'react';
import { editorDialogs, editorFields as f } from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import { CheckField, DialogShell, ErrorText, TextField, type DialogProps } from './dialog-shell';

export interface LinkValue {
  href: string;
  text: string;
  title: string;
  newWindow: boolean;
}

const SCRIPT_SCHEME = /^\s*(javascript|vbscript|data):/i;

export function LinkDialog({
  initial,
  onSubmit,
  ...shell
}: DialogProps & { initial: LinkValue; onSubmit: (value: LinkValue) => void }) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const submit = () => {
    const href = value.href.trim();
    if (!href) return setError(editorUi.dialog.hrefRequired);
    if (SCRIPT_SCHEME.test(href)) return setError(editorUi.dialog.hrefInvalid);
    onSubmit({ ...value, href });
  };
  return (
    <DialogShell {...shell} header={editorDialogs.link} width={460} onOk={submit}>
      <TextField
        label={f.linkText}
        id={`${id}-text`}
        value={value.text}
        onChange={(text) => setValue({ ...value, text })}
      />
      <TextField
        label={f.linkHref}
        id={`${id}-href`}
        value={value.href}
        invalid={!!error}
        autoFocus
        onChange={(href) => (setValue({ ...value, href }), setError(''))}
        onEnter={submit}
      />
      <ErrorText error={error} />
      <TextField
        label={f.linkTitle}
        id={`${id}-title`}
        value={value.title}
        onChange={(title) => setValue({ ...value, title })}
      />
      <CheckField
        label={f.linkNewWindow}
        id={`${id}-new`}
        checked={value.newWindow}
        onChange={(newWindow) => setValue({ ...value, newWindow })}
      />
    </DialogShell>
  );
}
