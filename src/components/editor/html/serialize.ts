/**
 * Blocks → the stored HTML. Every piece of text is escaped, every piece of inline HTML goes
 * through the inline sanitiser, every address through `safeUrl`, every number is checked.
 *
 * The markup (read back losslessly by ./parse):
 * - paragraph `<p>`, header `<h1>`–`<h6>`, list `<ol|ul>` (nested lists inside `<li>`), each with
 *   the tunes as style: text-align, margin-top / margin-bottom (px), line-height;
 * - table `<table data-block="table" data-headings>` with th/td, colspan and rowspan;
 * - image `<figure data-block="image" data-float>` with img (width/height) and figcaption;
 * - attachment `<p data-block="attachment" data-size>` with one link;
 * - code `<pre data-block="code" data-language><code>` (escaped text);
 * - video `<figure data-block="video" data-url>` with a sandboxed iframe or a <video> (./video);
 * - chart `<figure data-block="chart" data-chart-type>` with figcaption (title) and the table;
 * - page break `<hr class="pagebreak" data-block="pagebreak">`; raw `<div data-block="raw">`.
 */
import type {
  AttachmentData,
  BlockTunes,
  ChartData,
  CodeData,
  EditorBlock,
  EditorDocument,
  HeaderData,
  ImageData,
  ListData,
  ListItem,
  TableData,
  VideoData,
} from '../model/blocks';
import { displayFileName } from '@/lib/format';
import { CODE_LANGUAGES, EDITOR_LIMITS } from '../model/blocks';
import { IFRAME_SANDBOX } from './allow-lists';
import { escapeHtml, sanitizeEditorHtml, sanitizeInlineHtml } from './sanitize';
import { safeUrl } from './url-policy';
import { videoEmbed } from './video';

function attrs(pairs: Record<string, string | number | undefined>): string {
  return Object.entries(pairs)
    .filter((pair): pair is [string, string | number] => pair[1] !== undefined && pair[1] !== '')
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('');
}

function positive(value: number | undefined, max = 10000): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? Math.min(Math.round(value), max)
    : undefined;
}

function number(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The tunes as a style attribute value. */
export function tunesStyle(tunes: BlockTunes | undefined): string | undefined {
  const parts: string[] = [];
  const alignment = tunes?.alignment?.alignment;
  if (alignment && ['left', 'center', 'right', 'justify'].includes(alignment))
    parts.push(`text-align: ${alignment}`);
  const top = number(tunes?.spacing?.marginTop);
  const bottom = number(tunes?.spacing?.marginBottom);
  const lineHeight = number(tunes?.spacing?.lineHeight);
  if (top !== undefined) parts.push(`margin-top: ${top}px`);
  if (bottom !== undefined) parts.push(`margin-bottom: ${bottom}px`);
  if (lineHeight !== undefined) parts.push(`line-height: ${lineHeight}`);
  return parts.length ? parts.join('; ') : undefined;
}

function inline(html: string | undefined): string {
  return sanitizeInlineHtml(html ?? '');
}

function listItems(items: readonly ListItem[], data: ListData): string {
  return items
    .map((item) => {
      const checked = 'checked' in item.meta && item.meta.checked ? 'true' : undefined;
      const nested = item.items.length ? listHtml({ ...data, meta: undefined }, item.items) : '';
      return `<li${attrs({ 'data-checked': checked })}>${inline(item.content)}${nested}</li>`;
    })
    .join('');
}

const COUNTER_STYLES: Record<string, string> = {
  numeric: 'decimal',
  'lower-roman': 'lower-roman',
  'upper-roman': 'upper-roman',
  'lower-alpha': 'lower-alpha',
  'upper-alpha': 'upper-alpha',
};

function listHtml(data: ListData, items: readonly ListItem[], style?: string): string {
  const tag = data.style === 'ordered' ? 'ol' : 'ul';
  const start = positive(data.meta?.start);
  const counter = data.meta?.counterType;
  const listStyle =
    counter && COUNTER_STYLES[counter] ? `list-style-type: ${COUNTER_STYLES[counter]}` : undefined;
  const fullStyle = [style, listStyle].filter(Boolean).join('; ') || undefined;
  return `<${tag}${attrs({ start, 'data-counter-type': listStyle ? counter : undefined, style: fullStyle })}>${listItems(items, data)}</${tag}>`;
}

export function tableHtml(data: TableData, marker = true): string {
  const rows = data.rows
    .map((row, rowIndex) => {
      const cells = row
        .map((cell) => {
          const tag = cell.header || (data.withHeadings && rowIndex === 0) ? 'th' : 'td';
          const colspan = positive(cell.colspan, EDITOR_LIMITS.tableMax.cols);
          const rowspan = positive(cell.rowspan, EDITOR_LIMITS.tableMax.rows);
          return `<${tag}${attrs({
            colspan: colspan && colspan > 1 ? colspan : undefined,
            rowspan: rowspan && rowspan > 1 ? rowspan : undefined,
          })}>${inline(cell.html)}</${tag}>`;
        })
        .join('');
      return `<tr>${cells}</tr>`;
    })
    .join('');
  const marks = marker
    ? attrs({ 'data-block': 'table', 'data-headings': data.withHeadings ? 'true' : 'false' })
    : '';
  return `<table${marks}><tbody>${rows}</tbody></table>`;
}

const FLOAT_STYLES: Record<ImageData['float'], string | undefined> = {
  none: undefined,
  left: 'float: left',
  right: 'float: right',
  center: 'text-align: center',
};

function imageHtml(data: ImageData): string {
  const src = safeUrl(data.url ?? '', 'image');
  if (!src) return '';
  const float =
    FLOAT_STYLES[data.float] === undefined && data.float !== 'none' ? 'none' : data.float;
  const img = `<img${attrs({
    src,
    alt: data.alt,
    width: positive(data.width),
    height: positive(data.height),
  })}>`;
  const caption = data.caption ? `<figcaption>${inline(data.caption)}</figcaption>` : '';
  return `<figure${attrs({
    'data-block': 'image',
    'data-float': float,
    'data-att-id': positive(data.attId, Number.MAX_SAFE_INTEGER),
    style: FLOAT_STYLES[float],
  })}>${img}${caption}</figure>`;
}

function attachmentHtml(data: AttachmentData): string {
  const href = safeUrl(data.url ?? '', 'link');
  if (!href) return '';
  const size = number(data.size);
  // The file's name is shown to every reader: without bidirectional controls, so it cannot
  // disguise its extension.
  const name = displayFileName(data.name ?? '');
  return `<p${attrs({ 'data-block': 'attachment', 'data-size': size })}><a${attrs({
    href,
    title: name,
  })}>${escapeHtml(name)}</a></p>`;
}

function codeHtml(data: CodeData): string {
  const language = CODE_LANGUAGES.some((entry) => entry.id === data.language)
    ? data.language
    : 'plaintext';
  return `<pre${attrs({ 'data-block': 'code', 'data-language': language })}><code${attrs({
    class: `language-${language}`,
  })}>${escapeHtml(data.code ?? '')}</code></pre>`;
}

function videoHtml(data: VideoData): string {
  const target = videoEmbed(data.url ?? '');
  const width = positive(data.width) ?? EDITOR_LIMITS.video.width;
  const height = positive(data.height) ?? EDITOR_LIMITS.video.height;
  if (!target) {
    // Not embeddable: kept as a link so nothing is lost and nothing foreign runs.
    const href = safeUrl(data.url ?? '', 'link');
    return href ? `<p><a${attrs({ href })}>${escapeHtml(href)}</a></p>` : '';
  }
  const media =
    target.kind === 'iframe'
      ? `<iframe${attrs({ src: target.src, width, height, frameborder: 0, allowfullscreen: 'true', sandbox: IFRAME_SANDBOX })}></iframe>`
      : `<video${attrs({ src: target.src, width, height, controls: 'controls' })}></video>`;
  return `<figure${attrs({ 'data-block': 'video', 'data-url': data.url.trim() })}>${media}</figure>`;
}

function chartHtml(data: ChartData): string {
  const type = ['bar', 'line', 'pie'].includes(data.chartType) ? data.chartType : 'bar';
  const title = data.title ? `<figcaption>${escapeHtml(data.title)}</figcaption>` : '';
  return `<figure${attrs({ 'data-block': 'chart', 'data-chart-type': type })}>${title}${tableHtml(data.table, false)}</figure>`;
}

/** One block's HTML ('' for a block that has nothing safe to show). */
export function blockToHtml(block: EditorBlock): string {
  const style = tunesStyle(block.tunes);
  switch (block.type) {
    case 'paragraph':
      return `<p${attrs({ style })}>${inline(block.data.text)}</p>`;
    case 'header': {
      const level: HeaderData['level'] =
        block.data.level >= 1 && block.data.level <= 6 ? block.data.level : 2;
      return `<h${level}${attrs({ style })}>${inline(block.data.text)}</h${level}>`;
    }
    case 'list':
      return listHtml(block.data, block.data.items ?? [], style);
    case 'table':
      return tableHtml(block.data);
    case 'image':
      return imageHtml(block.data);
    case 'attachment':
      return attachmentHtml(block.data);
    case 'code':
      return codeHtml(block.data);
    case 'video':
      return videoHtml(block.data);
    case 'chart':
      return chartHtml(block.data);
    case 'pagebreak':
      return '<hr class="pagebreak" data-block="pagebreak">';
    case 'raw':
      return `<div data-block="raw">${sanitizeEditorHtml(block.data.html ?? '')}</div>`;
    default:
      return '';
  }
}

/** The document as the HTML the server stores: one block per line (the parser skips the breaks). */
export function blocksToHtml(doc: EditorDocument): string {
  return (doc.blocks ?? []).map(blockToHtml).filter(Boolean).join('\n');
}
