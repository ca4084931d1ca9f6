/**
 * The editor's document model: the Editor.js block data the rich-text editor produces and the
 * HTML codec (./html) turns into the stored HTML and back. The server stores HTML (spec section
 * 2: the editor syncs HTML to a hidden field on submit); these blocks exist only while editing.
 *
 * One shape per block type, shared by the Editor.js tools (what they save and render) and the
 * codec (what it writes and parses). Inline content (`text`, list items, table cells, captions)
 * is sanitised inline HTML: b/strong, i/em, u, s, a[href|id|name], br, span[style] (color,
 * background-color, font-family, font-size, border), sup/sub, img.emoticon.
 */

/** Block tunes every text block may carry (alignment and the spacing/line-height tune). */
export interface BlockTunes {
  alignment?: { alignment: TextAlignment };
  spacing?: BlockSpacing;
}

export type TextAlignment = 'left' | 'center' | 'right' | 'justify';

/** Spacing above/below in px (5, 10, 15, 20, 25) and line height (1, 1.5, 1.75, 2, 3, 4, 5). */
export interface BlockSpacing {
  marginTop?: number;
  marginBottom?: number;
  lineHeight?: number;
}

export interface ParagraphData {
  text: string;
}

export interface HeaderData {
  text: string;
  level: 1 | 2 | 3 | 4 | 5 | 6;
}

/** @editorjs/list 2.x nested shape. */
export interface ListItem {
  content: string;
  meta: Record<string, never> | { checked?: boolean };
  items: ListItem[];
}
export interface ListData {
  style: 'ordered' | 'unordered';
  /** counterType: the list tool's numbering style (numeric, lower-roman, upper-alpha, …). */
  meta?: { start?: number; counterType?: string };
  items: ListItem[];
}

/** A table cell: inline HTML plus its span; cells covered by a span are simply absent (as in HTML). */
export interface TableCell {
  html: string;
  colspan?: number;
  rowspan?: number;
  /** A header cell (th): the chart rules read this. */
  header?: boolean;
}
export interface TableData {
  /** The first row is a header row. */
  withHeadings: boolean;
  rows: TableCell[][];
}

export type ImageFloat = 'none' | 'left' | 'right' | 'center';
export interface ImageData {
  url: string;
  caption: string;
  alt?: string;
  width?: number;
  height?: number;
  float: ImageFloat;
  /** The attachment id when the image came from the attachment library. */
  attId?: number;
}

export interface AttachmentData {
  url: string;
  name: string;
  /** Bytes, when known. */
  size?: number;
}

export interface CodeData {
  code: string;
  /** One of CODE_LANGUAGES' ids. */
  language: string;
}

export interface VideoData {
  url: string;
  width: number;
  height: number;
}

export type ChartType = 'bar' | 'line' | 'pie';
/** A chart made from a table (spec section 5 rules): header row + header column + numbers. */
export interface ChartData {
  chartType: ChartType;
  title: string;
  table: TableData;
}

/** Legacy markup the parser could not map onto a block: kept, sanitised, shown as is. */
export interface RawHtmlData {
  html: string;
}

export type PageBreakData = Record<string, never>;

/** Block type name → its data; the names are the Editor.js tool names. */
export interface BlockDataByType {
  paragraph: ParagraphData;
  header: HeaderData;
  list: ListData;
  table: TableData;
  image: ImageData;
  attachment: AttachmentData;
  code: CodeData;
  video: VideoData;
  chart: ChartData;
  pagebreak: PageBreakData;
  raw: RawHtmlData;
}

export type BlockType = keyof BlockDataByType;

export type EditorBlock = {
  [K in BlockType]: { id?: string; type: K; data: BlockDataByType[K]; tunes?: BlockTunes };
}[BlockType];

/** What Editor.js `save()` returns, narrowed to the project's blocks. */
export interface EditorDocument {
  time?: number;
  blocks: EditorBlock[];
  version?: string;
}

/** Code block languages (~25), id → label. */
export const CODE_LANGUAGES: readonly { id: string; label: string }[] = [
  { id: 'plaintext', label: 'Plain Text' },
  { id: 'html', label: 'HTML' },
  { id: 'css', label: 'CSS' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'typescript', label: 'TypeScript' },
  { id: 'json', label: 'JSON' },
  { id: 'xml', label: 'XML' },
  { id: 'java', label: 'Java' },
  { id: 'kotlin', label: 'Kotlin' },
  { id: 'c', label: 'C' },
  { id: 'cpp', label: 'C++' },
  { id: 'csharp', label: 'C#' },
  { id: 'go', label: 'Go' },
  { id: 'rust', label: 'Rust' },
  { id: 'python', label: 'Python' },
  { id: 'ruby', label: 'Ruby' },
  { id: 'php', label: 'PHP' },
  { id: 'swift', label: 'Swift' },
  { id: 'objectivec', label: 'Objective-C' },
  { id: 'sql', label: 'SQL' },
  { id: 'bash', label: 'Bash' },
  { id: 'powershell', label: 'PowerShell' },
  { id: 'yaml', label: 'YAML' },
  { id: 'markdown', label: 'Markdown' },
  { id: 'lua', label: 'Lua' },
  { id: 'perl', label: 'Perl' },
];

// The limits live in src/core (src/lib/ueditor needs them too); the editor's files import them here.
export { EDITOR_LIMITS } from '@/core/editor-limits';
