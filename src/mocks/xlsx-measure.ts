/**
 * An import's .xlsx measured before exceljs (which holds the whole workbook in memory) reads it:
 * the zip directory, then every entry inflated chunk by chunk (nothing kept), counting the
 * unpacked bytes and the worksheets' rows and cells. A zip bomb is stopped while it inflates,
 * whatever sizes its directory declares.
 */
import { mockMessages } from '@/locale/mock';
import type { Columns } from './excel';

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
export async function measureProblem(
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
