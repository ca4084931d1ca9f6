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
 * of one block: text, list items, cells, captions). The policies are beside this file
 * (./url-policy.ts, ./style-policy.ts, ./allow-lists.ts), and so are the clean-up passes after
 * DOMPurify (./sanitize-passes.ts).
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import {
  BASE,
  BLOCK_TAGS,
  INLINE_TAGS,
  SAFE_CLASS,
  URL_ATTRIBUTES,
  isEmoticon,
} from './allow-lists';
import {
  fixMedia,
  fontToSpan,
  mergeSpans,
  normalizeInline,
  settleRemote,
  unwrap,
} from './sanitize-passes';
import { filterStyle } from './style-policy';
import { imageSourceUrl, safeUrl } from './url-policy';
import { videoEmbed } from './video';

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

function remember(html: string, clean: string): void {
  if (inlineCache.size >= INLINE_CACHE_SIZE) {
    const oldest = inlineCache.keys().next().value;
    if (oldest !== undefined) inlineCache.delete(oldest);
  }
  inlineCache.set(html, clean);
}

/** The inline HTML of one block (text, list item, table cell, caption). */
export function sanitizeInlineHtml(html: string): string {
  const known = inlineCache.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeInlineUncached(html);
  remember(html, clean);
  return clean;
}

function sanitizeInlineUncached(html: string): string {
  const body = purifiedBody(html, true);
  for (const element of Array.from(body.querySelectorAll('[data-removed]'))) element.remove();
  return inlinePasses(body);
}

/** The clean-up passes of inline content, on purified nodes; its HTML. */
function inlinePasses(root: HTMLElement): string {
  settleRemote(root);
  for (const font of Array.from(root.querySelectorAll('font'))) fontToSpan(font);
  normalizeInline(root);
  mergeSpans(root);
  return root.innerHTML;
}

const INLINE_TAG_NAMES = new Set(INLINE_TAGS.map((tag) => tag.toUpperCase()));
/** Tags DOMPurify drops together with their content (its FORBID_CONTENTS) when not allowed. */
const DROPPED_WITH_CONTENT = new Set(
  ['audio', 'colgroup', 'head', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']
    .concat(['script', 'style', 'svg', 'math', 'template', 'thead', 'title', 'video', 'xmp'])
    .map((tag) => tag.toUpperCase()),
);

/**
 * The inline HTML of nodes from a body the document pass has already made safe (the parser's
 * input, `sanitizeToElement`): what `sanitizeInlineHtml` of their HTML gives, without writing
 * it out and parsing it twice more (DOMPurify's parse, then ours) for every block — the cost
 * that made a 500 KB paste take seconds. The document pass has the inline pass's policy for
 * every attribute and URL; what the inline level adds is done here on a copy: tags outside the
 * inline vocabulary unwrapped (or dropped with their content, as DOMPurify drops them), images
 * other than emoticons removed, then the same clean-up passes. Only removals and the passes, so
 * nothing unsafe can appear. The answer is remembered as the inline sanitiser's own for itself:
 * the serializer's first save after a paste does not sanitise every block again.
 */
export function sanitizeInlineNodes(nodes: readonly Node[]): string {
  const holder = (nodes[0]?.ownerDocument ?? document).createElement('div');
  for (const node of nodes) holder.appendChild(node.cloneNode(true));
  // Innermost first: an element's content is settled before the element is unwrapped.
  for (const element of Array.from(holder.querySelectorAll('*')).reverse()) {
    if (INLINE_TAG_NAMES.has(element.tagName)) continue;
    if (DROPPED_WITH_CONTENT.has(element.tagName)) element.remove();
    else unwrap(element);
  }
  for (const element of Array.from(holder.querySelectorAll('img, [data-removed]')))
    if (element.hasAttribute('data-removed') || !isEmoticon(element)) element.remove();
  const clean = inlinePasses(holder);
  if (!inlineCache.has(clean)) remember(clean, clean);
  return clean;
}

let inertDocument: Document | undefined;

/**
 * Clean inline HTML (the inline sanitiser's output) inside a span with a block element's own
 * inline style (already through the style policy): what `sanitizeInlineHtml` of the composed
 * span gives, with one parse in an inert document instead of DOMPurify's and ours — nothing in
 * it needs purifying again, the passes merge the spans. Remembered like the others.
 */
export function styledInlineHtml(style: string, cleanHtml: string): string {
  const composed = `<span style="${escapeHtml(style)}">${cleanHtml}</span>`;
  const known = inlineCache.get(composed);
  if (known !== undefined) return known;
  // No browsing context: nothing parsed into it loads or runs.
  inertDocument ??= document.implementation.createHTMLDocument('');
  const holder = inertDocument.createElement('div');
  holder.innerHTML = composed;
  const clean = inlinePasses(holder);
  remember(composed, clean);
  if (!inlineCache.has(clean)) remember(clean, clean);
  return clean;
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
