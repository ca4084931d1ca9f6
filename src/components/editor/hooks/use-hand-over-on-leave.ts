/**
 * Typing in the blocks reached the form only after Editor.js reported it (it batches changes for
 * 400 ms) and the content's calm (EMIT_DELAY_MS): a close requested within that time — Escape,
 * or a press on 关闭 or the dialog's × right after the last keystroke — met a form with nothing
 * unsaved, closed without asking, and lost what was typed. The frame tells the content of an
 * edit from the browser's own events, and asks it to hand a waiting change over when the user
 * may be leaving (../content.ts: `noteEdit`, `handOverPending`). The source view does the same
 * for its text (../view/source-area.tsx).
 */
import { useEffect, type RefObject } from 'react';
import type { EditorContent } from '../content';

/** The browser's events of an edit in a contenteditable frame. */
const EDIT_EVENTS = ['input', 'paste', 'cut', 'drop'] as const;

export function useHandOverOnLeave(
  frameRef: RefObject<HTMLDivElement | null>,
  content: EditorContent,
): void {
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return undefined;
    const edited = () => content.noteEdit();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') content.handOverPending();
    };
    const onFocusOut = (event: FocusEvent) => {
      // Moving between blocks is no leaving.
      if (event.relatedTarget instanceof Node && frame.contains(event.relatedTarget)) return;
      content.handOverPending();
    };
    // On the frame itself, so they run before the listeners above it (React's, the dialog's).
    for (const type of EDIT_EVENTS) frame.addEventListener(type, edited);
    frame.addEventListener('keydown', onKeyDown);
    frame.addEventListener('focusout', onFocusOut);
    return () => {
      for (const type of EDIT_EVENTS) frame.removeEventListener(type, edited);
      frame.removeEventListener('keydown', onKeyDown);
      frame.removeEventListener('focusout', onFocusOut);
    };
  }, [frameRef, content]);
}
