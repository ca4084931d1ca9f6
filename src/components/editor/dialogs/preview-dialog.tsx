/** 预览: the content as readers will see it (through the display sanitiser, RichText). */
import { RichText } from '@/components/crud/rich-text';
import { editorDialogs } from '@/locale/editor';
import { DialogShell, type DialogProps } from './dialog-shell';

export function PreviewDialog({ html, ...shell }: DialogProps & { html: string }) {
  return (
    <DialogShell {...shell} header={editorDialogs.preview} width="min(960px, 96vw)">
      <div className="re-preview">
        <RichText value={html} />
      </div>
    </DialogShell>
  );
}
