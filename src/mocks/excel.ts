/**
 * Real .xlsx files for export, the import template and import, built and read with exceljs
 * (loaded on first use so the app's start-up bundle does not carry it).
 *
 * Reading an import is careful, because the file comes from a user: the zip directory and the
 * unpacked size, rows and cells are measured before exceljs (which holds the whole workbook in
 * memory) sees the file; the header row must be the template's; and every cell turns into
 * plain text, a number or true/false — a formula gives its saved result, rich text and links
 * their text, a date its YYYY-MM-DD text — so no object ever reaches a text field.
 */
import { mockMessages } from '@/locale/mock';
import type { MockRow } from './types';
import type { Params } from './util';
import { isRecord } from '@/core/guards';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** [field, header] in template order. */
export type Columns = readonly (readonly [string, string])[];

/**
 * Data rows one import may hold. A constant for now; it belongs in the contract (x-admin
 * importMaxRows of the import operation), which is why readImportSheet takes it as a parameter.
 */
export const DEFAULT_IMPORT_MAX_ROWS = 10_000;

const MB = 1024 * 1024;
/**
 * What the file may unpack to. 10,000 rows of a wide template are well under 30 MB of sheet
 * XML; a zip bomb (a few MB that inflate to gigabytes) is stopped while it inflates.
 */
export const IMPORT_UNPACKED_LIMIT = 64 * MB;
/**
 * Cells per row allowed in the file, per template column (and at least this many columns'
 * worth): room for formatted empty cells, not for a sheet thousands of columns wide.
 */
const CELLS_PER_COLUMN = 4;
const MIN_COLUMNS = 10;
/** How many unknown or missing header names a message lists before "等 N 列". */
const HEADER_NAMES_SHOWN = 5;

async function exceljs() {
  const module = await import('exceljs');
  // CommonJS under Node, ES default under the bundler.
  return (module as unknown as { default?: typeof module }).default ?? module;
}

function cellValue(value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string')
    return value;
  return JSON.stringify(value);
}

/** A workbook with one sheet: the header row, then one row per record. */
export async function buildWorkbook(
  sheetName: string,
  columns: Columns,
  rows: readonly MockRow[],
): Promise<Uint8Array> {
  const ExcelJS = await exceljs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'mock backend';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Sheet1');
  sheet.columns = columns.map(([field, header]) => ({
    header,
    key: field,
    width: Math.max(12, header.length * 2 + 4),
  }));
  for (const row of rows) {
    sheet.addRow(Object.fromEntries(columns.map(([field]) => [field, cellValue(row[field])])));
  }
  sheet.getRow(1).font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  // exceljs types the buffer as a Node Buffer; in the browser it is an ArrayBuffer: both fit.
  return new Uint8Array(buffer);
}

// --- the zip, measured before exceljs reads it -------------------------------------------------

interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (the only two an .xlsx uses). */
  method: number;
  compressedSize: number;
  /** As declared: a zip bomb may lie, so the inflated bytes are counted too. */
  size: number;
  offset: number;
}

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
/** A 32-bit field at its maximum means "see the ZIP64 record": no 5 MB sheet needs one. */
const ZIP64_MARK = 0xffffffff;

/** The central directory's entries; undefined when the bytes are not a zip file. */
function zipEntries(data: Uint8Array): ZipEntry[] | 'zip64' | undefined {
  if (data.length < 22) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // The end record is the last 22 bytes, before a comment of at most 65,535.
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at -= 1) {
    if (view.getUint32(at, true) === ZIP_END) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0xffff || at === ZIP64_MARK) return 'zip64';
  const names = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > data.length || view.getUint32(at, true) !== ZIP_CENTRAL) return undefined;
    const nameLength = view.getUint16(at + 28, true);
    const entry: ZipEntry = {
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
      name: names.decode(data.subarray(at + 46, at + 46 + nameLength)),
    };
    if ([entry.compressedSize, entry.size, entry.offset].includes(ZIP64_MARK)) return 'zip64';
    entries.push(entry);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** An entry's stored bytes (still compressed); undefined when the entry points outside. */
function entryData(data: Uint8Array, entry: ZipEntry): Uint8Array<ArrayBuffer> | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (entry.offset + 30 > data.length || view.getUint32(entry.offset, true) !== ZIP_LOCAL)
    return undefined;
  const start =
    entry.offset +
    30 +
    view.getUint16(entry.offset + 26, true) +
    view.getUint16(entry.offset + 28, true);
  const end = start + entry.compressedSize;
  return end <= data.length ? data.slice(start, end) : undefined;
}

interface Measure {
  /** Bytes inflated so far, all entries. */
  bytes: number;
  /** Data rows (rows after each sheet's first) of the sheets read so far. */
  rows: number;
  cells: number;
}

interface MeasureLimits {
  bytes: number;
  rows: number;
  cells: number;
}

type MeasureOutcome = 'ok' | 'tooLarge' | 'tooManyRows' | 'corrupt';

/** A row or cell element of sheet XML, with or without a namespace prefix. */
const SHEET_ELEMENT = /<(?:[A-Za-z_][\w.-]{0,20}:)?(row|c)[\s/>]/g;
/** Longer than any start of SHEET_ELEMENT: text after the last `<` kept for the next chunk. */
const ELEMENT_TAIL = 32;

/**
 * Inflates one entry chunk by chunk (nothing is kept), adding its bytes to `measure`, and for a
 * worksheet its rows and cells; stops as soon as a limit is passed.
 */
async function measureEntry(
  data: Uint8Array,
  entry: ZipEntry,
  measure: Measure,
  limits: MeasureLimits,
): Promise<MeasureOutcome> {
  const stored = entryData(data, entry);
  if (!stored || (entry.method !== 0 && entry.method !== 8)) return 'corrupt';
  const source = new Blob([stored]).stream();
  const reader = (
    entry.method === 8 ? source.pipeThrough(new DecompressionStream('deflate-raw')) : source
  ).getReader();
  const sheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name);
  const text = new TextDecoder();
  const rowsBefore = measure.rows;
  let sheetRows = 0;
  let tail = '';
  const outcome = (): MeasureOutcome | undefined => {
    if (measure.bytes > limits.bytes || measure.cells > limits.cells) return 'tooLarge';
    if (measure.rows > limits.rows) return 'tooManyRows';
    return undefined;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      measure.bytes += value.byteLength;
      if (sheet) {
        let chunk = tail + text.decode(value, { stream: true });
        const cut = chunk.lastIndexOf('<');
        tail = cut >= 0 && chunk.length - cut < ELEMENT_TAIL ? chunk.slice(cut) : '';
        if (tail) chunk = chunk.slice(0, cut);
        for (const [, name] of chunk.matchAll(SHEET_ELEMENT)) {
          if (name === 'row') sheetRows += 1;
          else measure.cells += 1;
        }
        // The first row of each sheet is its header.
        measure.rows = rowsBefore + Math.max(0, sheetRows - 1);
      }
      const over = outcome();
      if (over) {
        await reader.cancel();
        return over;
      }
    }
  } catch {
    return 'corrupt';
  }
  return 'ok';
}

/** The first reason the file cannot be read safely, as the user's message; undefined if fine. */
async function measureProblem(
  data: Uint8Array,
  columns: Columns,
  maxRows: number,
): Promise<string | undefined> {
  // An .xls (the old binary format, an OLE compound file) is not a zip.
  if ([0xd0, 0xcf, 0x11, 0xe0].every((byte, index) => data[index] === byte))
    return mockMessages.importXls;
  const entries = zipEntries(data);
  if (entries === 'zip64') return mockMessages.importTooLarge(formatMb(IMPORT_UNPACKED_LIMIT));
  if (!entries?.some((entry) => entry.name === 'xl/workbook.xml'))
    return mockMessages.importBadFile;
  const limits: MeasureLimits = {
    bytes: IMPORT_UNPACKED_LIMIT,
    rows: maxRows,
    cells: (maxRows + 1) * Math.max(columns.length, MIN_COLUMNS) * CELLS_PER_COLUMN,
  };
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > limits.bytes) return mockMessages.importTooLarge(formatMb(limits.bytes));
  const measure: Measure = { bytes: 0, rows: 0, cells: 0 };
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    switch (await measureEntry(data, entry, measure, limits)) {
      case 'tooLarge':
        return mockMessages.importTooLarge(formatMb(limits.bytes));
      case 'tooManyRows':
        return mockMessages.importTooManyRows(maxRows);
      case 'corrupt':
        return mockMessages.importBadFile;
      case 'ok':
        break;
    }
  }
  return undefined;
}

function formatMb(bytes: number): string {
  return `${Math.round(bytes / MB)} MB`;
}

// --- cells ---------------------------------------------------------------------------------

/** A cell as an import stores it. */
export type SheetValue = string | number | boolean;

type CellReading =
  | { kind: 'value'; value: SheetValue | undefined }
  | { kind: 'formulaWithoutResult' }
  | { kind: 'error'; code: string };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell as the text the forms use. exceljs reads Excel's serial dates (which have no time
 * zone) as that wall-clock time in UTC, so the UTC fields are what the user typed.
 */
function dateText(date: Date): string | undefined {
  if (Number.isNaN(date.getTime())) return undefined;
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const seconds = date.getUTCHours() * 3600 + date.getUTCMinutes() * 60 + date.getUTCSeconds();
  if (!seconds) return day;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/**
 * The plain value of an exceljs cell value: text (trimmed: spaces at either end are invisible in
 * a sheet), a finite number, true/false, or undefined when blank. The object shapes are
 * {formula | sharedFormula, result}, {richText: [{text}]}, {text, hyperlink} (whose text may
 * itself be rich text) and {error}.
 */
function readCell(value: unknown, depth = 0): CellReading {
  if (value === null || value === undefined) return { kind: 'value', value: undefined };
  if (typeof value === 'string') return { kind: 'value', value: value.trim() || undefined };
  if (typeof value === 'number')
    return Number.isFinite(value) ? { kind: 'value', value } : { kind: 'error', code: '#NUM!' };
  if (typeof value === 'boolean') return { kind: 'value', value };
  if (value instanceof Date) {
    const text = dateText(value);
    return text ? { kind: 'value', value: text } : { kind: 'error', code: '#VALUE!' };
  }
  if (!isRecord(value) || depth > 2) return { kind: 'error', code: '#VALUE!' };
  if ('error' in value) return { kind: 'error', code: String(value.error) };
  if ('formula' in value || 'sharedFormula' in value) {
    if (value.result === undefined || value.result === null)
      return { kind: 'formulaWithoutResult' };
    return readCell(value.result, depth + 1);
  }
  if ('richText' in value && Array.isArray(value.richText)) {
    const parts = value.richText.map((part) =>
      isRecord(part) && typeof part.text === 'string' ? part.text : '',
    );
    return { kind: 'value', value: parts.join('').trim() || undefined };
  }
  if ('text' in value) return readCell(value.text, depth + 1);
  return { kind: 'error', code: '#VALUE!' };
}

/** Column letters as Excel shows them: 1 → A, 27 → AA. */
function columnLetter(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

// --- the sheet -----------------------------------------------------------------------------

/** One problem of an import, as the report lists it. */
export interface ImportProblem {
  /** The row number as the user sees it in the sheet (the header is row 1). */
  row: number;
  /** The field, empty when the problem is not one field's (a column without a header). */
  field: string;
  /** The column's header, or its letter (H列). */
  label: string;
  message: string;
}

export interface SheetRow {
  /** The row number as the user sees it in the sheet. */
  row: number;
  /** Field → plain value, blank cells left out. */
  values: Params;
  /** What could not be read (a formula without a saved result, an error value, …). */
  problems: ImportProblem[];
}

export type SheetReading = { ok: true; rows: SheetRow[] } | { ok: false; message: string };

export interface SheetOptions {
  /** Data rows the import takes at most (DEFAULT_IMPORT_MAX_ROWS). */
  maxRows: number;
  /** Fields whose column the header must have (the add call requires them). */
  required: readonly string[];
}

function quotedNames(names: readonly string[]): string {
  const shown = names.slice(0, HEADER_NAMES_SHOWN).map((name) => `「${name}」`);
  const more = names.length - shown.length;
  return shown.join('、') + (more > 0 ? mockMessages.importMoreColumns(more) : '');
}

/** The header row's problems (empty when it is the template's), worded for the user. */
function headerProblems(
  headers: readonly { column: number; text: string; field: string | undefined }[],
  columns: Columns,
  required: readonly string[],
): string[] {
  if (!headers.length) return [mockMessages.importHeaderMissing];
  const problems: string[] = [];
  const unknown = headers.filter((header) => !header.field).map((header) => header.text);
  if (unknown.length) problems.push(mockMessages.importHeaderUnknown(quotedNames(unknown)));
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const { field, text } of headers) {
    if (!field) continue;
    if (seen.has(field)) twice.add(text);
    seen.add(field);
  }
  if (twice.size) problems.push(mockMessages.importHeaderDuplicate(quotedNames([...twice])));
  const missing = columns
    .filter(([field]) => required.includes(field) && !seen.has(field))
    .map(([, header]) => header);
  if (missing.length) problems.push(mockMessages.importHeaderRequired(quotedNames(missing)));
  return problems;
}

/**
 * The rows of an uploaded workbook's first sheet, or why it cannot be imported: not an .xlsx,
 * too large once unpacked, more than `maxRows` data rows, a header row that is not the
 * template's (each header cell names a column by its header text or field name, each column
 * at most once, every required column present), or no data row. Blank rows are skipped.
 */
export async function readImportSheet(
  bytes: ArrayBuffer | Uint8Array,
  columns: Columns,
  options: SheetOptions,
): Promise<SheetReading> {
  const data = new Uint8Array(bytes);
  if (!data.length) return { ok: false, message: mockMessages.importEmptyFile };
  if (!columns.length) return { ok: false, message: mockMessages.importNoColumns };
  const problem = await measureProblem(data, columns, options.maxRows);
  if (problem) return { ok: false, message: problem };

  const ExcelJS = await exceljs();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data.buffer);
  } catch {
    return { ok: false, message: mockMessages.importBadFile };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, message: mockMessages.importBadFile };

  const byHeader = new Map<string, string>();
  for (const [field, header] of columns) {
    byHeader.set(header.trim(), field);
    byHeader.set(field, field);
  }
  const headers: { column: number; text: string; field: string | undefined }[] = [];
  sheet.getRow(1).eachCell((cell, column) => {
    if (cell.isMerged && cell.master.address !== cell.address) return;
    const reading = readCell(cell.value);
    const text = reading.kind === 'value' ? String(reading.value ?? '') : '';
    if (!text) return;
    headers.push({ column, text, field: byHeader.get(text) });
  });
  const wrong = headerProblems(headers, columns, options.required);
  if (wrong.length) {
    return {
      ok: false,
      message: mockMessages.importBadHeader(
        wrong,
        columns.map(([, header]) => header),
      ),
    };
  }
  const fieldAt = new Map(headers.map((header) => [header.column, header]));

  const rows: SheetRow[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Params = {};
    const problems: ImportProblem[] = [];
    row.eachCell((cell, column) => {
      // A merged range's other cells repeat its first cell's value: read that one once.
      if (cell.isMerged && cell.master.address !== cell.address) return;
      const header = fieldAt.get(column);
      const field = header?.field ?? '';
      const label = header?.text ?? mockMessages.importColumnLabel(columnLetter(column));
      const reading = readCell(cell.value);
      if (reading.kind === 'formulaWithoutResult') {
        problems.push({
          row: rowNumber,
          field,
          label,
          message: mockMessages.importFormulaNoResult(label),
        });
      } else if (reading.kind === 'error') {
        problems.push({
          row: rowNumber,
          field,
          label,
          message: mockMessages.importCellError(label, reading.code),
        });
      } else if (reading.value !== undefined) {
        if (header) values[field] = reading.value;
        // Nothing the user typed is dropped without a word.
        else
          problems.push({
            row: rowNumber,
            field,
            label,
            message: mockMessages.importNoHeader(label),
          });
      }
    });
    if (Object.keys(values).length || problems.length)
      rows.push({ row: rowNumber, values, problems });
  });
  // The measure counts <row> elements; this counts what exceljs read (they agree on real files).
  if (rows.length > options.maxRows)
    return { ok: false, message: mockMessages.importTooManyRows(options.maxRows) };
  if (!rows.length) return { ok: false, message: mockMessages.importNoRows };
  return { ok: true, rows };
}
