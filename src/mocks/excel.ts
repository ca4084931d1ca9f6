/**
 * Real .xlsx files for export, the import template and import, built and read with exceljs
 * (loaded on first use so the app's start-up bundle does not carry it).
 *
 * Reading an import is careful, because the file comes from a user: the zip directory and the
 * unpacked size, rows and cells are measured before exceljs (which holds the whole workbook in
 * memory) sees the file (./xlsx-measure); the header row must be the template's; and every
 * cell turns into plain text, a number or true/false (./excel-cells), so no object ever reaches
 * a text field.
 */
import { mockMessages } from '@/locale/mock';
import type { MockRow } from './types';
import type { Params } from './util';
import { columnLetter, readCell } from './excel-cells';
import { measureProblem } from './xlsx-measure';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** [field, header] in template order. */
export type Columns = readonly (readonly [string, string])[];

/**
 * Data rows one import may hold. A constant for now; it belongs in the contract (x-admin
 * importMaxRows of the import operation), which is why readImportSheet takes it as a parameter.
 */
export const DEFAULT_IMPORT_MAX_ROWS = 10_000;

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

/**
 * A workbook with one sheet: the header row, then one row per record. `choices` (field → Excel
 * list formula, e.g. `"男,女"`) gives those columns a drop-down in the first `choiceRows` rows
 * below the header (the import template).
 */
export async function buildWorkbook(
  sheetName: string,
  columns: Columns,
  rows: readonly MockRow[],
  choices: ReadonlyMap<string, string> = new Map(),
  choiceRows = 0,
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
  columns.forEach(([field], index) => {
    const list = choices.get(field);
    if (!list) return;
    // exceljs writes alike cells of a column as one range.
    for (let row = 2; row <= choiceRows + 1; row += 1)
      sheet.getCell(row, index + 1).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [list],
      };
  });
  const buffer = await workbook.xlsx.writeBuffer();
  // exceljs types the buffer as a Node Buffer; in the browser it is an ArrayBuffer: both fit.
  return new Uint8Array(buffer);
}

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
