/**
 * The IME guard (editor notes, traps): the Enter that confirms a Chinese composition must not
 * reach Editor.js, which would split the block. Chromium marks that keydown `isComposing` (and
 * keyCode 229); Safari fires it just after `compositionend`, so Enter is also held back for
 * ~100 ms after a composition ends.
 */

export const IME_GRACE_MS = 100;

export interface ImeState {
  composing: boolean;
  /** performance.now() of the last compositionend; -Infinity before any. */
  endedAt: number;
}

interface KeyLike {
  key: string;
  keyCode: number;
  isComposing: boolean;
}

/** True when this Enter belongs to an input method, not to the editor. */
export function isImeEnter(event: KeyLike, state: ImeState, now: number): boolean {
  if (event.keyCode === 229) return true;
  if (event.key !== 'Enter') return false;
  return event.isComposing || state.composing || now - state.endedAt < IME_GRACE_MS;
}

/**
 * Installs the guard on an ancestor of the Editor.js holder (capture phase, so it runs before
 * Editor.js's listeners). Returns the uninstaller.
 */
export function installImeGuard(root: HTMLElement): () => void {
  const state: ImeState = { composing: false, endedAt: -Infinity };
  const onStart = () => {
    state.composing = true;
  };
  const onEnd = () => {
    state.composing = false;
    state.endedAt = performance.now();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isImeEnter(event, state, performance.now())) return;
    event.stopImmediatePropagation();
    // The IME's own Enter (isComposing / 229) cannot be cancelled and must not be; any other
    // Enter held back here would make the browser add a line break.
    if (!event.isComposing && event.keyCode !== 229) event.preventDefault();
  };
  root.addEventListener('compositionstart', onStart, true);
  root.addEventListener('compositionend', onEnd, true);
  root.addEventListener('keydown', onKeyDown, true);
  return () => {
    root.removeEventListener('compositionstart', onStart, true);
    root.removeEventListener('compositionend', onEnd, true);
    root.removeEventListener('keydown', onKeyDown, true);
  };
}
