/** The source view's text area (源代码), in the frame's place and size. */
import type { CSSProperties } from 'react';
import { editorToolbar } from '@/locale/editor';
import type { SourceView } from '../hooks/use-source-view';

export function SourceArea({ source, style }: { source: SourceView; style: CSSProperties }) {
  return (
    <textarea
      className="rich-editor__source"
      aria-label={editorToolbar.source}
      value={source.text}
      style={style}
      onChange={(event) => source.change(event.target.value)}
      // Leaving the text (a click on 关闭 or 提交) or pressing Escape (which closes the dialog)
      // hands the last keystrokes over at once: the form asks about unsaved input from what it
      // holds.
      onBlur={source.flush}
      onKeyDown={(event) => {
        if (event.key === 'Escape') source.flush();
      }}
    />
  );
}
