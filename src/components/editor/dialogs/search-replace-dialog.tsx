/**
 * 查询替换: find the next match, replace the selected one, replace all (总共替换了N处！). Not
 * modal, so the matches stay visible as they are selected.
 */
import { useId, useState } from 'react';
import { Button } from 'primereact/button';
import { editorDialogs, editorFields as f } from '@/locale/editor';
import { CheckField, DialogShell, TextField, type DialogProps } from './dialog-shell';

export function SearchReplaceDialog({
  onFind,
  onReplace,
  onReplaceAll,
  ...shell
}: DialogProps & {
  onFind: (find: string, matchCase: boolean) => boolean;
  onReplace: (find: string, replacement: string, matchCase: boolean) => boolean;
  onReplaceAll: (find: string, replacement: string, matchCase: boolean) => number;
}) {
  const id = useId();
  const [find, setFind] = useState('');
  const [replacement, setReplacement] = useState('');
  const [matchCase, setMatchCase] = useState(false);
  const [message, setMessage] = useState('');
  const footer = (
    <div className="re-dialog__footer">
      <Button
        type="button"
        outlined
        label={f.findNext}
        onClick={() => setMessage(onFind(find, matchCase) ? '' : f.notFound)}
      />
      <Button
        type="button"
        outlined
        label={f.replace}
        onClick={() => setMessage(onReplace(find, replacement, matchCase) ? '' : f.notFound)}
      />
      <Button
        type="button"
        label={f.replaceAll}
        onClick={() => {
          const n = onReplaceAll(find, replacement, matchCase);
          setMessage(n ? f.replacedCount(n) : f.notFound);
        }}
      />
    </div>
  );
  return (
    <DialogShell
      {...shell}
      header={editorDialogs.searchReplace}
      width={440}
      modeless
      footer={footer}
    >
      <TextField label={f.searchFor} id={`${id}-find`} value={find} autoFocus onChange={setFind} />
      <TextField
        label={f.replaceWith}
        id={`${id}-rep`}
        value={replacement}
        onChange={setReplacement}
      />
      <CheckField
        label={f.matchCase}
        id={`${id}-case`}
        checked={matchCase}
        onChange={setMatchCase}
      />
      <p className="re-dialog__message" role="status">
        {message}
      </p>
    </DialogShell>
  );
}
