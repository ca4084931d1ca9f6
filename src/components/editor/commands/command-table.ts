/**
 * The editor's commands, one row each: label, icon, when it is enabled (or pressed), its keyboard
 * shortcut and what it does. The toolbar renders the rows (./toolbar-layout.ts says where), the
 * keyboard shortcuts run them (../hooks/use-shortcuts.ts); neither knows what a command does.
 */
import { editorToolbar as t } from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import type { EditorContent } from '../content';
import { applyInlineStyle, execInline, linkAt } from '../dom-commands';
import type { EditorOps } from '../editor-ops';
import type { EditorDialogs } from '../hooks/use-editor-dialogs';
import { matchesShortcut, type KeyPlace, type Shortcut } from './shortcuts';

/** What the toolbar shows of the editor. */
export interface ToolbarState {
  fullscreen: boolean;
  /** The source view is open (the blocks are hidden: their commands are off). */
  source: boolean;
}

/** What decides whether a command runs. */
export interface CommandState extends ToolbarState {
  /** An editor dialog is open: keys are its own. */
  dialogOpen: boolean;
}

/** What commands act on. */
export interface CommandContext {
  ops: EditorOps;
  content: EditorContent;
  dialogs: Pick<EditorDialogs, 'show' | 'showLink' | 'showPreview'>;
  toggleFullscreen: () => void;
  toggleSource: () => void;
  /** 单图上传: the file picker, then the upload. */
  pickImage: () => void;
}

export interface EditorCommand {
  label: (state: ToolbarState) => string;
  icon: (state: ToolbarState) => string;
  /** Off while the source view is open unless said otherwise. */
  enabled?: (state: ToolbarState) => boolean;
  /** A toggle's state (aria-pressed). */
  pressed?: (state: ToolbarState) => boolean;
  /** The keys that run it (redo has two: Ctrl/⌘+Y and Ctrl/⌘+Shift+Z). */
  shortcuts?: readonly Shortcut[];
  /** The shortcuts count only while this holds (Escape only leaves fullscreen). */
  when?: (state: ToolbarState) => boolean;
  run: (context: CommandContext) => void;
}

const always = () => true;
const label = (text: string) => () => text;
const icon = (name: string) => () => name;

/** Bold, italic, underline: the browser's own commands on the kept selection. */
const inline = (command: 'bold' | 'italic' | 'underline', text: string, glyph: string) => ({
  label: label(text),
  icon: icon(glyph),
  run: ({ ops }: CommandContext) => ops.withRange(() => execInline(command)),
});

const plain = (text: string, name: string, run: (context: CommandContext) => void) => ({
  label: label(text),
  icon: icon(name),
  run,
});

export const COMMANDS = {
  fullscreen: {
    label: (s) => (s.fullscreen ? t.exitFullscreen : t.fullscreen),
    icon: (s) => (s.fullscreen ? 'pi-window-minimize' : 'pi-window-maximize'),
    enabled: always,
    pressed: (s) => s.fullscreen,
    shortcuts: [{ key: 'Escape', scope: 'page' }],
    when: (s) => s.fullscreen,
    run: (c) => c.toggleFullscreen(),
  },
  source: {
    label: (s) => (s.source ? editorUi.toolbar.exitSource : t.source),
    icon: icon('pi-code'),
    enabled: always,
    pressed: (s) => s.source,
    run: (c) => c.toggleSource(),
  },
  undo: {
    ...plain(t.undo, 'pi-undo', (c) => c.ops.undo()),
    shortcuts: [{ key: 'z', mod: true, scope: 'editor' }],
  },
  redo: {
    ...plain(t.redo, 'pi-refresh', (c) => c.ops.redo()),
    // Ctrl+Y as on Windows, Ctrl/⌘+Shift+Z as in most editors and on macOS.
    shortcuts: [
      { key: 'y', mod: true, scope: 'editor' },
      { key: 'z', mod: true, shift: true, scope: 'editor' },
    ],
  },
  bold: inline('bold', t.bold, 'glyph-bold'),
  italic: inline('italic', t.italic, 'glyph-italic'),
  underline: inline('underline', t.underline, 'glyph-underline'),
  fontBorder: plain(t.fontBorder, 'pi-stop', (c) =>
    c.ops.withRange((range) => applyInlineStyle(range, 'border', '1px solid #000000')),
  ),
  orderedList: plain(t.orderedList, 'pi-sort-numeric-down', (c) => {
    void c.ops.convertCurrent('list', { style: 'ordered' });
  }),
  unorderedList: plain(t.unorderedList, 'pi-list', (c) => {
    void c.ops.convertCurrent('list', { style: 'unordered' });
  }),
  link: {
    label: label(t.link),
    icon: icon('pi-link'),
    // Editor.js's own link tool had it; the project's link tool replaces that one.
    shortcuts: [{ key: 'k', mod: true, scope: 'editor' }],
    run: (c) => c.dialogs.showLink(),
  },
  unlink: {
    label: label(t.unlink),
    icon: icon('pi-ban'),
    run: (c) =>
      c.ops.withRange((range) => {
        const anchor = linkAt(range.startContainer);
        if (anchor && range.collapsed) range.selectNodeContents(anchor);
        const selection = document.getSelection();
        selection?.removeAllRanges();
        selection?.addRange(range);
        execInline('unlink');
      }),
  },
  anchor: plain(t.anchor, 'pi-flag', (c) => c.dialogs.show('anchor')),
  attachment: plain(t.attachment, 'pi-paperclip', (c) => c.dialogs.show('libraryFile')),
  simpleUpload: plain(t.simpleUpload, 'pi-image', (c) => c.pickImage()),
  insertImage: plain(t.insertImage, 'pi-images', (c) => c.dialogs.show('libraryImage')),
  emoticon: plain(t.emoticon, 'pi-face-smile', (c) => c.dialogs.show('emoticon')),
  table: plain(t.insertTable, 'pi-table', (c) => c.dialogs.show('table')),
  code: plain(t.code, 'glyph-code', (c) => {
    void c.ops.insertBlocks([{ type: 'code', data: { code: '', language: 'plaintext' } }]);
  }),
  pageBreak: plain(t.pageBreak, 'pi-minus', (c) => {
    void c.ops.insertBlocks([{ type: 'pagebreak', data: {} }]);
  }),
  video: plain(t.video, 'pi-video', (c) => c.dialogs.show('video')),
  searchReplace: plain(t.searchReplace, 'pi-search', (c) => c.dialogs.show('search')),
  specialChars: plain(t.specialChars, 'pi-percentage', (c) => c.dialogs.show('specialChars')),
  template: plain(t.template, 'pi-clone', (c) => c.dialogs.show('template')),
  preview: plain(t.preview, 'pi-eye', (c) => {
    void c.content.emitNow().then((html) => c.dialogs.showPreview(html ?? c.content.html));
  }),
} satisfies Record<string, EditorCommand>;

export type CommandId = keyof typeof COMMANDS;

/** Whether the command can run now (off while the source view is open unless said otherwise). */
export function isEnabled(command: EditorCommand, state: ToolbarState): boolean {
  return command.enabled ? command.enabled(state) : !state.source;
}

function isCommandId(id: string): id is CommandId {
  return id in COMMANDS;
}

/** The shortcuts a command has now (none while its `when` does not hold). */
export function activeShortcuts(command: EditorCommand, state: ToolbarState): readonly Shortcut[] {
  return command.shortcuts && (command.when?.(state) ?? true) ? command.shortcuts : [];
}

/**
 * The command a key press runs, if any: none while an editor dialog has the keys, nor for a
 * command that is off.
 */
export function commandForKey(
  event: KeyboardEvent,
  state: CommandState,
  place: KeyPlace,
): CommandId | undefined {
  if (state.dialogOpen) return undefined;
  return Object.keys(COMMANDS)
    .filter(isCommandId)
    .find((id) => {
      const command: EditorCommand = COMMANDS[id];
      return (
        activeShortcuts(command, state).some((shortcut) =>
          matchesShortcut(shortcut, event, place),
        ) && isEnabled(command, state)
      );
    });
}

/** Runs a command when it is enabled. */
export function runCommand(id: CommandId, state: CommandState, context: CommandContext): void {
  const command: EditorCommand = COMMANDS[id];
  if (isEnabled(command, state)) command.run(context);
}
