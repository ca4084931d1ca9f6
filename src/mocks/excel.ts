/**
 * Real .xlsx files for export, the import template and import, built and read with exceljs
 * (loaded on first use so the app's start-up bundle does not carry it).
 */
import type { MockRow } from './types';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Columns = readonly (readonly [string, string])[];

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
  return new Uint8Array(buffer as ArrayBuffer);
}

function plain(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return Math.floor(value.getTime() / 1000);
  if (typeof value === 'object') {
    const rich = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (Array.isArray(rich.richText)) return rich.richText.map((part) => part.text).join('');
    if (rich.text !== undefined) return rich.text;
    if (rich.result !== undefined) return rich.result;
  }
  return value;
}

/**
 * Records of the first sheet. The header row is matched against the columns by header text
 * or field name; unknown headers are ignored. Throws when the bytes are not a workbook.
 */
export async function readWorkbook(
  bytes: ArrayBuffer | Uint8Array,
  columns: Columns,
): Promise<MockRow[]> {
  const ExcelJS = await exceljs();
  const workbook = new ExcelJS.Workbook();
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  await workbook.xlsx.load(
    data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer,
  );
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const byHeader = new Map<string, string>();
  for (const [field, header] of columns) {
    byHeader.set(header.trim(), field);
    byHeader.set(field, field);
  }
  const fields: (string | undefined)[] = [];
  sheet.getRow(1).eachCell((cell, col) => {
    fields[col] = byHeader.get(String(plain(cell.value) ?? '').trim());
  });
  const records: MockRow[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const record: MockRow = {};
    row.eachCell((cell, col) => {
      const field = fields[col];
      const value = plain(cell.value);
      if (field && value !== undefined && value !== '') record[field] = value;
    });
    if (Object.keys(record).length) records.push(record);
  });
  return records;
}
