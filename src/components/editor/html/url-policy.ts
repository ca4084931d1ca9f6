/**
 * The URL policy of rich text: which addresses a link, an image or a media element may have.
 * Read as the browser reads them (characters it ignores removed before the scheme; `//host`,
 * `/\host` and `/<tab>/host` are another site), so what passes is what would load. An image
 * must be the site's own, a data:image URI or this page's blob: — nothing loads from another
 * site (./sanitize.ts turns other images into links).
 */
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
export function ownUrl(value: string): string | undefined {
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
export function imageSourceUrl(value: string): string | undefined {
  return ownImageUrl(value) ?? safeUrl(value, 'media');
}
