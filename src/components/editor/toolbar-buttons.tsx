/**
 * The toolbar's three kinds of button: a plain one, one that opens a menu, one that opens a
 * colour palette. Every one has a Chinese tooltip and accessible name, and keeps the text
 * selection (mousedown does not take the focus); menus and palettes restore it before acting.
 */
import { useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { OverlayPanel } from 'primereact/overlaypanel';
import { editorUi } from '@/locale/editor-ui';
import { STANDARD_COLORS, THEME_COLORS } from './palette';

const keep = (event: ReactMouseEvent) => event.preventDefault();

/** Icons primeicons lacks, drawn as the usual letters (styled in CSS). */
const GLYPHS: Record<string, string> = {
  'glyph-bold': 'B',
  'glyph-italic': 'I',
  'glyph-underline': 'U',
  // The code block: 源代码 already shows pi-code's angle brackets.
  'glyph-code': '{ }',
};

export interface ButtonLook {
  /** The class suffix (re-toolbar__btn--<name>). */
  name: string;
  label: string;
  icon: string;
  disabled?: boolean;
}

export function ToolButton({
  name,
  label,
  icon,
  disabled,
  onClick,
  pressed,
  popup,
  keys,
  onIntent,
}: ButtonLook & {
  onClick: (event: ReactMouseEvent<HTMLButtonElement>) => void;
  pressed?: boolean;
  popup?: boolean;
  /** aria-keyshortcuts */
  keys?: string;
  /** The pointer or the focus came to the button: a click may follow. */
  onIntent?: () => void;
}) {
  return (
    <button
      type="button"
      className={`re-toolbar__btn re-toolbar__btn--${name}${pressed ? ' is-active' : ''}`}
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      aria-haspopup={popup ? 'menu' : undefined}
      aria-keyshortcuts={keys}
      disabled={disabled}
      onMouseDown={keep}
      onClick={onClick}
      onPointerEnter={onIntent}
      onFocus={onIntent}
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

/** A menu's model before its items are wanted (a constant: no new array per render). */
const NO_ITEMS: MenuItem[] = [];

/**
 * A button with a popup menu. PrimeReact's Menu builds every item on each render, shown or not,
 * and the toolbar's menus made opening a form with the editor ~40 ms slower (160 ms on a slow
 * phone-class CPU): the items are given once the pointer or the focus comes to the button, or
 * with the click itself — in the same render that shows the menu, so it is placed at its full
 * size. (Mounting the whole Menu late instead left a first click's menu unplaced: PrimeReact's
 * portal mounts its content a render after itself.)
 */
export function MenuButton({ items, ...look }: ButtonLook & { items: MenuItem[] }) {
  const menu = useRef<Menu>(null);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <ToolButton
        {...look}
        popup
        onIntent={() => setWanted(true)}
        onClick={(event) => {
          setWanted(true);
          menu.current?.toggle(event);
        }}
      />
      <Menu
        model={wanted ? items : NO_ITEMS}
        popup
        ref={menu}
        // The name goes on the role=menu list itself (the root div has no role).
        pt={{ menu: { 'aria-label': look.label } }}
        className="re-toolbar__menu"
      />
    </>
  );
}

export function ColorButton({ onPick, ...look }: ButtonLook & { onPick: (color: string) => void }) {
  const panel = useRef<OverlayPanel>(null);
  const pick = (color: string) => {
    panel.current?.hide();
    onPick(color);
  };
  return (
    <>
      <ToolButton {...look} popup onClick={(e) => panel.current?.toggle(e)} />
      <OverlayPanel ref={panel} className="re-palette" aria-label={look.label}>
        <button
          type="button"
          className="re-palette__clear"
          onMouseDown={keep}
          onClick={() => pick('')}
        >
          {editorUi.toolbar.clearColor}
        </button>
        <div className="re-palette__grid" role="group" aria-label={look.label}>
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
