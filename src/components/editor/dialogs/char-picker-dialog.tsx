/** 特殊字符 and 表情: one dialog, a grid of characters to insert, each a named button. */
import { editorDialogs } from '@/locale/editor';
import { EMOTICONS, SPECIAL_CHARS } from '../palette';
import { DialogShell, type DialogProps } from './dialog-shell';

const KINDS = {
  specialChars: { header: editorDialogs.specialChars, chars: SPECIAL_CHARS, width: 560 },
  emoticon: { header: editorDialogs.emoticon, chars: EMOTICONS, width: 520 },
} as const;

export function CharPickerDialog({
  kind,
  onPick,
  ...shell
}: DialogProps & { kind: keyof typeof KINDS; onPick: (char: string) => void }) {
  const { header, chars, width } = KINDS[kind];
  return (
    <DialogShell {...shell} header={header} width={width}>
      <div className="re-chargrid" role="group" aria-label={header}>
        {chars.map((c) => (
          <button
            key={c}
            type="button"
            className="re-chargrid__item"
            title={c}
            aria-label={c}
            onClick={() => onPick(c)}
          >
            {c}
          </button>
        ))}
      </div>
    </DialogShell>
  );
}
