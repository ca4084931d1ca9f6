/**
 * The command table's keyboard shortcuts (../commands): one key listener per editor, on the
 * window so that Escape leaves fullscreen wherever the focus is; a shortcut of the editing frame
 * counts only when the key is pressed in it.
 */
import { useEffect, type RefObject } from 'react';
import { commandForKey, type CommandId, type CommandState } from '../commands/command-table';
import { useLatest } from './use-latest';

export function useShortcuts(options: {
  /** No shortcuts for an editor shown read-only (it has no toolbar either). */
  enabled: boolean;
  frameRef: RefObject<HTMLDivElement | null>;
  state: CommandState;
  run: (command: CommandId) => void;
}): void {
  const { enabled, frameRef } = options;
  const latest = useLatest(options);

  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      const { state, run } = latest.current;
      const frame = frameRef.current;
      const inEditor = !!frame && event.target instanceof Node && frame.contains(event.target);
      const command = commandForKey(event, state, { inEditor });
      if (!command) return;
      // A Ctrl/⌘ key is the browser's too (Ctrl+K searches the web): the editor's here.
      if (event.ctrlKey || event.metaKey) event.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, frameRef, latest]);
}
