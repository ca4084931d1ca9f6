/**
 * Typing in the blocks reached the form only after Editor.js reported it (it batches changes for
 * 400 ms) and the content's calm (EMIT_DELAY_MS): a close requested within that time — Escape,
 * or a press on 关闭 or the dialog's × right after the last keystroke — met a form with nothing
 * unsaved, closed without asking, and lost what was typed.
 *
 * - An edit counts from the browser's own event for it (input, paste, cut, drop in the frame),
 *   not from Editor.js's late report: the content knows at once that it holds a change.
 * - A change not handed over yet is handed over the moment the user may be leaving: Escape in
 *   the frame, or the focus leaving it. Editor.js saves in promise steps only, which the
 *   browser finishes between one event listener and the next, so the form is dirty before the
 *   dialog's own Escape listener (on the document) or the button's click asks it.
 * - Nothing is handed over without an edit: the blocks' HTML of a loaded value need not be the
 *   same string as the value, and merely looking must not count as unsaved input.
 *
 * The source view does the same for its text (../view/source-area.tsx).
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
    const edited = () => content.scheduleEmit();
    const handOver = () => {
      if (content.editPending) void content.emitNow();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') handOver();
    };
    const onFocusOut = (event: FocusEvent) => {
      // Moving between blocks is no leaving.
      if (event.relatedTarget instanceof Node && frame.contains(event.relatedTarget)) return;
      handOver();
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
