/**
 * Makes a rendered document preview inert before it enters the page: an uploaded file is the
 * uploader's, and its preview runs in every administrator's browser, so nothing in it may run
 * script, whatever the server's CSP (the dev server and the demo send none).
 *
 * docx-preview builds its nodes from the Word XML, except for two ways in for a hostile file:
 * - `w:altChunk`, an HTML part of the package shown as `<iframe srcdoc>` — unsandboxed, so its
 *   `<script>` ran at the app's origin with the session token. Here each frame gets
 *   `sandbox=""` (no scripts, an opaque origin, no navigation of the app) and a sanitised
 *   document (DOMPurify: no script, no event handlers, no javascript: addresses) under a
 *   Content-Security-Policy that loads nothing from anywhere;
 * - a hyperlink's target, written verbatim into `href`: only http(s), mailto and tel addresses
 *   and in-document anchors stay (opened in a new tab, telling the other site nothing); any
 *   other scheme (javascript:, data:, vbscript:…) loses its address, so a click does nothing.
 * Beyond those, every element and attribute that could run script is removed wherever it
 * appears (script and plug-in elements, on… attributes, script addresses in any attribute), so
 * a future version of the library that lets more through is still held here.
 */
import DOMPurify from 'dompurify';

/** Elements a preview never needs and that could run script or change where addresses go. */
const FORBIDDEN_ELEMENTS = new Set(['script', 'object', 'embed', 'applet', 'base', 'meta', 'link']);
/** Attributes holding an address. */
const ADDRESS_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'data']);
/** Link schemes a reader may follow out of a preview. */
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * The policy of an altChunk frame's document: styles written in it apply, images only when
 * embedded as data:, nothing else loads (no script, no remote image to track the reader).
 */
export const ALT_CHUNK_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";

/** The scheme of an address as a browser reads it (controls and whitespace ignored). */
function schemeOf(address: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- the characters browsers ignore in a scheme
  const compact = address.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
}

/** An object URL docx-preview made for an embedded image (this page's, so not another site's). */
function isOwnObjectUrl(address: string): boolean {
  return address.startsWith(`blob:${location.origin}/`);
}

/** A data: image docx-preview may inline (base64 mode); never SVG, which can hold script. */
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp);base64,/i;

/** Whether an address may stay on `attribute` of `element`. */
function allowedAddress(element: Element, attribute: string, address: string): boolean {
  const scheme = schemeOf(address);
  if (attribute === 'href' && element.localName === 'a') {
    if (scheme === undefined) return address.trim().startsWith('#');
    return LINK_SCHEMES.has(scheme);
  }
  // Images (an <img>'s src, an SVG <image>'s href): only what the document itself embeds.
  return isOwnObjectUrl(address) || DATA_IMAGE.test(address.trim());
}

/** The sanitised document of an altChunk, under a policy that loads nothing. */
export function inertAltChunk(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    WHOLE_DOCUMENT: true,
    FORBID_TAGS: ['form', 'base', 'meta', 'link', 'iframe', 'frame', 'object', 'embed'],
    FORBID_ATTR: ['srcdoc', 'action', 'formaction'],
  });
  const policy = `<meta http-equiv="Content-Security-Policy" content="${ALT_CHUNK_POLICY}">`;
  // The policy comes first: the parser puts it into <head> before anything can load.
  return `<!doctype html>${policy}${clean}`;
}

function disarmFrame(frame: HTMLIFrameElement): void {
  const source = frame.getAttribute('srcdoc') ?? frame.srcdoc;
  // Set before the document: a frame reads its sandbox when it navigates.
  frame.setAttribute('sandbox', '');
  frame.removeAttribute('src');
  frame.removeAttribute('allow');
  frame.srcdoc = inertAltChunk(source ?? '');
}

function disarmElement(element: Element): void {
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.name.toLowerCase();
    if (name.startsWith('on')) element.removeAttribute(attribute.name);
    else if (ADDRESS_ATTRIBUTES.has(name) && !allowedAddress(element, name, attribute.value))
      element.removeAttribute(attribute.name);
  }
  if (element.localName === 'iframe' && element instanceof HTMLIFrameElement) disarmFrame(element);
  if (element.localName === 'a' && schemeOf(element.getAttribute('href') ?? '') !== undefined) {
    // An outside address opens in a tab of its own, without the preview's address or a handle.
    element.setAttribute('target', '_blank');
    element.setAttribute('rel', 'noopener noreferrer');
  }
}

/**
 * Disarms rendered preview nodes (and everything inside them) in place, before they are
 * attached to the page; returns the nodes still to attach (forbidden elements dropped).
 */
export function makeInert(nodes: readonly Node[]): Node[] {
  const kept: Node[] = [];
  for (const node of nodes) {
    if (node instanceof Element && FORBIDDEN_ELEMENTS.has(node.localName)) continue;
    if (node instanceof Element || node instanceof DocumentFragment) {
      for (const element of Array.from(node.querySelectorAll('*'))) {
        if (FORBIDDEN_ELEMENTS.has(element.localName)) element.remove();
        else disarmElement(element);
      }
    }
    if (node instanceof Element) disarmElement(node);
    kept.push(node);
  }
  return kept;
}
