/**
 * The project's editor toolbar (spec section 2), in the spec's order. Every button has a Chinese
 * tooltip and accessible name (Editor.js has none of its own). Buttons keep the text selection
 * (mousedown does not take the focus); menus and palettes restore it before acting.
 */
import { useRef, type MouseEvent as ReactMouseEvent } from 'react';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { OverlayPanel } from 'primereact/overlaypanel';
import { editorChoices, editorToolbar as t } from '@/locale/editor';
import { editorUi } from '@/locale/editor-ui';
import type { TextAlignment } from './model/blocks';
import { FONT_SIZES, STANDARD_COLORS, THEME_COLORS } from './palette';
import { ALIGNMENTS, LINE_HEIGHT_CHOICES, SPACING_CHOICES } from './tools/tunes';

const ui = editorUi.toolbar;

export type ToolbarCommand =
  | 'fullscreen'
  | 'source'
  | 'undo'
  | 'redo'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'fontBorder'
  | 'orderedList'
  | 'unorderedList'
  | 'link'
  | 'unlink'
  | 'anchor'
  | 'attachment'
  | 'simpleUpload'
  | 'insertImage'
  | 'emoticon'
  | 'table'
  | 'code'
  | 'pageBreak'
  | 'video'
  | 'searchReplace'
  | 'specialChars'
  | 'preview'
  | 'template';

export interface ToolbarActions {
  run: (command: ToolbarCommand) => void;
  align: (alignment: TextAlignment) => void;
  color: (kind: 'color' | 'backgroundColor', value: string) => void;
  font: (kind: 'fontFamily' | 'fontSize', value: string) => void;
  spacing: (kind: 'marginTop' | 'marginBottom' | 'lineHeight', value: number | undefined) => void;
  heading: (level: number | undefined) => void;
}

export interface ToolbarState {
  fullscreen: boolean;
  source: boolean;
}

const keep = (event: ReactMouseEvent) => event.preventDefault();

/** Icons primeicons lacks, drawn as the usual letters (styled in CSS). */
const GLYPHS: Record<string, string> = {
  'glyph-bold': 'B',
  'glyph-italic': 'I',
  'glyph-underline': 'U',
  // The code block: 源代码 already shows pi-code's angle brackets.
  'glyph-code': '{ }',
};

function ToolButton({
  label,
  icon,
  onClick,
  pressed,
  disabled,
  popup,
  name,
}: {
  label: string;
  icon: string;
  onClick: (event: ReactMouseEvent<HTMLButtonElement>) => void;
  pressed?: boolean;
  disabled?: boolean;
  popup?: boolean;
  name: string;
}) {
  return (
    <button
      type="button"
      className={`re-toolbar__btn re-toolbar__btn--${name}${pressed ? ' is-active' : ''}`}
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      aria-haspopup={popup ? 'menu' : undefined}
      disabled={disabled}
      onMouseDown={keep}
      onClick={onClick}
    >
      {GLYPHS[icon] ? (
        <span className={`re-toolbar__glyph ${icon}`} aria-hidden="true">
          {GLYPHS[icon]}
        </span>
      ) : (
        <i className={`pi ${icon}`} aria-hidden="true" />
      )}
      {popup && <i className="pi pi-angle-down re-toolbar__caret" aria-hidden="true" />}
    </button>
  );
}

function MenuButton({
  label,
  icon,
  items,
  disabled,
  name,
}: {
  label: string;
  icon: string;
  items: MenuItem[];
  disabled?: boolean;
  name: string;
}) {
  const menu = useRef<Menu>(null);
  return (
    <>
      <ToolButton
        label={label}
        icon={icon}
        popup
        disabled={disabled}
        name={name}
        onClick={(e) => menu.current?.toggle(e)}
      />
      <Menu
        model={items}
        popup
        ref={menu}
        // The name goes on the role=menu list itself (the root div has no role).
        pt={{ menu: { 'aria-label': label } }}
        className="re-toolbar__menu"
      />
    </>
  );
}

function ColorButton({
  label,
  icon,
  onPick,
  disabled,
  name,
}: {
  label: string;
  icon: string;
  onPick: (color: string) => void;
  disabled?: boolean;
  name: string;
}) {
  const panel = useRef<OverlayPanel>(null);
  const pick = (color: string) => {
    panel.current?.hide();
    onPick(color);
  };
  return (
    <>
      <ToolButton
        label={label}
        icon={icon}
        popup
        disabled={disabled}
        name={name}
        onClick={(e) => panel.current?.toggle(e)}
      />
      <OverlayPanel ref={panel} className="re-palette" aria-label={label}>
        <button
          type="button"
          className="re-palette__clear"
          onMouseDown={keep}
          onClick={() => pick('')}
        >
          {ui.clearColor}
        </button>
        <div className="re-palette__grid" role="group" aria-label={label}>
          {[...THEME_COLORS, ...STANDARD_COLORS].map((color, i) => (
            <button
              // The theme rows repeat a grey; the index keeps keys unique.
              key={`${color}-${i}`}
              type="button"
              className="re-palette__swatch"
              style={{ background: color }}
              title={color}
              aria-label={color}
              onMouseDown={keep}
              onClick={() => pick(color)}
            />
          ))}
        </div>
      </OverlayPanel>
    </>
  );
}

export function EditorToolbar({
  actions,
  state,
}: {
  actions: ToolbarActions;
  state: ToolbarState;
}) {
  const off = state.source;
  const b = (command: ToolbarCommand, label: string, icon: string) => (
    <ToolButton
      name={command}
      label={label}
      icon={icon}
      disabled={off}
      onClick={() => actions.run(command)}
    />
  );
  const spacingItems = (kind: 'marginTop' | 'marginBottom'): MenuItem[] => [
    { label: editorChoices.defaultChoice, command: () => actions.spacing(kind, undefined) },
    ...SPACING_CHOICES.map((n) => ({
      label: editorChoices.rowSpacing(n),
      command: () => actions.spacing(kind, n),
    })),
  ];
  return (
    <div className="re-toolbar" role="toolbar" aria-label={ui.label}>
      <ToolButton
        name="fullscreen"
        label={state.fullscreen ? t.exitFullscreen : t.fullscreen}
        icon={state.fullscreen ? 'pi-window-minimize' : 'pi-window-maximize'}
        pressed={state.fullscreen}
        onClick={() => actions.run('fullscreen')}
      />
      <ToolButton
        name="source"
        label={state.source ? ui.exitSource : t.source}
        icon="pi-code"
        pressed={state.source}
        onClick={() => actions.run('source')}
      />
      <span className="re-toolbar__sep" aria-hidden="true" />
      {b('undo', t.undo, 'pi-undo')}
      {b('redo', t.redo, 'pi-refresh')}
      <span className="re-toolbar__sep" aria-hidden="true" />
      {b('bold', t.bold, 'glyph-bold')}
      {b('italic', t.italic, 'glyph-italic')}
      {b('underline', t.underline, 'glyph-underline')}
      {b('fontBorder', t.fontBorder, 'pi-stop')}
      <ColorButton
        name="foreColor"
        label={t.foreColor}
        icon="pi-palette"
        disabled={off}
        onPick={(c) => actions.color('color', c)}
      />
      <ColorButton
        name="backColor"
        label={t.backColor}
        icon="pi-sun"
        disabled={off}
        onPick={(c) => actions.color('backgroundColor', c)}
      />
      <span className="re-toolbar__sep" aria-hidden="true" />
      {b('orderedList', t.orderedList, 'pi-sort-numeric-down')}
      {b('unorderedList', t.unorderedList, 'pi-list')}
      <span className="re-toolbar__sep" aria-hidden="true" />
      <MenuButton
        name="spaceTop"
        label={t.rowSpacingTop}
        icon="pi-arrow-up"
        disabled={off}
        items={spacingItems('marginTop')}
      />
      <MenuButton
        name="spaceBottom"
        label={t.rowSpacingBottom}
        icon="pi-arrow-down"
        disabled={off}
        items={spacingItems('marginBottom')}
      />
      <MenuButton
        name="lineHeight"
        label={t.lineHeight}
        icon="pi-arrows-v"
        disabled={off}
        items={[
          {
            label: editorChoices.defaultChoice,
            command: () => actions.spacing('lineHeight', undefined),
          },
          ...LINE_HEIGHT_CHOICES.map((n) => ({
            label: editorChoices.lineHeight(n),
            command: () => actions.spacing('lineHeight', n),
          })),
        ]}
      />
      <MenuButton
        name="heading"
        label={ui.heading}
        icon="pi-hashtag"
        disabled={off}
        items={[
          { label: ui.paragraph, command: () => actions.heading(undefined) },
          ...[1, 2, 3, 4, 5, 6].map((n) => ({
            label: editorUi.headingLevel(n),
            command: () => actions.heading(n),
          })),
        ]}
      />
      <MenuButton
        name="fontFamily"
        label={t.fontFamily}
        icon="pi-language"
        disabled={off}
        items={editorChoices.fontFamilies.map((f) => ({
          label: f.label,
          style: { fontFamily: f.value },
          command: () => actions.font('fontFamily', f.value),
        }))}
      />
      <MenuButton
        name="fontSize"
        label={t.fontSize}
        icon="pi-sort-alpha-up"
        disabled={off}
        items={FONT_SIZES.map((n) => ({
          label: editorChoices.fontSize(n),
          command: () => actions.font('fontSize', `${n}px`),
        }))}
      />
      <span className="re-toolbar__sep" aria-hidden="true" />
      {ALIGNMENTS.map((a) => (
        <ToolButton
          key={a.value}
          name={`align-${a.value}`}
          label={a.label}
          icon={a.icon}
          disabled={off}
          onClick={() => actions.align(a.value)}
        />
      ))}
      <span className="re-toolbar__sep" aria-hidden="true" />
      {b('link', t.link, 'pi-link')}
      {b('unlink', t.unlink, 'pi-ban')}
      {b('anchor', t.anchor, 'pi-flag')}
      <span className="re-toolbar__sep" aria-hidden="true" />
      {b('attachment', t.attachment, 'pi-paperclip')}
      {b('simpleUpload', t.simpleUpload, 'pi-image')}
      {b('insertImage', t.insertImage, 'pi-images')}
      {b('emoticon', t.emoticon, 'pi-face-smile')}
      <span className="re-toolbar__sep" aria-hidden="true" />
      {b('table', t.insertTable, 'pi-table')}
      {b('code', t.code, 'glyph-code')}
      {b('pageBreak', t.pageBreak, 'pi-minus')}
      {b('video', t.video, 'pi-video')}
      {b('searchReplace', t.searchReplace, 'pi-search')}
      {b('specialChars', t.specialChars, 'pi-percentage')}
      {b('template', t.template, 'pi-clone')}
      {b('preview', t.preview, 'pi-eye')}
    </div>
  );
}
