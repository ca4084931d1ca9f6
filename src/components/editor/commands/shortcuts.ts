/**
 * Keyboard shortcuts of the command table. A shortcut names its key, whether it takes Ctrl (⌘ on
 * macOS), and where it counts: in the editing frame, or anywhere on the page while its command's
 * `when` holds (Escape leaves fullscreen). Editor.js keeps its own (bold, italic, underline); the
 * table does not bind those twice.
 */
export interface Shortcut {
  /** `KeyboardEvent.key`, compared case-insensitively. */
  key: string;
  /** Ctrl, or ⌘ on macOS. */
  mod?: boolean;
  scope: 'editor' | 'page';
}

/** Where the key was pressed, as far as shortcuts care. */
export interface KeyPlace {
  /** In the editor's editing frame (not its toolbar, dialogs or source text). */
  inEditor: boolean;
}

/** A shortcut as `aria-keyshortcuts` writes it (both Ctrl and ⌘ for `mod`). */
export function ariaKeyShortcuts(shortcut: Shortcut): string {
  const key = shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key;
  return shortcut.mod ? `Control+${key} Meta+${key}` : key;
}

/** Whether the key event is the shortcut, pressed where it counts. */
export function matchesShortcut(
  shortcut: Shortcut,
  event: KeyboardEvent,
  place: KeyPlace,
): boolean {
  // A key confirming an IME composition is the IME's.
  if (event.isComposing) return false;
  if (shortcut.scope === 'editor' && !place.inEditor) return false;
  if (event.key.toLowerCase() !== shortcut.key.toLowerCase()) return false;
  const mod = event.ctrlKey || event.metaKey;
  return (shortcut.mod ?? false) === mod && !event.altKey && !event.shiftKey;
}
