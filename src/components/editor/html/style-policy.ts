/**
 * The style policy of rich text: the few CSS properties the editor keeps, each value matched by
 * a pattern (no url(), expression(), escapes or comments can pass), and reading and writing a
 * style attribute.
 */
import { EDITOR_LIMITS } from '../model/blocks';

const COLOR =
  /^(#[0-9a-f]{3,8}|rgba?\(\d{1,3}%?,\d{1,3}%?,\d{1,3}%?(,(0|1|0?\.\d+|\d{1,3}%))?\)|[a-z]{3,20})$/i;
const LENGTH = /^(0|-?\d+(\.\d+)?(px|pt|em|rem|%)|auto)$/i;
export const FONT_FAMILY = /^[\p{L}\p{N}\s,'"_-]{1,100}$/u;
const BORDER_STYLE = /^(none|solid|dashed|dotted|double)$/i;
const BORDER_WIDTH = /^(0|\d+(\.\d+)?px|thin|medium|thick)$/i;

/** `rgb(1, 2, 3)` → `rgb(1,2,3)`, so a colour is one token. */
function compactColor(value: string): string {
  return value.replace(
    /\(\s*([^)]*?)\s*\)/g,
    (_m, inner: string) => `(${inner.replace(/\s+/g, '')})`,
  );
}

export function color(value: string): string | undefined {
  const compact = compactColor(value);
  return COLOR.test(compact) ? compact.toLowerCase() : undefined;
}

/** px, or pt converted to px; kept within the editor's 12–72 px. */
export function fontSizePx(value: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(px|pt)$/i.exec(value.trim());
  if (!match) return undefined;
  const number = Number(match[1]);
  const px = match[2]?.toLowerCase() === 'pt' ? (number * 4) / 3 : number;
  return Math.min(EDITOR_LIMITS.fontSizeMax, Math.max(EDITOR_LIMITS.fontSizeMin, Math.round(px)));
}

function border(value: string): string | undefined {
  const tokens = compactColor(value).split(/\s+/).filter(Boolean);
  if (tokens.length === 0 || tokens.length > 3) return undefined;
  const ok = tokens.every((t) => BORDER_WIDTH.test(t) || BORDER_STYLE.test(t) || color(t));
  return ok ? tokens.join(' ').toLowerCase() : undefined;
}

const pattern =
  (re: RegExp) =>
  (value: string): string | undefined =>
    re.test(value) ? value.toLowerCase() : undefined;

/** The CSS properties the editor keeps, each with its value check. */
const STYLE_RULES: Record<string, (value: string) => string | undefined> = {
  color,
  'background-color': color,
  'font-family': (value) => (FONT_FAMILY.test(value) ? value : undefined),
  'font-size': (value) => {
    const px = fontSizePx(value);
    return px === undefined ? undefined : `${px}px`;
  },
  border,
  'font-weight': pattern(/^(bold|bolder|normal|[1-9]00)$/i),
  'font-style': pattern(/^(italic|normal|oblique)$/i),
  'text-decoration': pattern(/^(none|underline|line-through)( (underline|line-through))?$/i),
  'text-align': pattern(/^(left|center|right|justify)$/i),
  'margin-top': pattern(LENGTH),
  'margin-bottom': pattern(LENGTH),
  'margin-left': pattern(LENGTH),
  'margin-right': pattern(LENGTH),
  'line-height': pattern(/^(\d+(\.\d+)?(px|em|%)?|normal)$/i),
  float: pattern(/^(left|right|none)$/i),
  display: pattern(/^(block|inline|inline-block)$/i),
  width: pattern(LENGTH),
  height: pattern(LENGTH),
  'list-style-type': pattern(
    /^(disc|circle|square|decimal|lower-roman|upper-roman|lower-alpha|upper-alpha|lower-latin|upper-latin|none)$/i,
  ),
};

/** The properties inline content keeps on a span (the inline tools' own). */
export const INLINE_STYLE_PROPERTIES = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'border',
] as const;

/** A style attribute as ordered property → value pairs (unchecked). */
export function readStyle(style: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const declaration of (style ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 1) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!important/i, '')
      .trim();
    if (name && value) out.set(name, value);
  }
  return out;
}

export function writeStyle(style: Map<string, string>): string {
  return [...style].map(([name, value]) => `${name}: ${value}`).join('; ');
}

/** Only the allowed properties with checked values; `background: <colour>` becomes background-color. */
export function filterStyle(style: string | null | undefined, only?: readonly string[]): string {
  const out = new Map<string, string>();
  for (const [rawName, value] of readStyle(style)) {
    const name = rawName === 'background' ? 'background-color' : rawName;
    if (only && !only.includes(name)) continue;
    const rule = STYLE_RULES[name];
    const checked = rule?.(value);
    if (checked !== undefined) out.set(name, checked);
  }
  return writeStyle(out);
}
