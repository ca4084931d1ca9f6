/**
 * The contract's own value formats for ajv — `date` as a real day of the calendar, the text
 * formats (`single-line`, `multi-line`) and a date field's `x-date-range` — from the definitions
 * the forms read too (./value-rules). One registration for every ajv that reads the contract:
 * the mock backend's request checks and `cli verify`'s answer checks.
 */
import type { Ajv } from 'ajv';
import {
  DATE_RANGE_KEYWORD,
  isCalendarDate,
  isCleanText,
  isDateRange,
  isWithin,
  TEXT_FORMATS,
} from './value-rules';

export function addContractFormats(ajv: Ajv): void {
  ajv.addFormat('date', { type: 'string', validate: isCalendarDate });
  for (const lines of Object.values(TEXT_FORMATS))
    ajv.addFormat(lines, { type: 'string', validate: (text: string) => isCleanText(text, lines) });
  ajv.addKeyword({
    keyword: DATE_RANGE_KEYWORD,
    type: 'string',
    schemaType: 'object',
    // A text that is no date at all is the format's to refuse; this checks real days only.
    validate: (range: unknown, day: string) =>
      !isCalendarDate(day) || !isDateRange(range) || isWithin(day, range),
  });
}
