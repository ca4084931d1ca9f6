/**
 * The editor's command table (components/editor/commands): what each command is called and when
 * it is off, the keys that run commands (Ctrl/⌘+K opens the link dialog in the editing frame,
 * Escape leaves fullscreen), and that the toolbar and the keys go through the same table.
 */
import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  COMMANDS,
  commandForKey,
  isEnabled,
  runCommand,
  type CommandContext,
  type CommandState,
} from '@/components/editor/commands/command-table';
import { EditorContent } from '@/components/editor/content';
import { EditorOps } from '@/components/editor/editor-ops';
import { useShortcuts } from '@/components/editor/hooks/use-shortcuts';
import { EditorToolbar, type ToolbarActions } from '@/components/editor/toolbar';

const editing: CommandState = { fullscreen: false, source: false, dialogOpen: false };

function key(init: KeyboardEventInit): KeyboardEvent {
  return new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
}

describe('command table', () => {
  it('names every command in Chinese', () => {
    for (const [id, command] of Object.entries(COMMANDS)) {
      for (const state of [editing, { ...editing, fullscreen: true, source: true }])
        expect({ id, label: command.label(state) }).toEqual({
          id,
          label: expect.stringMatching(/[\u4e00-\u9fff]/),
        });
    }
  });

  it('in the source view only fullscreen and leaving the source view are on', () => {
    const source = { ...editing, source: true };
    const on = Object.entries(COMMANDS)
      .filter(([, command]) => isEnabled(command, source))
      .map(([id]) => id);
    expect(on).toEqual(['fullscreen', 'source']);
    expect(Object.values(COMMANDS).every((command) => isEnabled(command, editing))).toBe(true);
  });

  it('runs a command through its context, and none that is off', () => {
    const show = vi.fn();
    const content = new EditorContent('');
    const context: CommandContext = {
      ops: new EditorOps(content),
      content,
      dialogs: { show, showLink: vi.fn(), showPreview: vi.fn() },
      toggleFullscreen: vi.fn(),
      toggleSource: vi.fn(),
      pickImage: vi.fn(),
    };
    runCommand('anchor', editing, context);
    runCommand('table', { ...editing, source: true }, context);
    runCommand('source', { ...editing, source: true }, context);
    expect(show.mock.calls).toEqual([['anchor']]);
    expect(context.toggleSource).toHaveBeenCalledOnce();
  });
});

describe('keyboard shortcuts', () => {
  const inEditor = { inEditor: true };
  const elsewhere = { inEditor: false };

  it.each([
    ['Ctrl+K in the editing frame', key({ key: 'k', ctrlKey: true }), editing, inEditor, 'link'],
    ['⌘+K in the editing frame', key({ key: 'K', metaKey: true }), editing, inEditor, 'link'],
    ['Ctrl+K outside the frame', key({ key: 'k', ctrlKey: true }), editing, elsewhere, undefined],
    [
      'Ctrl+Shift+K',
      key({ key: 'K', ctrlKey: true, shiftKey: true }),
      editing,
      inEditor,
      undefined,
    ],
    ['K alone', key({ key: 'k' }), editing, inEditor, undefined],
    ['Ctrl+Z in the editing frame', key({ key: 'z', ctrlKey: true }), editing, inEditor, 'undo'],
    ['Ctrl+Y in the editing frame', key({ key: 'y', ctrlKey: true }), editing, inEditor, 'redo'],
    [
      'Ctrl+Shift+Z in the editing frame',
      key({ key: 'Z', ctrlKey: true, shiftKey: true }),
      editing,
      inEditor,
      'redo',
    ],
    [
      '⌘+Shift+Z in the editing frame (macOS)',
      key({ key: 'z', metaKey: true, shiftKey: true }),
      editing,
      inEditor,
      'redo',
    ],
    [
      'Ctrl+Shift+Y',
      key({ key: 'Y', ctrlKey: true, shiftKey: true }),
      editing,
      inEditor,
      undefined,
    ],
    [
      'Ctrl+K in the source view',
      key({ key: 'k', ctrlKey: true }),
      { ...editing, source: true },
      inEditor,
      undefined,
    ],
    [
      'Ctrl+K confirming an IME composition',
      key({ key: 'k', ctrlKey: true, isComposing: true }),
      editing,
      inEditor,
      undefined,
    ],
    [
      'Escape in fullscreen, anywhere',
      key({ key: 'Escape' }),
      { ...editing, fullscreen: true },
      elsewhere,
      'fullscreen',
    ],
    ['Escape not in fullscreen', key({ key: 'Escape' }), editing, inEditor, undefined],
    [
      'Escape in fullscreen with a dialog open (the dialog’s)',
      key({ key: 'Escape' }),
      { ...editing, fullscreen: true, dialogOpen: true },
      elsewhere,
      undefined,
    ],
  ] as const)('%s', (_name, event, state, place, expected) => {
    expect(commandForKey(event, state, place)).toBe(expected);
  });

  it('the editor listens for them while it is editable', () => {
    const frame = document.createElement('div');
    const text = document.createElement('p');
    frame.append(text);
    document.body.append(frame);
    const run = vi.fn();
    const options = { enabled: true, frameRef: { current: frame }, state: editing, run };
    const { rerender, unmount } = renderHook((props) => useShortcuts(props), {
      initialProps: options,
    });
    const inFrame = key({ key: 'k', ctrlKey: true });
    text.dispatchEvent(inFrame);
    expect(run.mock.calls).toEqual([['link']]);
    // The browser's own Ctrl+K does not run as well.
    expect(inFrame.defaultPrevented).toBe(true);
    document.body.dispatchEvent(key({ key: 'k', ctrlKey: true }));
    expect(run).toHaveBeenCalledTimes(1);
    // Ctrl+Shift+Z redoes, and the browser's own redo of the text does not run as well.
    const redo = key({ key: 'Z', ctrlKey: true, shiftKey: true });
    text.dispatchEvent(redo);
    expect(run.mock.calls.at(-1)).toEqual(['redo']);
    expect(redo.defaultPrevented).toBe(true);

    rerender({ ...options, state: { ...editing, fullscreen: true } });
    document.body.dispatchEvent(key({ key: 'Escape' }));
    expect(run.mock.calls.at(-1)).toEqual(['fullscreen']);

    rerender({ ...options, enabled: false });
    text.dispatchEvent(key({ key: 'k', ctrlKey: true }));
    expect(run).toHaveBeenCalledTimes(3);
    unmount();
    frame.remove();
  });
});

describe('toolbar over the table', () => {
  it('runs the command of the clicked button and tells its shortcut', async () => {
    const run = vi.fn();
    const noop = () => undefined;
    const actions: ToolbarActions = {
      run,
      align: noop,
      color: noop,
      font: noop,
      spacing: noop,
      heading: noop,
    };
    const { rerender } = render(<EditorToolbar actions={actions} state={editing} />);
    await userEvent.click(screen.getByRole('button', { name: '插入表格' }));
    expect(run).toHaveBeenCalledWith('table');
    expect(screen.getByRole('button', { name: '超链接' }).getAttribute('aria-keyshortcuts')).toBe(
      'Control+K Meta+K',
    );
    expect(screen.getByRole('button', { name: '重做' }).getAttribute('aria-keyshortcuts')).toBe(
      'Control+Y Meta+Y Control+Shift+Z Meta+Shift+Z',
    );
    expect(
      screen.getByRole('button', { name: '全屏' }).getAttribute('aria-keyshortcuts'),
    ).toBeNull();

    rerender(<EditorToolbar actions={actions} state={{ fullscreen: true, source: true }} />);
    expect(screen.getByRole('button', { name: '退出全屏' }).getAttribute('aria-keyshortcuts')).toBe(
      'Escape',
    );
    expect(screen.getByRole('button', { name: '插入表格' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '返回编辑' })).toBeEnabled();
  });
});
