/**
 * Text formats of a property schema that the form checks (email, phone, URL, any pattern, one or
 * several lines, a date's range): carried into the field definition's parameData as `format` /
 * `pattern` / `textLines` / `minDate` + `maxDate`, so the form engine refuses a bad value with a
 * Chinese message before the server does, by the rules the mock checks the same formats with
 * (src/core/value-rules).
 */
import { isJson, type Json } from '../json';
import {
  DATE_RANGE_KEYWORD,
  TEXT_FORMATS,
  isDateRange,
  type TextLines,
} from '../../src/core/value-rules';

export type TextFormat = 'email' | 'phone' | 'url';

/** The form rules of a text property, as parameData carries them. */
export interface TextRules {
  format?: TextFormat;
  pattern?: string;
  textLines?: TextLines;
  /** The day range of a date (x-date-range), both ends included. */
  minDate?: string;
  maxDate?: string;
}

/** JSON-schema `format` values and the form format each means. */
const SCHEMA_FORMATS: Readonly<Record<string, TextFormat>> = {
  email: 'email',
  'idn-email': 'email',
  uri: 'url',
  url: 'url',
  iri: 'url',
};

/** A mainland mobile-number pattern (optionally allowing empty), as contracts write it. */
const PHONE_PATTERN = /^\^(?:\$\|\^)?1\[3-9\](?:\[0-9\]|\\d)\{9\}\$$/;

/** The schema itself or, for "empty or X" (`anyOf` / `oneOf`), any of its branches. */
function branches(schema: Json): Json[] {
  const alternatives = [schema.anyOf, schema.oneOf].filter(Array.isArray).flat().filter(isJson);
  return [schema, ...alternatives];
}

/**
 * The form rules a property schema implies, or undefined when it implies none.
 *
 * @example fieldFormat({ type: 'string', format: 'email' }) // { format: 'email' }
 * @example fieldFormat({ type: 'string', pattern: '^$|^1[3-9][0-9]{9}$' }) // { format: 'phone', pattern: '^$|^1[3-9][0-9]{9}$' }
 * @example fieldFormat({ type: 'string', pattern: '^[0-9]{6}$' }) // { pattern: '^[0-9]{6}$' }
 * @example fieldFormat({ type: 'string', format: 'single-line' }) // { textLines: 'single-line' }
 * @example fieldFormat({ type: 'string', format: 'date', 'x-date-range': { min: '1900-01-01', max: '2100-12-31' } })
 * // { minDate: '1900-01-01', maxDate: '2100-12-31' }
 */
export function fieldFormat(schema: Json): TextRules | undefined {
  const rules: TextRules = {};
  for (const branch of branches(schema)) {
    const format = typeof branch.format === 'string' ? SCHEMA_FORMATS[branch.format] : undefined;
    if (format && !rules.format) rules.format = format;
    if (typeof branch.pattern === 'string' && !rules.pattern) rules.pattern = branch.pattern;
    const lines = textLines(branch.format);
    if (lines && !rules.textLines) rules.textLines = lines;
    const range = branch[DATE_RANGE_KEYWORD];
    if (isDateRange(range) && !rules.minDate) {
      rules.minDate = range.min;
      rules.maxDate = range.max;
    }
  }
  if (rules.pattern && PHONE_PATTERN.test(rules.pattern)) rules.format = 'phone';
  return Object.keys(rules).length ? rules : undefined;
}

/** The line rule a schema format names (`single-line`, `multi-line`), if it names one. */
function textLines(format: unknown): TextLines | undefined {
  return Object.values(TEXT_FORMATS).find((lines) => lines === format);
}
