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
  /** Shift as well (Ctrl+Shift+Z is redo in most editors, as Ctrl+Y is on Windows). */
  shift?: boolean;
  scope: 'editor' | 'page';
}

/** Where the key was pressed, as far as shortcuts care. */
export interface KeyPlace {
  /** In the editor's editing frame (not its toolbar, dialogs or source text). */
  inEditor: boolean;
}

/** A shortcut as `aria-keyshortcuts` writes it (both Ctrl and ⌘ for `mod`). */
function ariaKeyShortcut(shortcut: Shortcut): string {
  const letter = shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key;
  const key = shortcut.shift ? `Shift+${letter}` : letter;
  return shortcut.mod ? `Control+${key} Meta+${key}` : key;
}

/** A command's shortcuts as its `aria-keyshortcuts` (undefined when it has none). */
export function ariaKeyShortcuts(shortcuts: readonly Shortcut[]): string | undefined {
  return shortcuts.length ? shortcuts.map(ariaKeyShortcut).join(' ') : undefined;
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
  return (
    (shortcut.mod ?? false) === mod && (shortcut.shift ?? false) === event.shiftKey && !event.altKey
  );
}
