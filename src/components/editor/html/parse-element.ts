/**
 * Reading one element for the parser (./parse.ts): which tags are blocks, an element's inline
 * content through the inline sanitiser, its own inline style, its alignment and spacing tunes,
 * its whole-number attributes.
 */
import type { BlockTunes, EditorBlock, TextAlignment } from '../model/blocks';
import { isEmoticon } from './allow-lists';
import { sanitizeInlineNodes, styledInlineHtml } from './sanitize';
import { INLINE_STYLE_PROPERTIES, filterStyle, readStyle } from './style-policy';

export const CONTAINERS = new Set([
  'DIV',
  'SECTION',
  'ARTICLE',
  'CENTER',
  'BLOCKQUOTE',
  'FIGURE',
  'CAPTION',
]);
export const BLOCK_TAGS = new Set([
  ...CONTAINERS,
  'P',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'UL',
  'OL',
  'TABLE',
  'PRE',
  'HR',
  'IFRAME',
  'VIDEO',
  'LI',
]);

/** Media that are blocks of their own even inside a paragraph. */
export function isBlockMedia(node: Node): boolean {
  if (!(node instanceof Element)) return false;
  if (node.tagName === 'IMG') return !isEmoticon(node);
  return node.tagName === 'IFRAME' || node.tagName === 'VIDEO' || node.tagName === 'TABLE';
}

/** Inline HTML of nodes; an only `<br>` (UEditor's empty paragraph) is empty. */
export function inlineOf(nodes: readonly Node[]): string {
  const html = sanitizeInlineNodes(nodes);
  return /^\s*<br>\s*$/.test(html) ? '' : html;
}

/**
 * The inline properties a block element's own style sets (color, size…), wrapped around its
 * content; `html` is the inline sanitiser's output (`inlineOf`).
 */
export function withOwnInlineStyle(element: Element, html: string): string {
  const style = filterStyle(element.getAttribute('style'), INLINE_STYLE_PROPERTIES);
  return style && html ? styledInlineHtml(style, html) : html;
}

export function lengthPx(value: string | undefined): number | undefined {
  const match = /^(\d+(?:\.\d+)?)px$/.exec(value ?? '');
  return match ? Number(match[1]) : undefined;
}

function lineHeight(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const match = /^(\d+(?:\.\d+)?)(em|%)?$/.exec(value);
  if (!match) return undefined;
  const number = Number(match[1]);
  return match[2] === '%' ? number / 100 : number;
}

const ALIGNMENTS: readonly TextAlignment[] = ['left', 'center', 'right', 'justify'];

/** Alignment and spacing tunes from an element's style (or align attribute), over inherited ones. */
export function tunesOf(
  element: Element,
  inherited: BlockTunes | undefined,
): BlockTunes | undefined {
  const style = readStyle(filterStyle(element.getAttribute('style')));
  const align = (style.get('text-align') ?? element.getAttribute('align') ?? '').toLowerCase();
  const tunes: BlockTunes = {};
  const alignment = ALIGNMENTS.find((candidate) => candidate === align);
  if (alignment) tunes.alignment = { alignment };
  else if (inherited?.alignment) tunes.alignment = inherited.alignment;
  const marginTop = lengthPx(style.get('margin-top'));
  const marginBottom = lengthPx(style.get('margin-bottom'));
  const height = lineHeight(style.get('line-height'));
  if (marginTop !== undefined || marginBottom !== undefined || height !== undefined) {
    tunes.spacing = {};
    if (marginTop !== undefined) tunes.spacing.marginTop = marginTop;
    if (marginBottom !== undefined) tunes.spacing.marginBottom = marginBottom;
    if (height !== undefined) tunes.spacing.lineHeight = height;
  }
  return tunes.alignment || tunes.spacing ? tunes : undefined;
}

export function withTunes<T extends EditorBlock>(block: T, tunes: BlockTunes | undefined): T {
  return tunes ? { ...block, tunes } : block;
}

export function intAttr(element: Element, name: string): number | undefined {
  const value = Number(element.getAttribute(name));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
