/**
 * The sanitiser's clean-up passes, on nodes DOMPurify has already made safe: media in their one
 * form (sandboxed player frames, own videos), remote images as links, <font> as spans, nested
 * spans merged, inline content in the editor's one vocabulary.
 */
import { EDITOR_LIMITS } from '../model/blocks';
import { IFRAME_SANDBOX } from './allow-lists';
import {
  FONT_FAMILY,
  INLINE_STYLE_PROPERTIES,
  color,
  filterStyle,
  fontSizePx,
  readStyle,
  writeStyle,
} from './style-policy';
import { ownImageUrl, ownUrl, safeUrl } from './url-policy';
import { videoEmbed } from './video';

/** Puts an element's children in its place. */
export function unwrap(element: Element): void {
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

export function fontToSpan(font: Element): void {
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
export function mergeSpans(root: Element): void {
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
export function settleRemote(root: Element): void {
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
export function fixMedia(root: Element): void {
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

const INLINE_RENAMES: Record<string, string> = { STRONG: 'b', EM: 'i', STRIKE: 's', DEL: 's' };

/**
 * Inline content in the editor's one form: strong→b, em→i, strike/del→s, <font>→span,
 * bold/italic/underline/strike spans → b/i/u/s, spans keep only the inline tools' properties.
 */
export function normalizeInline(root: HTMLElement): void {
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
