/**
 * HTML → blocks, through DOMParser (DOMPurify's document) after the editor's sanitiser.
 * Own markup (./serialize) comes back exactly; legacy HTML (UEditor pages: <p style>, <span
 * style>, <font>, tables with colspan, floated images, <pre class="brush:js">, <hr
 * class="pagebreak">, <embed>/<iframe> videos, nested divs) and mammoth's .docx output (h1–h6,
 * p, strong, em, lists, tables, data: images) become the nearest blocks; what maps onto no
 * block is kept as a sanitised `raw` block.
 */
import type {
  BlockTunes,
  ChartType,
  CodeData,
  EditorBlock,
  EditorDocument,
  HeaderData,
  ImageData,
  ImageFloat,
  ListData,
  ListItem,
  TableCell,
  TableData,
  TextAlignment,
} from '../model/blocks';
import { CODE_LANGUAGES, EDITOR_LIMITS } from '../model/blocks';
import {
  INLINE_STYLE_PROPERTIES,
  filterStyle,
  isEmoticon,
  readStyle,
  sanitizeInlineHtml,
  sanitizeToElement,
} from './sanitize';
import { videoEmbed } from './video';

const CONTAINERS = new Set([
  'DIV',
  'SECTION',
  'ARTICLE',
  'CENTER',
  'BLOCKQUOTE',
  'FIGURE',
  'CAPTION',
]);
const BLOCK_TAGS = new Set([
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
function isBlockMedia(node: Node): boolean {
  if (!(node instanceof Element)) return false;
  if (node.tagName === 'IMG') return !isEmoticon(node);
  return node.tagName === 'IFRAME' || node.tagName === 'VIDEO' || node.tagName === 'TABLE';
}

function serialize(nodes: readonly Node[]): string {
  // In the nodes' own (throw-away) document: adopting them into the page's costs more each time.
  const holder = (nodes[0]?.ownerDocument ?? document).createElement('div');
  for (const node of nodes) holder.appendChild(node.cloneNode(true));
  return holder.innerHTML;
}

/** Inline HTML of nodes; an only `<br>` (UEditor's empty paragraph) is empty. */
function inlineOf(nodes: readonly Node[]): string {
  const html = sanitizeInlineHtml(serialize(nodes));
  return /^\s*<br>\s*$/.test(html) ? '' : html;
}

/** The inline properties a block element's own style sets (color, size…), wrapped around its content. */
function withOwnInlineStyle(element: Element, html: string): string {
  const style = filterStyle(element.getAttribute('style'), INLINE_STYLE_PROPERTIES);
  return style && html
    ? sanitizeInlineHtml(`<span style="${style.replace(/"/g, '&quot;')}">${html}</span>`)
    : html;
}

function lengthPx(value: string | undefined): number | undefined {
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
function tunesOf(element: Element, inherited: BlockTunes | undefined): BlockTunes | undefined {
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

function withTunes<T extends EditorBlock>(block: T, tunes: BlockTunes | undefined): T {
  return tunes ? { ...block, tunes } : block;
}

function intAttr(element: Element, name: string): number | undefined {
  const value = Number(element.getAttribute(name));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

// ---------------------------------------------------------------------------------------
// Block parsers
// ---------------------------------------------------------------------------------------

function parseList(list: Element): ListData {
  const style: ListData['style'] = list.tagName === 'OL' ? 'ordered' : 'unordered';
  const items: ListItem[] = [];
  for (const li of Array.from(list.children)) {
    if (li.tagName !== 'LI') continue;
    const nested = Array.from(li.children).filter((c) => c.tagName === 'UL' || c.tagName === 'OL');
    const contentNodes: Node[] = [];
    for (const child of Array.from(li.childNodes)) {
      if (nested.includes(child as Element)) continue;
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

function parseTable(table: Element): TableData {
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

function parseImage(img: Element, holder: Element = img, caption = ''): ImageData | undefined {
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

function parseCode(pre: Element): CodeData {
  const code = pre.querySelector('code');
  const source = (code ?? pre).cloneNode(true) as Element;
  // UEditor writes line breaks in <pre> as <br>.
  for (const br of Array.from(source.querySelectorAll('br'))) br.replaceWith('\n');
  return {
    code: source.textContent ?? '',
    language: code ? languageOf(pre, code) : languageOf(pre),
  };
}

function parseMedia(element: Element, dataUrl: string | null): EditorBlock | undefined {
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

function parseFigure(figure: Element): EditorBlock[] | undefined {
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
function attachmentOf(p: Element): EditorBlock | undefined {
  const marked = p.getAttribute('data-block') === 'attachment';
  const links = p.querySelectorAll('a[href]');
  if (links.length !== 1) return undefined;
  const icon = p.querySelector('img');
  if (!marked && !(icon && /fileTypeImages|attachment/i.test(icon.getAttribute('src') ?? '')))
    return undefined;
  const link = links[0] as Element;
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

// ---------------------------------------------------------------------------------------
// The walk
// ---------------------------------------------------------------------------------------

class Walker {
  readonly blocks: EditorBlock[] = [];
  private run: Node[] = [];
  private runTunes: BlockTunes | undefined;

  /** Loose inline content (text beside blocks) becomes a paragraph. */
  private flush(): void {
    const nodes = this.run;
    this.run = [];
    if (!nodes.some((node) => (node.textContent ?? '').trim() || node instanceof Element)) return;
    const text = inlineOf(nodes).trim();
    if (!text) return;
    this.blocks.push(withTunes({ type: 'paragraph', data: { text } }, this.runTunes));
  }

  /** A paragraph-like element whose content may hold images or frames: split around them. */
  private textBlock(
    element: Element,
    make: (text: string) => EditorBlock,
    tunes: BlockTunes | undefined,
  ): void {
    const children = Array.from(element.childNodes);
    if (
      !children.some(
        (child) =>
          isBlockMedia(child) ||
          (child instanceof Element &&
            child.querySelector('img:not(.emoticon), iframe, video, table')),
      )
    ) {
      this.blocks.push(withTunes(make(withOwnInlineStyle(element, inlineOf(children))), tunes));
      return;
    }
    // Images in a paragraph (UEditor, mammoth) become image blocks between the text parts.
    let part: Node[] = [];
    const emit = () => {
      const text = withOwnInlineStyle(element, inlineOf(part).trim());
      if (text) this.blocks.push(withTunes(make(text), tunes));
      part = [];
    };
    const visit = (node: Node) => {
      if (isBlockMedia(node)) {
        emit();
        this.media(node as Element, element);
      } else if (
        node instanceof Element &&
        node.querySelector('img:not(.emoticon), iframe, video, table') &&
        !['A'].includes(node.tagName)
      ) {
        node.childNodes.forEach(visit);
      } else part.push(node);
    };
    children.forEach(visit);
    emit();
  }

  private media(element: Element, holder: Element): void {
    if (element.tagName === 'IMG') {
      const data = parseImage(
        element,
        element.hasAttribute('style') || element.hasAttribute('align') ? element : holder,
      );
      if (data) this.blocks.push({ type: 'image', data });
    } else if (element.tagName === 'TABLE') {
      this.blocks.push({ type: 'table', data: parseTable(element) });
    } else {
      const block = parseMedia(element, null);
      if (block) this.blocks.push(block);
    }
  }

  walk(parent: Element, inherited: BlockTunes | undefined): void {
    for (const node of Array.from(parent.childNodes)) {
      if (!(node instanceof Element)) {
        if (node.nodeType === 3) {
          if (!this.run.length) this.runTunes = inherited;
          this.run.push(node);
        }
        continue;
      }
      const tag = node.tagName;
      if (!BLOCK_TAGS.has(tag) && !isBlockMedia(node)) {
        if (tag === 'BR') {
          this.flush();
          continue;
        }
        if (
          node.querySelector(
            'p, div, h1, h2, h3, h4, h5, h6, ul, ol, table, pre, img:not(.emoticon), iframe, video',
          )
        ) {
          // Inline wrapper around blocks (a <span> around paragraphs): walk into it.
          this.flush();
          this.walk(node, inherited);
          continue;
        }
        if (!this.run.length) this.runTunes = inherited;
        this.run.push(node);
        continue;
      }
      this.flush();
      this.element(node, inherited);
    }
    this.flush();
  }

  private element(node: Element, inherited: BlockTunes | undefined): void {
    const tag = node.tagName;
    const kind = node.getAttribute('data-block');
    const tunes = tunesOf(node, inherited);
    if (kind === 'raw') {
      this.blocks.push({ type: 'raw', data: { html: node.innerHTML } });
      return;
    }
    if (tag === 'FIGURE') {
      const blocks = parseFigure(node);
      if (blocks) {
        this.blocks.push(...blocks);
        return;
      }
    }
    if (CONTAINERS.has(tag)) {
      this.walk(node, tunes);
      return;
    }
    switch (tag) {
      case 'P': {
        const attachment = attachmentOf(node);
        if (attachment) this.blocks.push(attachment);
        else this.textBlock(node, (text) => ({ type: 'paragraph', data: { text } }), tunes);
        return;
      }
      case 'H1':
      case 'H2':
      case 'H3':
      case 'H4':
      case 'H5':
      case 'H6': {
        const level = Number(tag.slice(1)) as HeaderData['level'];
        this.textBlock(node, (text) => ({ type: 'header', data: { text, level } }), tunes);
        return;
      }
      case 'UL':
      case 'OL':
        this.blocks.push(withTunes({ type: 'list', data: parseList(node) }, tunes));
        return;
      case 'LI':
        // A stray item outside a list: one item of an unordered list.
        this.blocks.push({ type: 'list', data: parseList(wrapIn(node, 'ul')) });
        return;
      case 'TABLE':
        this.blocks.push({ type: 'table', data: parseTable(node) });
        return;
      case 'PRE':
        this.blocks.push({ type: 'code', data: parseCode(node) });
        return;
      case 'HR':
        if (kind === 'pagebreak' || node.classList.contains('pagebreak'))
          this.blocks.push({ type: 'pagebreak', data: {} });
        else this.blocks.push({ type: 'raw', data: { html: '<hr>' } });
        return;
      default:
        if (isBlockMedia(node)) this.media(node, node);
        else this.blocks.push({ type: 'raw', data: { html: node.outerHTML } });
    }
  }
}

function wrapIn(node: Element, tag: string): Element {
  const wrapper = node.ownerDocument.createElement(tag);
  wrapper.appendChild(node.cloneNode(true));
  return wrapper;
}

/** The stored (or pasted, or legacy) HTML as editor blocks. */
export function htmlToBlocks(html: string): EditorDocument {
  const walker = new Walker();
  walker.walk(sanitizeToElement(html ?? ''), undefined);
  return { blocks: walker.blocks };
}
