/**
 * The editor's sanitiser (DOMPurify with the editor's allow-lists), one for every place rich
 * text enters or leaves: the parser's input (load, paste, source view), the serializer's inline
 * content, and display (RichText). Beyond DOMPurify's defaults it
 * - keeps only a small set of CSS properties, each value matched by a pattern (no url(),
 *   expression(), escapes or comments can pass);
 * - accepts links only with http(s)/mailto/tel/ftp or a relative address, and drops srcdoc,
 *   event handlers, svg and math;
 * - loads nothing from another site when rich text is shown (a remote image in every
 *   administrator's browser is a tracking pixel): an image is kept only when its address is the
 *   site's own (relative, or this origin), a data:image/(png|jpeg|gif|webp|bmp) URI, or a blob:
 *   of this origin (the editor's own previews). Any other image becomes a plain link showing its
 *   address — the reader sees that an image was there and can open it on purpose; nothing is
 *   fetched (the editor captures remote images to the own server before they get here, see
 *   ../remote-images.ts). A video from another site keeps its player but loads nothing until
 *   played (preload="none", no poster from another site); srcset, background attributes and
 *   CSS url() never pass (no allowed attribute or style value takes them);
 * - keeps iframes only for the allowed video players (./video) and sandboxes them;
 * - merges nested spans and drops empty ones (inline tools nest them on every change).
 * Two levels: `sanitizeEditorHtml` (a whole document) and `sanitizeInlineHtml` (the inline HTML
 * of one block: text, list items, cells, captions).
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { EDITOR_LIMITS } from '../model/blocks';
import { videoEmbed } from './video';

// ---------------------------------------------------------------------------------------
// URLs
// ---------------------------------------------------------------------------------------

export type UrlKind = 'link' | 'image' | 'media';

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp);base64,[a-z0-9+/=]*$/i;

/** The address without the characters browsers ignore in it (before reading its scheme). */
function compactUrl(value: string): string {
  // eslint-disable-next-line no-control-regex -- the characters browsers ignore in a scheme
  return value.trim().replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
}

/** This page's address, which relative addresses resolve against (none outside a browser). */
function pageBase(): string {
  return typeof location === 'undefined' ? 'https://page.invalid/' : location.href;
}

/**
 * The address when it names the site's own file — relative (`/storage/mock/1`, `a.png`) or
 * absolute on this origin —, a data:image URI, or a blob: made by this page; otherwise
 * undefined. Resolved as the browser would (`//host`, `/\host` and `/<tab>/host` are
 * another site), so what passes is what loads from here.
 */
export function ownImageUrl(value: string): string | undefined {
  const compact = compactUrl(value);
  return DATA_IMAGE.test(compact) ? compact : ownUrl(value);
}

/** The address when it loads from this origin (relative, absolute here, or a blob: of here). */
function ownUrl(value: string): string | undefined {
  const trimmed = value.trim();
  const compact = compactUrl(value);
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  if (scheme === 'blob') {
    // blob:https://origin/uuid — only this page's own object URLs.
    try {
      return new URL(compact.slice('blob:'.length)).origin === new URL(pageBase()).origin
        ? compact
        : undefined;
    } catch {
      return undefined;
    }
  }
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return undefined;
  try {
    const base = new URL(pageBase());
    return new URL(trimmed, base).origin === base.origin ? trimmed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The address when it is safe for the kind of attribute, otherwise undefined. Control
 * characters and whitespace are removed before the scheme is read, as browsers do
 * (`  JaVa\tScRiPt:` is javascript:); entities are already decoded by the DOM. An image must
 * be the site's own (`ownImageUrl`): the serializer writes no image from another site.
 */
export function safeUrl(value: string, kind: UrlKind): string | undefined {
  if (kind === 'image') return ownImageUrl(value);
  const trimmed = value.trim();
  const compact = compactUrl(value);
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return trimmed;
  if (scheme === 'http' || scheme === 'https') return trimmed;
  if (kind === 'link' && (scheme === 'mailto' || scheme === 'tel' || scheme === 'ftp'))
    return trimmed;
  return undefined;
}

/**
 * An image address the sanitiser lets through DOMPurify: the site's own, or an http(s)
 * address of another site, which the clean-up pass then turns into a link (`settleRemote`).
 */
function imageSourceUrl(value: string): string | undefined {
  return ownImageUrl(value) ?? safeUrl(value, 'media');
}

// ---------------------------------------------------------------------------------------
// Styles
// ---------------------------------------------------------------------------------------

const COLOR =
  /^(#[0-9a-f]{3,8}|rgba?\(\d{1,3}%?,\d{1,3}%?,\d{1,3}%?(,(0|1|0?\.\d+|\d{1,3}%))?\)|[a-z]{3,20})$/i;
const LENGTH = /^(0|-?\d+(\.\d+)?(px|pt|em|rem|%)|auto)$/i;
const FONT_FAMILY = /^[\p{L}\p{N}\s,'"_-]{1,100}$/u;
const BORDER_STYLE = /^(none|solid|dashed|dotted|double)$/i;
const BORDER_WIDTH = /^(0|\d+(\.\d+)?px|thin|medium|thick)$/i;

/** `rgb(1, 2, 3)` → `rgb(1,2,3)`, so a colour is one token. */
function compactColor(value: string): string {
  return value.replace(
    /\(\s*([^)]*?)\s*\)/g,
    (_m, inner: string) => `(${inner.replace(/\s+/g, '')})`,
  );
}

function color(value: string): string | undefined {
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

// ---------------------------------------------------------------------------------------
// DOMPurify instances
// ---------------------------------------------------------------------------------------

const INLINE_TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'a',
  'br',
  'span',
  'sup',
  'sub',
  'img',
  'font',
  'mark',
];
const BLOCK_TAGS = [
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
  'figure',
  'figcaption',
  'pre',
  'code',
  'hr',
  'blockquote',
  'video',
  'source',
  'iframe',
  'embed',
  'section',
  'article',
  'center',
];
const ATTRIBUTES = [
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'colspan',
  'rowspan',
  'start',
  'type',
  'id',
  'name',
  'target',
  'rel',
  'class',
  'style',
  'align',
  'controls',
  'frameborder',
  'allowfullscreen',
  'color',
  'face',
  'size',
  'poster',
  'preload',
];

const BASE: Config = {
  ALLOWED_ATTR: ATTRIBUTES,
  ALLOW_DATA_ATTR: true,
  FORBID_ATTR: ['srcdoc', 'formaction', 'xlink:href', 'action'],
  // Our own scheme check (safeUrl) runs in the hook; this keeps DOMPurify's in agreement.
  ALLOWED_URI_REGEXP:
    /^(?:(?:https?|mailto|tel|ftp|blob):|data:image\/(?:png|jpe?g|gif|webp|bmp);base64,|[^a-z]|[a-z+.-]+(?:[^a-z+.:-]|$))/i,
  ADD_DATA_URI_TAGS: ['img'],
  KEEP_CONTENT: true,
};

/** Classes the editor writes or reads (page break, emoticon, marker, code languages). */
const SAFE_CLASS = /^(pagebreak|emoticon|cdx-marker|(language|lang)-[\w+#-]+|brush:[\w+#;:-]+)$/;

const URL_ATTRIBUTES: Record<string, UrlKind> = { href: 'link', src: 'media', poster: 'image' };

function hooked(purifier: Purifier, inline: boolean): Purifier {
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName;
    if (name.startsWith('on')) {
      data.keepAttr = false;
      return;
    }
    if (name === 'style') {
      const style = filterStyle(data.attrValue);
      if (style) data.attrValue = style;
      else data.keepAttr = false;
      return;
    }
    if (name === 'class') {
      // Only the editor's own classes: the page's (PrimeReact, layout) could restyle the app.
      const kept = data.attrValue
        .split(/\s+/)
        .filter((token) => SAFE_CLASS.test(token))
        .join(' ');
      if (kept) data.attrValue = kept;
      else data.keepAttr = false;
      return;
    }
    const kind = URL_ATTRIBUTES[name];
    if (kind) {
      const tag = node.nodeName.toLowerCase();
      const safe =
        kind === 'image' || tag === 'img'
          ? imageSourceUrl(data.attrValue)
          : safeUrl(data.attrValue, kind);
      if (safe === undefined) data.keepAttr = false;
      else data.attrValue = safe;
    }
    if (name === 'target' && data.attrValue !== '_blank') data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.nodeName.toLowerCase();
    if (tag === 'a' && node.getAttribute('target') === '_blank')
      node.setAttribute('rel', 'noopener noreferrer');
    if (tag === 'iframe' || tag === 'embed') {
      const src = node.getAttribute('src') ?? '';
      if (videoEmbed(src)?.kind !== 'iframe' && !(tag === 'embed' && videoEmbed(src))) {
        node.removeAttribute('src');
        node.setAttribute('data-removed', 'true');
      }
    }
    if (inline && tag === 'img' && !isEmoticon(node)) node.setAttribute('data-removed', 'true');
  });
  return purifier;
}

/** An emoticon image: the only image inline content keeps. */
export function isEmoticon(node: Element): boolean {
  return (
    node.classList.contains('emoticon') ||
    node.hasAttribute('data-emoticon') ||
    // UEditor's emoticons carry no class: they are known by where they live.
    /img\.baidu\.com\/hi\/|\/dialogs\/emotion\//.test(node.getAttribute('src') ?? '')
  );
}

let documentPurifier: Purifier | undefined;
let inlinePurifier: Purifier | undefined;

function configured(inline: boolean): Purifier {
  const instance = hooked(DOMPurify(window), inline);
  // One fixed configuration per instance: set once, not parsed again on every call.
  instance.setConfig({
    ...BASE,
    ALLOWED_TAGS: inline ? INLINE_TAGS : [...INLINE_TAGS, ...BLOCK_TAGS],
  });
  return instance;
}

function purifier(inline: boolean): Purifier {
  // Created on first use: DOMPurify needs a window (the browser, or jsdom in tests).
  if (inline) return (inlinePurifier ??= configured(true));
  return (documentPurifier ??= configured(false));
}

/**
 * DOMPurify's string output parsed into a fresh inert document for the clean-up passes. (Its
 * RETURN_DOM hands back nodes adopted into the page's document; walking those got slower with
 * every call in jsdom.)
 */
function purifiedBody(html: string, inline: boolean): HTMLElement {
  const clean = purifier(inline).sanitize(html);
  return new DOMParser().parseFromString(`<!doctype html><body>${clean}`, 'text/html').body;
}

// ---------------------------------------------------------------------------------------
// After DOMPurify: structure clean-up on nodes that are already safe
// ---------------------------------------------------------------------------------------

function unwrap(element: Element): void {
  const parent = element.parentNode;
  if (!parent) return;
  while (element.firstChild) parent.insertBefore(element.firstChild, element);
  parent.removeChild(element);
}

function rename(element: Element, tag: string): Element {
  const next = element.ownerDocument.createElement(tag);
  for (const attribute of Array.from(element.attributes))
    next.setAttribute(attribute.name, attribute.value);
  while (element.firstChild) next.appendChild(element.firstChild);
  element.replaceWith(next);
  return next;
}

/** <font size> 1–7 in px. */
const FONT_SIZES = [10, 13, 16, 18, 24, 32, 48];

function fontToSpan(font: Element): void {
  const style = readStyle(font.getAttribute('style'));
  const colour = font.getAttribute('color');
  const face = font.getAttribute('face');
  const size = Number(font.getAttribute('size'));
  if (colour && color(colour)) style.set('color', color(colour) ?? '');
  if (face && FONT_FAMILY.test(face)) style.set('font-family', face);
  if (size >= 1 && size <= 7)
    style.set('font-size', `${fontSizePx(`${FONT_SIZES[size - 1]}px`)}px`);
  const span = rename(font, 'span');
  for (const attribute of ['color', 'face', 'size']) span.removeAttribute(attribute);
  const written = filterStyle(writeStyle(style));
  if (written) span.setAttribute('style', written);
  else span.removeAttribute('style');
}

function meaningfulChildren(element: Element): ChildNode[] {
  return Array.from(element.childNodes).filter(
    (child) => !(child.nodeType === 3 && child.textContent === ''),
  );
}

/** Merges a span whose only child is a span into one (inner properties win); drops bare spans. */
function mergeSpans(root: Element): void {
  // Innermost first, so a chain of three collapses in one pass.
  const spans = Array.from(root.querySelectorAll('span')).reverse();
  for (const span of spans) {
    if (!root.contains(span)) continue;
    const children = meaningfulChildren(span);
    const only = children.length === 1 ? children[0] : undefined;
    if (only instanceof Element && only.tagName === 'SPAN' && onlyStyle(only) && onlyStyle(span)) {
      const merged = readStyle(span.getAttribute('style'));
      for (const [name, value] of readStyle(only.getAttribute('style'))) {
        merged.delete(name);
        merged.set(name, value);
      }
      const style = writeStyle(merged);
      if (style) span.setAttribute('style', style);
      unwrap(only);
    }
    if (span.attributes.length === 0 || (onlyStyle(span) && !span.getAttribute('style')))
      unwrap(span);
  }
}

function onlyStyle(element: Element): boolean {
  return Array.from(element.attributes).every((attribute) => attribute.name === 'style');
}

/**
 * Nothing loads from another site (see the header): a remote image becomes a link showing its
 * address (`target=_blank`, no referrer); a poster from elsewhere goes; a video from elsewhere
 * keeps its player and loads nothing until played. Runs on the purified, inert document.
 */
function settleRemote(root: Element): void {
  for (const img of Array.from(root.querySelectorAll('img[src]'))) {
    const src = img.getAttribute('src') ?? '';
    if (ownImageUrl(src) !== undefined) continue;
    const href = safeUrl(src, 'media');
    if (href === undefined) {
      img.remove();
      continue;
    }
    const link = img.ownerDocument.createElement('a');
    link.setAttribute('href', href);
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
    link.textContent = href;
    img.replaceWith(link);
  }
  for (const element of Array.from(root.querySelectorAll('[poster]')))
    if (ownImageUrl(element.getAttribute('poster') ?? '') === undefined)
      element.removeAttribute('poster');
  for (const video of Array.from(root.querySelectorAll('video'))) {
    const sources = [video, ...Array.from(video.querySelectorAll('source'))]
      .map((element) => element.getAttribute('src'))
      .filter((src) => src !== null);
    if (sources.some((src) => ownUrl(src) === undefined)) video.setAttribute('preload', 'none');
  }
}

/** Embeds become a <video> (own files) or a sandboxed <iframe> (allowed players). */
function fixMedia(root: Element): void {
  for (const element of Array.from(root.querySelectorAll('[data-removed]'))) element.remove();
  // An image whose address was refused (file:, javascript:) shows nothing: it goes.
  for (const img of Array.from(root.querySelectorAll('img:not([src])'))) img.remove();
  for (const embed of Array.from(root.querySelectorAll('embed'))) {
    const target = videoEmbed(embed.getAttribute('src') ?? '');
    if (!target) {
      embed.remove();
      continue;
    }
    const media = embed.ownerDocument.createElement(target.kind === 'iframe' ? 'iframe' : 'video');
    media.setAttribute('src', target.src);
    media.setAttribute('width', embed.getAttribute('width') ?? String(EDITOR_LIMITS.video.width));
    media.setAttribute(
      'height',
      embed.getAttribute('height') ?? String(EDITOR_LIMITS.video.height),
    );
    embed.replaceWith(media);
  }
  for (const iframe of Array.from(root.querySelectorAll('iframe'))) {
    iframe.setAttribute('sandbox', IFRAME_SANDBOX);
    iframe.setAttribute('allowfullscreen', 'true');
    iframe.setAttribute('frameborder', '0');
  }
  for (const video of Array.from(root.querySelectorAll('video')))
    video.setAttribute('controls', 'controls');
}

/** What an embedded player may do: run its own scripts, go fullscreen; never navigate the page. */
export const IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-presentation';

const INLINE_RENAMES: Record<string, string> = { STRONG: 'b', EM: 'i', STRIKE: 's', DEL: 's' };

/**
 * Inline content in the editor's one form: strong→b, em→i, strike/del→s, <font>→span,
 * bold/italic/underline/strike spans → b/i/u/s, spans keep only the inline tools' properties.
 */
function normalizeInline(root: HTMLElement): void {
  for (const element of Array.from(root.querySelectorAll('strong, em, strike, del'))) {
    rename(element, INLINE_RENAMES[element.tagName] ?? 'span');
  }
  for (const span of Array.from(root.querySelectorAll('span'))) {
    const style = readStyle(span.getAttribute('style'));
    const wraps: string[] = [];
    if (/^(bold|bolder|[6-9]00)$/i.test(style.get('font-weight') ?? '')) wraps.push('b');
    if (/^(italic|oblique)$/i.test(style.get('font-style') ?? '')) wraps.push('i');
    const decoration = style.get('text-decoration') ?? '';
    if (decoration.includes('underline')) wraps.push('u');
    if (decoration.includes('line-through')) wraps.push('s');
    // The first tag ends up outermost: <b><u>x</u></b>.
    for (const tag of wraps.reverse()) {
      const wrapper = span.ownerDocument.createElement(tag);
      while (span.firstChild) wrapper.appendChild(span.firstChild);
      span.appendChild(wrapper);
    }
    const kept = filterStyle(span.getAttribute('style'), INLINE_STYLE_PROPERTIES);
    if (kept) span.setAttribute('style', kept);
    else span.removeAttribute('style');
    for (const attribute of Array.from(span.attributes))
      if (attribute.name !== 'style') span.removeAttribute(attribute.name);
  }
  for (const element of Array.from(root.querySelectorAll('b, i, u, s, sup, sub, br'))) {
    for (const attribute of Array.from(element.attributes)) element.removeAttribute(attribute.name);
  }
  for (const link of Array.from(root.querySelectorAll('a'))) {
    for (const attribute of Array.from(link.attributes)) {
      if (!['href', 'id', 'name', 'title', 'target', 'rel'].includes(attribute.name))
        link.removeAttribute(attribute.name);
    }
  }
  for (const mark of Array.from(root.querySelectorAll('mark'))) {
    for (const attribute of Array.from(mark.attributes))
      if (attribute.name !== 'class') mark.removeAttribute(attribute.name);
  }
  for (const img of Array.from(root.querySelectorAll('img'))) {
    for (const attribute of Array.from(img.attributes)) {
      if (!['src', 'alt', 'class', 'width', 'height', 'data-emoticon'].includes(attribute.name))
        img.removeAttribute(attribute.name);
    }
    if (!img.getAttribute('src')) img.remove();
  }
  // Nested identical tags (<b><b>x</b></b>) say nothing more than one.
  for (const element of Array.from(root.querySelectorAll('b, i, u, s')).reverse()) {
    const outer = element.parentElement?.closest(element.tagName);
    if (outer && outer !== root && root.contains(outer)) unwrap(element);
  }
}

/** A whole document (load, paste, source view, display): safe HTML in the editor's vocabulary. */
export function sanitizeEditorHtml(html: string): string {
  return sanitizeToElement(html).innerHTML;
}

/** The same, as a detached body element to walk (the parser's input). */
export function sanitizeToElement(html: string): HTMLElement {
  const body = purifiedBody(html, false);
  fixMedia(body);
  settleRemote(body);
  for (const font of Array.from(body.querySelectorAll('font'))) fontToSpan(font);
  mergeSpans(body);
  return body;
}

/**
 * Results of the inline pass by input. The editor serialises the whole document on every change
 * and most blocks have not changed: a pure function's answer is simply remembered.
 */
const inlineCache = new Map<string, string>();
const INLINE_CACHE_SIZE = 5000;

/** The inline HTML of one block (text, list item, table cell, caption). */
export function sanitizeInlineHtml(html: string): string {
  const known = inlineCache.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeInlineUncached(html);
  if (inlineCache.size >= INLINE_CACHE_SIZE) {
    const oldest = inlineCache.keys().next().value;
    if (oldest !== undefined) inlineCache.delete(oldest);
  }
  inlineCache.set(html, clean);
  return clean;
}

function sanitizeInlineUncached(html: string): string {
  const body = purifiedBody(html, true);
  for (const element of Array.from(body.querySelectorAll('[data-removed]'))) element.remove();
  settleRemote(body);
  for (const font of Array.from(body.querySelectorAll('font'))) fontToSpan(font);
  normalizeInline(body);
  mergeSpans(body);
  return body.innerHTML;
}

/** Text for an HTML text node or attribute: & < > " ' escaped. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
