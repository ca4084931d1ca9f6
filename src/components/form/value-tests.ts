/**
 * The form's checks of the value rules the contract's formats name, by the definitions the mock
 * backend checks the same formats with (src/core/value-rules): a text without control characters,
 * a date picker's day on the calendar and within its range, a finite number. A generated field
 * carries its contract format in parameData (textLines, minDate / maxDate); a designer-built
 * field has none and takes its control's rule, as the mock does for such a field. Also the text
 * formats (email, phone, URL, a pattern) the generator carries as parameData.format / pattern.
 */
import type * as yup from 'yup';
import type { FieldDefinition } from '@/core/field-definition';
import {
  DATE_RANGE,
  TEXT_FORMATS,
  dateProblem,
  isCleanText,
  isDateRange,
  type DateRange,
  type TextLines,
} from '@/core/value-rules';
import { form as t } from '@/locale/form';
import { settings as ts } from '@/locale/settings';

/** The line rule of a text field: its contract format, else its control's (input: one line). */
export function textLinesOf(field: FieldDefinition): TextLines {
  const declared = field.parameData?.textLines;
  const known = Object.values(TEXT_FORMATS).find((lines) => lines === declared);
  if (known) return known;
  return field.cf_control === 'textarea' || field.cf_control === 'editor'
    ? TEXT_FORMATS.multiLine
    : TEXT_FORMATS.singleLine;
}

/** The message for a text holding a control character its line rule refuses, if it does. */
export function textLinesMessage(field: FieldDefinition, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const lines = textLinesOf(field);
  if (isCleanText(value, lines)) return undefined;
  return lines === TEXT_FORMATS.singleLine
    ? t.singleLineControl(field.cf_name)
    : t.multiLineControl(field.cf_name);
}

/** A date field's range: the contract's x-date-range (minDate / maxDate), else DATE_RANGE. */
export function dateRangeOf(field: FieldDefinition): DateRange {
  const declared = { min: field.parameData?.minDate, max: field.parameData?.maxDate };
  return isDateRange(declared) ? declared : DATE_RANGE;
}

/**
 * The message for a date picker's text that is no day of the calendar or lies outside the
 * field's range; a blank is the required rule's business, and a number (a record's seconds
 * shown in a DateTimePicker) is checked as a number.
 */
export function dateMessage(field: FieldDefinition, value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const name = field.cf_name;
  const problem = dateProblem(value, field.cf_control === 'DateTimePicker', dateRangeOf(field));
  if (problem?.kind === 'notDate') return t.notDate(name);
  if (problem?.kind === 'tooEarly') return t.dateTooEarly(name, problem.limit);
  if (problem?.kind === 'tooLate') return t.dateTooLate(name, problem.limit);
  return undefined;
}

/** A yup test that reports `message(field, value)` when it says something is wrong. */
export function messageTest(
  name: string,
  field: FieldDefinition,
  message: (field: FieldDefinition, value: unknown) => string | undefined,
): yup.TestConfig<unknown> {
  return {
    name,
    test(value) {
      const problem = message(field, value);
      return problem === undefined ? true : this.createError({ message: problem });
    },
  };
}

/** Infinity or NaN is no number the server can store (a blank is the required rule's). */
export function finiteMessage(field: FieldDefinition, value: unknown): string | undefined {
  return typeof value === 'number' && !Number.isFinite(value)
    ? t.notFiniteNumber(field.cf_name)
    : undefined;
}

/** Text formats the contract declares (generator: parameData.format / parameData.pattern). */
const TEXT_FORMAT_RULES = {
  email: /^[^@\s]+@[^@\s]+\.[^@\s]+$/,
  phone: /^1[3-9]\d{9}$/,
  url: /^https?:\/\/[^\s/$.?#][^\s]*$/i,
} as const;

type TextFormat = keyof typeof TEXT_FORMAT_RULES;

function isTextFormat(value: unknown): value is TextFormat {
  return typeof value === 'string' && Object.hasOwn(TEXT_FORMAT_RULES, value);
}

/** The field's own pattern; one that does not compile is left to the server. */
function patternOf(field: FieldDefinition): RegExp | undefined {
  const source = field.parameData?.pattern;
  if (typeof source !== 'string' || source === '') return undefined;
  try {
    return new RegExp(source, 'u');
  } catch {
    return undefined;
  }
}

/**
 * The format rule of a text field (email, phone, URL, pattern), checked only on a non-empty
 * value: emptiness is the required rule's business. A known format speaks for the field (its
 * pattern, if any, says the same); otherwise the pattern gives 格式不正确.
 */
export function formatRuleOf(
  field: FieldDefinition,
): { message: string; test: (value: string | undefined) => boolean } | undefined {
  const name = field.cf_name;
  const format = field.parameData?.format;
  if (isTextFormat(format)) {
    const rule = TEXT_FORMAT_RULES[format];
    return { message: ts.format[format](name), test: (value) => !value || rule.test(value) };
  }
  const pattern = patternOf(field);
  if (pattern)
    return { message: ts.format.pattern(name), test: (value) => !value || pattern.test(value) };
  return undefined;
}
