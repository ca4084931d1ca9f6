/**
 * The allow-lists of the sanitiser: the tags of inline and of block content, the attributes, the
 * classes the editor writes or reads, which attributes hold addresses, and DOMPurify's base
 * configuration (svg, math, forms and scripts are in no list, so they never pass).
 */
import type { Config } from 'dompurify';
import type { UrlKind } from './url-policy';

export const INLINE_TAGS = [
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
export const BLOCK_TAGS = [
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

export const BASE: Config = {
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
export const SAFE_CLASS =
  /^(pagebreak|emoticon|cdx-marker|(language|lang)-[\w+#-]+|brush:[\w+#;:-]+)$/;

export const URL_ATTRIBUTES: Record<string, UrlKind> = {
  href: 'link',
  src: 'media',
  poster: 'image',
};

/** An emoticon image: the only image inline content keeps. */
export function isEmoticon(node: Element): boolean {
  return (
    node.classList.contains('emoticon') ||
    node.hasAttribute('data-emoticon') ||
    // UEditor's emoticons carry no class: they are known by where they live.
    /img\.baidu\.com\/hi\/|\/dialogs\/emotion\//.test(node.getAttribute('src') ?? '')
  );
}

/** What an embedded player may do: run its own scripts, go fullscreen; never navigate the page. */
export const IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-presentation';
