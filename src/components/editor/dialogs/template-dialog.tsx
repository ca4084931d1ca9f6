/** 模板: a ready-made layout inserted at the selection, or replacing the content. */
import { useId, useState } from 'react';
import { Button } from 'primereact/button';
import { editorDialogs } from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import { CheckField, DialogShell, type DialogProps } from './dialog-shell';

export function TemplateDialog({
  onPick,
  ...shell
}: DialogProps & { onPick: (html: string, replace: boolean) => void }) {
  const id = useId();
  const [replace, setReplace] = useState(false);
  return (
    <DialogShell {...shell} header={editorDialogs.template} width={520}>
      <ul className="re-templates">
        {editorUi.dialog.templates.map((item) => (
          <li key={item.name}>
            <Button
              type="button"
              text
              label={item.name}
              onClick={() => onPick(item.html, replace)}
            />
          </li>
        ))}
      </ul>
      <CheckField
        label={editorUi.dialog.templateReplace}
        id={`${id}-rep`}
        checked={replace}
        onChange={setReplace}
      />
    </DialogShell>
  );
}
