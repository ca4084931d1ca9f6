/**
 * The project's editor toolbar (spec section 2), in the spec's order: the command table's
 * buttons (./commands/command-table.ts) and the menus and palettes that take a value (spacing,
 * line height, heading, font, size, colours, alignment). Editor.js has no toolbar names of its
 * own; every button here has one (./toolbar-buttons.tsx).
 */
import { Fragment } from 'react';
import type { MenuItem } from 'primereact/menuitem';
import { editorChoices, editorToolbar as t } from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import {
  COMMANDS,
  activeShortcuts,
  isEnabled,
  type CommandId,
  type EditorCommand,
  type ToolbarState,
} from './commands/command-table';
import { ariaKeyShortcuts } from './commands/shortcuts';
import type { SpacingKind } from './editor-ops';
import type { TextAlignment } from './model/blocks';
import { FONT_SIZES } from './palette';
import { ColorButton, MenuButton, ToolButton } from './toolbar-buttons';
import { ALIGNMENTS, LINE_HEIGHT_CHOICES, SPACING_CHOICES } from './tools/tunes';

export type { ToolbarState } from './commands/command-table';
export type ToolbarCommand = CommandId;

/** What the toolbar asks of the editor: a command by id, or a value for a menu or palette. */
export interface ToolbarActions {
  run: (command: CommandId) => void;
  align: (alignment: TextAlignment) => void;
  color: (kind: 'color' | 'backgroundColor', value: string) => void;
  font: (kind: 'fontFamily' | 'fontSize', value: string) => void;
  spacing: (kind: SpacingKind, value: number | undefined) => void;
  heading: (level: number | undefined) => void;
}

interface MenuSlot {
  kind: 'menu';
  name: string;
  label: string;
  icon: string;
  items: (actions: ToolbarActions) => MenuItem[];
}
interface PaletteSlot {
  kind: 'palette';
  name: string;
  label: string;
  icon: string;
  style: 'color' | 'backgroundColor';
}
type Slot = CommandId | '|' | 'alignments' | MenuSlot | PaletteSlot;

const spacingMenu = (name: string, label: string, icon: string, kind: SpacingKind): MenuSlot => ({
  kind: 'menu',
  name,
  label,
  icon,
  items: (actions) => [
    { label: editorChoices.defaultChoice, command: () => actions.spacing(kind, undefined) },
    ...(kind === 'lineHeight' ? LINE_HEIGHT_CHOICES : SPACING_CHOICES).map((n) => ({
      label: kind === 'lineHeight' ? editorChoices.lineHeight(n) : editorChoices.rowSpacing(n),
      command: () => actions.spacing(kind, n),
    })),
  ],
});

/** The toolbar, left to right; '|' is a separator. */
const LAYOUT: readonly Slot[] = [
  'fullscreen',
  'source',
  '|',
  'undo',
  'redo',
  '|',
  'bold',
  'italic',
  'underline',
  'fontBorder',
  { kind: 'palette', name: 'foreColor', label: t.foreColor, icon: 'pi-palette', style: 'color' },
  {
    kind: 'palette',
    name: 'backColor',
    label: t.backColor,
    icon: 'pi-sun',
    style: 'backgroundColor',
  },
  '|',
  'orderedList',
  'unorderedList',
  '|',
  spacingMenu('spaceTop', t.rowSpacingTop, 'pi-arrow-up', 'marginTop'),
  spacingMenu('spaceBottom', t.rowSpacingBottom, 'pi-arrow-down', 'marginBottom'),
  spacingMenu('lineHeight', t.lineHeight, 'pi-arrows-v', 'lineHeight'),
  {
    kind: 'menu',
    name: 'heading',
    label: editorUi.toolbar.heading,
    icon: 'pi-hashtag',
    items: (actions) => [
      { label: editorUi.toolbar.paragraph, command: () => actions.heading(undefined) },
      ...[1, 2, 3, 4, 5, 6].map((n) => ({
        label: editorUi.headingLevel(n),
        command: () => actions.heading(n),
      })),
    ],
  },
  {
    kind: 'menu',
    name: 'fontFamily',
    label: t.fontFamily,
    icon: 'pi-language',
    items: (actions) =>
      editorChoices.fontFamilies.map((f) => ({
        label: f.label,
        style: { fontFamily: f.value },
        command: () => actions.font('fontFamily', f.value),
      })),
  },
  {
    kind: 'menu',
    name: 'fontSize',
    label: t.fontSize,
    icon: 'pi-sort-alpha-up',
    items: (actions) =>
      FONT_SIZES.map((n) => ({
        label: editorChoices.fontSize(n),
        command: () => actions.font('fontSize', `${n}px`),
      })),
  },
  '|',
  'alignments',
  '|',
  'link',
  'unlink',
  'anchor',
  '|',
  'attachment',
  'simpleUpload',
  'insertImage',
  'emoticon',
  '|',
  'table',
  'code',
  'pageBreak',
  'video',
  'searchReplace',
  'specialChars',
  'template',
  'preview',
];

export function EditorToolbar({
  actions,
  state,
}: {
  actions: ToolbarActions;
  state: ToolbarState;
}) {
  // Only the table's own commands work in the source view: every value menu is off there.
  const off = state.source;
  const slot = (item: Slot) => {
    if (item === '|') return <span className="re-toolbar__sep" aria-hidden="true" />;
    if (item === 'alignments')
      return ALIGNMENTS.map((a) => (
        <ToolButton
          key={a.value}
          name={`align-${a.value}`}
          label={a.label}
          icon={a.icon}
          disabled={off}
          onClick={() => actions.align(a.value)}
        />
      ));
    if (typeof item === 'string') {
      const command: EditorCommand = COMMANDS[item];
      return (
        <ToolButton
          name={item}
          label={command.label(state)}
          icon={command.icon(state)}
          pressed={command.pressed?.(state)}
          disabled={!isEnabled(command, state)}
          keys={ariaKeyShortcuts(activeShortcuts(command, state))}
          onClick={() => actions.run(item)}
        />
      );
    }
    const look = { name: item.name, label: item.label, icon: item.icon, disabled: off };
    if (item.kind === 'palette')
      return <ColorButton {...look} onPick={(c) => actions.color(item.style, c)} />;
    return <MenuButton {...look} items={item.items(actions)} />;
  };
  return (
    <div className="re-toolbar" role="toolbar" aria-label={editorUi.toolbar.label}>
      {LAYOUT.map((item, index) => (
        // The layout is fixed: its places are stable keys.
        <Fragment key={index}>{slot(item)}</Fragment>
      ))}
    </div>
  );
}
