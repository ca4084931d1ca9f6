/** The offer of a stored draft (发现 … 自动保存的草稿，是否恢复？) with 恢复草稿 and 放弃草稿. */
import { Button } from 'primereact/button';
import { editorStatus } from '@/locale/editor';
import type { Draft } from '../drafts';

export function DraftOffer({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: Draft;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="rich-editor__draft" role="alert">
      <span>
        {editorStatus.draftOffer(
          new Date(draft.savedAt).toLocaleString('zh-CN', { hour12: false }),
        )}
      </span>
      <Button type="button" size="small" label={editorStatus.draftRestore} onClick={onRestore} />
      <Button
        type="button"
        size="small"
        text
        label={editorStatus.draftDiscard}
        onClick={onDiscard}
      />
    </div>
  );
}
