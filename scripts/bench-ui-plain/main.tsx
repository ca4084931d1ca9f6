/**
 * The reference of `npm run bench:ui`, built by it with the same Vite beside the app and never
 * part of the app: plain React (no component library) drawing a table the bench copied from the
 * app's screen — the same rows, cells, classes, attributes and style sheets — so a list's time
 * to draw its rows can be read against what React alone needs for the same DOM.
 */
import { createElement, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

import type { CopiedElement, CopiedTable } from './copied-table';

/** HTML attribute names React spells differently. */
const REACT_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  readonly: 'readOnly',
  checked: 'defaultChecked',
  value: 'defaultValue',
  autocomplete: 'autoComplete',
  maxlength: 'maxLength',
};

const camel = (name: string) =>
  name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

function styleObject(text: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const declaration of text.split(';')) {
    const at = declaration.indexOf(':');
    if (at > 0) style[camel(declaration.slice(0, at).trim())] = declaration.slice(at + 1).trim();
  }
  return style;
}

function propsOf(attributes: Record<string, string>, key: number): Record<string, unknown> {
  const props: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(attributes)) {
    const reactName = REACT_NAMES[name] ?? name;
    if (name === 'style') props.style = styleObject(value);
    else if (name === 'disabled' || name === 'checked') props[reactName] = true;
    else props[reactName] = value;
  }
  return props;
}

function draw(
  node: CopiedElement | string,
  key: number,
  rows?: (row: number) => boolean,
): ReactNode {
  if (typeof node === 'string') return node;
  const children =
    node.tag === 'tbody' && rows
      ? // Keyed by their place among all rows: the added ones are inserted, as in the app.
        node.children.map((child, index) => (rows(index) ? draw(child, index) : null))
      : node.children.map((child, index) => draw(child, index, rows));
  return createElement(
    node.tag,
    propsOf(node.attributes, key),
    ...(children.length ? [children] : []),
  );
}

function Reference({ copied, shown }: { copied: CopiedTable; shown: boolean }) {
  const [all, setAll] = useState(shown);
  const added = new Set(copied.added);
  return (
    <>
      <button type="button" id="show-all" onClick={() => setAll(true)}>
        显示全部
      </button>
      {draw(copied.table, 0, (row) => all || !added.has(row))}
    </>
  );
}

window.benchTable = async (copied) => {
  const loaded = copied.links.map((href) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
    return new Promise((resolve) => link.addEventListener('load', resolve));
  });
  for (const text of copied.styles) {
    const style = document.createElement('style');
    style.textContent = text;
    document.head.append(style);
  }
  await Promise.all(loaded);
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  // Drawn whole once first, so the fonts and glyphs the rows use are loaded and shaped before
  // the timed click (the app's page has drawn them long before): the reference is React alone.
  const root = createRoot(document.getElementById('root')!);
  root.render(<Reference key="warm" copied={copied} shown />);
  await frame();
  await frame();
  root.render(<Reference key="timed" copied={copied} shown={false} />);
  await frame();
  await frame();
};
