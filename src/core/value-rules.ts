/**
 * The value rules the contract's formats name, defined once for the mock backend (registered
 * as ajv formats) and the form (yup tests) alike: texts without control characters
 * (`format: single-line` / `multi-line`), real calendar dates within a stated range
 * (`format: date` with `x-date-range`), finite numbers. In core, so the app,
 * the mock and the generator share one copy.
 */
import { isRecord } from './guards';

/** The contract's format names for texts (openapi/components/common.yaml describes them). */
export const TEXT_FORMATS = {
  /** One line: no control character at all (U+0000–U+001F, U+007F–U+009F). */
  singleLine: 'single-line',
  /** Several lines: tab, line feed and carriage return allowed, no other control character. */
  multiLine: 'multi-line',
} as const;

export type TextLines = (typeof TEXT_FORMATS)[keyof typeof TEXT_FORMATS];

/**
 * The dates a field takes when its schema states no range of its own: the contract's
 * `CalendarDate` (openapi/components/common.yaml) declares the same (a unit test holds them
 * equal). A birthday, a deadline or a version's date of a back office lies well within it; years
 * such as 0000 or +275760 are typing or tampering, and a database's date column refuses them.
 */
export const DATE_RANGE = { min: '1900-01-01', max: '2100-12-31' } as const;

export interface DateRange {
  min: string;
  max: string;
}

/** The contract's keyword stating a date field's range: `x-date-range: { min, max }`. */
export const DATE_RANGE_KEYWORD = 'x-date-range';

/** A range as the contract writes it: two YYYY-MM-DD days. */
export function isDateRange(value: unknown): value is DateRange {
  if (!isRecord(value)) return false;
  const { min, max } = value;
  return (
    typeof min === 'string' && typeof max === 'string' && isCalendarDate(min) && isCalendarDate(max)
  );
}

/** U+0000–U+001F and U+007F–U+009F; a multi-line text may hold tab, line feed, carriage return. */
function isRefusedControl(code: number, lines: TextLines): boolean {
  if (code >= 0x7f && code <= 0x9f) return true;
  if (code > 0x1f) return false;
  return lines !== TEXT_FORMATS.multiLine || (code !== 0x09 && code !== 0x0a && code !== 0x0d);
}

/** Whether a text holds no control character (a multi-line text may hold tabs and line breaks). */
export function isCleanText(text: string, lines: TextLines): boolean {
  for (let index = 0; index < text.length; index += 1)
    if (isRefusedControl(text.charCodeAt(index), lines)) return false;
  return true;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/**
 * Whether a text is a day of the calendar written YYYY-MM-DD (2025-02-30 and 0000-00-00 are not).
 * A four-digit year only: an expanded year (+275760-09-13) is not a date the app writes.
 */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= days;
}

/**
 * The date and time texts the app writes: YYYY-MM-DD HH:mm[:ss] (the picker's) or RFC 3339
 * (YYYY-MM-DDTHH:mm:ss[.fff](Z|±hh:mm)); the date part is checked by `isCalendarDate`.
 */
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d|60)(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/iu;

/** The YYYY-MM-DD day of a date-and-time text, or undefined when it is not a real one. */
export function dayOfDateTime(text: string): string | undefined {
  const match = DATE_TIME.exec(text);
  const day = match?.[1];
  return day !== undefined && isCalendarDate(day) ? day : undefined;
}

/** Orders two YYYY-MM-DD days (fixed width, so text order is date order). */
export function compareDays(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether a YYYY-MM-DD day lies within a range (both ends included). */
export function isWithin(day: string, range: DateRange = DATE_RANGE): boolean {
  return compareDays(day, range.min) >= 0 && compareDays(day, range.max) <= 0;
}

/** What is wrong with a date picker's text: no day of the calendar, or a day outside the range. */
export type DateProblem =
  | { kind: 'notDate' }
  | { kind: 'tooEarly'; limit: string }
  | { kind: 'tooLate'; limit: string };

/**
 * The problem of a date text (YYYY-MM-DD, or with a time of day when `withTime`), if it has one;
 * the mock and the form word it each in their own style.
 */
export function dateProblem(
  text: string,
  withTime: boolean,
  range: DateRange = DATE_RANGE,
): DateProblem | undefined {
  const day = withTime ? dayOfDateTime(text) : isCalendarDate(text) ? text : undefined;
  if (day === undefined) return { kind: 'notDate' };
  if (compareDays(day, range.min) < 0) return { kind: 'tooEarly', limit: range.min };
  if (compareDays(day, range.max) > 0) return { kind: 'tooLate', limit: range.max };
  return undefined;
}

/** A number that JSON can carry: 1e400 parses to Infinity, which would be stored as null. */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The path (property names, array indices) of the first non-finite number in a parsed value,
 * or undefined when there is none. Depth-limited: the request guard refuses deeper bodies.
 */
export function nonFiniteAt(value: unknown, depth = 0): (string | number)[] | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : [];
  if (typeof value !== 'object' || value === null || depth > 64) return undefined;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    const inner = nonFiniteAt(item, depth + 1);
    if (inner) return [key, ...inner];
  }
  return undefined;
}
