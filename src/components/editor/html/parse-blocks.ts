/**
 * The parser's readers of one kind of block each (./parse.ts walks the document and calls them):
 * lists with nested items, tables with merged cells, images with their float and size, code with
 * its language (UEditor's brushes and highlight.js classes), video frames, the editor's own
 * figures (image, video, chart) and UEditor's attachment paragraphs.
 */
import type {
  ChartType,
  CodeData,
  EditorBlock,
  ImageData,
  ImageFloat,
  ListData,
  ListItem,
  TableCell,
  TableData,
} from '../model/blocks';
import { CODE_LANGUAGES, EDITOR_LIMITS } from '../model/blocks';
import { inlineOf, intAttr, lengthPx, withOwnInlineStyle } from './parse-element';
import { readStyle } from './style-policy';
import { videoEmbed } from './video';

export function parseList(list: Element): ListData {
  const style: ListData['style'] = list.tagName === 'OL' ? 'ordered' : 'unordered';
  const items: ListItem[] = [];
  for (const li of Array.from(list.children)) {
    if (li.tagName !== 'LI') continue;
    const nested = Array.from(li.children).filter((c) => c.tagName === 'UL' || c.tagName === 'OL');
    const contentNodes: Node[] = [];
    for (const child of Array.from(li.childNodes)) {
      if (nested.some((list) => list === child)) continue;
      // Paragraphs inside an item (other editors) are lines of one item.
      if (child instanceof Element && child.tagName === 'P') {
        if (contentNodes.length) contentNodes.push(li.ownerDocument.createElement('br'));
        contentNodes.push(...Array.from(child.childNodes));
      } else contentNodes.push(child);
    }
    const checked = li.getAttribute('data-checked') === 'true';
    items.push({
      content: inlineOf(contentNodes).trim(),
      meta: checked ? { checked: true } : {},
      items: nested.flatMap((sub) => parseList(sub).items),
    });
  }
  const data: ListData = { style, items };
  const start = intAttr(list, 'start');
  const counter = list.getAttribute('data-counter-type');
  if (start !== undefined || counter) {
    data.meta = {};
    if (start !== undefined) data.meta.start = start;
    if (counter) data.meta.counterType = counter;
  }
  return data;
}

function cellHtml(cell: Element): string {
  const nodes: Node[] = [];
  for (const child of Array.from(cell.childNodes)) {
    if (child instanceof Element && (child.tagName === 'P' || child.tagName === 'DIV')) {
      if (nodes.length) nodes.push(cell.ownerDocument.createElement('br'));
      nodes.push(...Array.from(child.childNodes));
    } else nodes.push(child);
  }
  return withOwnInlineStyle(cell, inlineOf(nodes).trim());
}

export function parseTable(table: Element): TableData {
  const rows: TableCell[][] = [];
  for (const tr of Array.from(table.querySelectorAll('tr'))) {
    if (tr.closest('table') !== table) continue;
    const row: TableCell[] = [];
    for (const cell of Array.from(tr.children)) {
      if (cell.tagName !== 'TD' && cell.tagName !== 'TH') continue;
      const entry: TableCell = { html: cellHtml(cell) };
      const colspan = intAttr(cell, 'colspan');
      const rowspan = intAttr(cell, 'rowspan');
      if (colspan && colspan > 1) entry.colspan = Math.min(colspan, EDITOR_LIMITS.tableMax.cols);
      if (rowspan && rowspan > 1) entry.rowspan = Math.min(rowspan, EDITOR_LIMITS.tableMax.rows);
      if (cell.tagName === 'TH') entry.header = true;
      row.push(entry);
    }
    if (row.length) rows.push(row);
  }
  const marked = table.getAttribute('data-headings');
  const firstRow = rows[0] ?? [];
  const withHeadings =
    marked !== null ? marked === 'true' : firstRow.length > 0 && firstRow.every((c) => c.header);
  return { withHeadings, rows };
}

function floatOf(element: Element, img: Element): ImageFloat {
  const marked = element.getAttribute('data-float');
  if (marked === 'none' || marked === 'left' || marked === 'right' || marked === 'center')
    return marked;
  for (const candidate of [img, element]) {
    const style = readStyle(candidate.getAttribute('style'));
    const float = style.get('float') ?? candidate.getAttribute('align') ?? '';
    if (float === 'left' || float === 'right') return float;
    if (float === 'center' || float === 'middle') return 'center';
    if (style.get('text-align') === 'center') return 'center';
    if (style.get('display') === 'block' && style.get('margin-left') === 'auto') return 'center';
  }
  return 'none';
}

function sizeOf(img: Element, name: 'width' | 'height'): number | undefined {
  return intAttr(img, name) ?? lengthPx(readStyle(img.getAttribute('style')).get(name));
}

export function parseImage(
  img: Element,
  holder: Element = img,
  caption = '',
): ImageData | undefined {
  const url = img.getAttribute('src');
  if (!url) return undefined;
  const data: ImageData = { url, caption, float: floatOf(holder, img) };
  const alt = img.getAttribute('alt');
  if (alt !== null) data.alt = alt;
  const width = sizeOf(img, 'width');
  const height = sizeOf(img, 'height');
  if (width !== undefined) data.width = width;
  if (height !== undefined) data.height = height;
  const attId = intAttr(holder, 'data-att-id');
  if (attId !== undefined) data.attId = attId;
  return data;
}

/** Language aliases of UEditor's SyntaxHighlighter brushes and highlight.js classes. */
const LANGUAGE_ALIASES: Record<string, string> = {
  js: 'javascript',
  jscript: 'javascript',
  ts: 'typescript',
  py: 'python',
  rb: 'ruby',
  sh: 'bash',
  shell: 'bash',
  cs: 'csharp',
  'c#': 'csharp',
  'c++': 'cpp',
  objc: 'objectivec',
  text: 'plaintext',
  plain: 'plaintext',
  txt: 'plaintext',
  xhtml: 'html',
  yml: 'yaml',
  md: 'markdown',
  ps: 'powershell',
  kt: 'kotlin',
  golang: 'go',
  rs: 'rust',
  pl: 'perl',
};

function languageOf(...elements: Element[]): string {
  for (const element of elements) {
    const candidates = [
      element.getAttribute('data-language') ?? '',
      /brush:\s*([\w#+-]+)/i.exec(element.getAttribute('class') ?? '')?.[1] ?? '',
      /(?:^|\s)(?:language|lang)-([\w#+-]+)/i.exec(element.getAttribute('class') ?? '')?.[1] ?? '',
    ];
    for (const raw of candidates) {
      const id = LANGUAGE_ALIASES[raw.toLowerCase()] ?? raw.toLowerCase();
      if (id && CODE_LANGUAGES.some((entry) => entry.id === id)) return id;
    }
  }
  return 'plaintext';
}

export function parseCode(pre: Element): CodeData {
  const code = pre.querySelector('code');
  // A copy to edit: the children of the code in an element of its own document.
  const source = pre.ownerDocument.createElement('pre');
  for (const child of Array.from((code ?? pre).childNodes)) source.append(child.cloneNode(true));
  // UEditor writes line breaks in <pre> as <br>.
  for (const br of Array.from(source.querySelectorAll('br'))) br.replaceWith('\n');
  return {
    code: source.textContent ?? '',
    language: code ? languageOf(pre, code) : languageOf(pre),
  };
}

export function parseMedia(element: Element, dataUrl: string | null): EditorBlock | undefined {
  const src =
    element.getAttribute('src') ?? element.querySelector('source')?.getAttribute('src') ?? '';
  // A legacy frame's address is taken in its embeddable form (//host/… becomes https://host/…).
  const url = dataUrl && videoEmbed(dataUrl) ? dataUrl : videoEmbed(src)?.src;
  if (!url) return undefined;
  return {
    type: 'video',
    data: {
      url,
      width: intAttr(element, 'width') ?? EDITOR_LIMITS.video.width,
      height: intAttr(element, 'height') ?? EDITOR_LIMITS.video.height,
    },
  };
}

export function parseFigure(figure: Element): EditorBlock[] | undefined {
  const kind = figure.getAttribute('data-block');
  const caption = figure.querySelector(':scope > figcaption');
  if (kind === 'chart') {
    const table = figure.querySelector('table');
    if (!table) return undefined;
    const type = figure.getAttribute('data-chart-type');
    const chartType: ChartType = type === 'line' || type === 'pie' ? type : 'bar';
    return [
      {
        type: 'chart',
        data: { chartType, title: caption?.textContent ?? '', table: parseTable(table) },
      },
    ];
  }
  if (kind === 'video') {
    const media = figure.querySelector('iframe, video');
    const block = media ? parseMedia(media, figure.getAttribute('data-url')) : undefined;
    return block ? [block] : undefined;
  }
  const img = figure.querySelector('img');
  if (img && (kind === 'image' || figure.querySelectorAll('img').length === 1)) {
    const data = parseImage(img, figure, caption ? inlineOf(Array.from(caption.childNodes)) : '');
    return data ? [{ type: 'image', data }] : [];
  }
  return undefined;
}

/** A UEditor attachment: <p> with a file-type icon and one link. */
export function attachmentOf(p: Element): EditorBlock | undefined {
  const marked = p.getAttribute('data-block') === 'attachment';
  const links = p.querySelectorAll('a[href]');
  const link = links[0];
  if (links.length !== 1 || !link) return undefined;
  const icon = p.querySelector('img');
  if (!marked && !(icon && /fileTypeImages|attachment/i.test(icon.getAttribute('src') ?? '')))
    return undefined;
  const size = Number(p.getAttribute('data-size'));
  return {
    type: 'attachment',
    data: {
      url: link.getAttribute('href') ?? '',
      name: link.textContent?.trim() || link.getAttribute('title') || '',
      ...(p.hasAttribute('data-size') && Number.isFinite(size) ? { size } : {}),
    },
  };
}
