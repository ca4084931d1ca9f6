/** 锚点: a name (required); spaces become hyphens. */
import { useId, useState } from 'react';
import { editorDialogs, editorFields } from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import { DialogShell, ErrorText, TextField, type DialogProps } from './dialog-shell';

export function AnchorDialog({
  onSubmit,
  ...shell
}: DialogProps & { onSubmit: (name: string) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const submit = () => {
    const clean = name.trim().replace(/\s+/g, '-');
    if (!clean) return setError(editorUi.dialog.anchorRequired);
    onSubmit(clean);
  };
  return (
    <DialogShell {...shell} header={editorDialogs.anchor} width={400} onOk={submit}>
      <TextField
        label={editorFields.anchorName}
        id={id}
        value={name}
        autoFocus
        invalid={!!error}
        onChange={(next) => (setName(next), setError(''))}
      />
      <ErrorText error={error} />
    </DialogShell>
  );
}
