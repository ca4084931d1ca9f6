/**
 * One cell of an imported sheet as plain data: text, a number or true/false — a formula gives
 * its saved result, rich text and links their text, a date its YYYY-MM-DD text — so no object
 * ever reaches a text field.
 */
import { isRecord } from '@/core/guards';

/** A cell as an import stores it. */
export type SheetValue = string | number | boolean;

export type CellReading =
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
export function readCell(value: unknown, depth = 0): CellReading {
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
export function columnLetter(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
