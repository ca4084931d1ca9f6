/**
 * The hint popup on a clicked image or link (spec section 2: float default/left/right/centre,
 * modify, delete and clear), placed under it by ../hooks/use-hint.ts. An image offers 默认/左浮动/
 * 右浮动/居中, 修改, 删除 (the image goes) and 清除 (its float and size go back to the default, the
 * image stays); a link shows its address, 修改 and 删除 (the link goes, its text stays).
 */
import { Fragment } from 'react';
import { Button } from 'primereact/button';
import { editorPopup } from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import type { EditorOps } from '../editor-ops';
import type { Hint } from '../hooks/use-hint';
import type { ImageFloat } from '../model/blocks';

const FLOATS: readonly { value: ImageFloat; label: string }[] = [
  { value: 'none', label: editorPopup.floatNone },
  { value: 'left', label: editorPopup.floatLeft },
  { value: 'right', label: editorPopup.floatRight },
  { value: 'center', label: editorPopup.floatCenter },
];

/** A link hint shows the address cut to 20 characters plus an ellipsis when longer than 30. */
export function linkHintText(href: string): string {
  return href.length > 30 ? `${href.slice(0, 20)}…` : href;
}

export function HintPopup({
  hint,
  ops,
  onClose,
  onModifyImage,
  onModifyLink,
}: {
  hint: Hint;
  ops: EditorOps;
  onClose: () => void;
  onModifyImage: (blockId: string) => void;
  onModifyLink: () => void;
}) {
  const action = (label: string, run: () => void, severity?: 'danger') => (
    <Button
      type="button"
      size="small"
      text
      severity={severity}
      label={label}
      onClick={() => {
        onClose();
        run();
      }}
    />
  );
  const href = hint.kind === 'link' ? hint.anchor.getAttribute('href') : null;
  return (
    <div
      className="rich-editor__hint"
      role="toolbar"
      aria-label={editorUi.hint.label}
      style={{ top: hint.top, left: hint.left }}
    >
      {hint.kind === 'image' ? (
        <>
          {FLOATS.map((f) => (
            <Fragment key={f.value}>
              {action(f.label, () => ops.image(hint.blockId)?.update({ float: f.value }))}
            </Fragment>
          ))}
          {action(editorPopup.modify, () => onModifyImage(hint.blockId))}
          {action(editorPopup.delete, () => ops.deleteBlock(hint.blockId), 'danger')}
          {action(editorPopup.clear, () => ops.clearImage(hint.blockId))}
        </>
      ) : (
        <>
          <a
            href={href ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            className="rich-editor__hint-link"
          >
            {linkHintText(href ?? '')}
          </a>
          {action(editorPopup.modify, () => {
            ops.selectLink(hint.anchor);
            onModifyLink();
          })}
          {action(editorPopup.delete, () => ops.removeLink(hint.anchor), 'danger')}
        </>
      )}
    </div>
  );
}
