/**
 * The message a call's first contract violation answers with, naming the field by its label:
 * 「公告标题」长度不能超过100个字符, 请输入公告标题.
 */
import type { ErrorObject } from 'ajv';
import { mockMessages } from '@/locale/mock';
import { DATE_RANGE_KEYWORD, TEXT_FORMATS, isDateRange } from '@/core/value-rules';
import { isObject } from './contract-document';
import { labelFor } from './contract-fields';

const COMPOSITE = new Set(['oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else']);

function fieldOf(error: ErrorObject): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') parts.push(String(error.params.missingProperty ?? ''));
  return [...parts].reverse().find((part) => !/^\d+$/.test(part)) ?? '';
}

function limitOf(error: ErrorObject): number {
  return Number(error.params.limit);
}

/** The error a message is about: a missing field first, else the first concrete keyword. */
function chosenError(errors: readonly ErrorObject[]): ErrorObject {
  const required = errors.find((error) => error.keyword === 'required');
  return required ?? errors.find((item) => !COMPOSITE.has(item.keyword)) ?? errors[0]!;
}

/** What is wrong with one field of a body, as the call answers it. */
export interface FieldProblem {
  /** The property the message is about (empty for the body as a whole). */
  field: string;
  label: string;
  message: string;
}

export function problemFor(
  errors: readonly ErrorObject[],
  labels: Map<string, string>,
): FieldProblem {
  const field = fieldOf(chosenError(errors));
  return { field, label: labelFor(labels, field), message: messageFor(errors, labels) };
}

export function messageFor(errors: readonly ErrorObject[], labels: Map<string, string>): string {
  const error = chosenError(errors);
  const required = error.keyword === 'required';
  const label = labelFor(labels, fieldOf(error));
  // A value matching none of several shapes (an id that is neither number nor text).
  const ofSeveral = errors.some(
    (item) =>
      (item.keyword === 'oneOf' || item.keyword === 'anyOf') &&
      item.instancePath === error.instancePath,
  );
  if (!required && ofSeveral) return mockMessages.badFormat(label);
  const parent = isObject(error.parentSchema) ? error.parentSchema : {};
  switch (error.keyword) {
    case 'required':
      return mockMessages.required(label);
    case 'type': {
      // Infinity or NaN (ajv's strictNumbers): a number, but not one that can be stored.
      if (typeof error.data === 'number' && !Number.isFinite(error.data))
        return mockMessages.notFiniteNumber(label);
      if (Array.isArray(parent.enum)) return mockMessages.badValue(label);
      const wanted = String(error.params.type ?? '');
      if (wanted === 'integer') return mockMessages.notInteger(label);
      if (wanted === 'number') return mockMessages.notNumber(label);
      if (wanted === 'string') return mockMessages.notText(label);
      return mockMessages.badFormat(label);
    }
    case 'enum':
    case 'const':
      return mockMessages.badValue(label);
    case 'maxLength':
      return mockMessages.tooLong(label, limitOf(error));
    case 'minLength':
      return limitOf(error) <= 1
        ? mockMessages.required(label)
        : mockMessages.tooShort(label, limitOf(error));
    case 'maximum':
    case 'exclusiveMaximum':
      return mockMessages.tooBig(label, limitOf(error));
    case 'minimum':
    case 'exclusiveMinimum':
      return mockMessages.tooSmall(label, limitOf(error));
    case 'maxItems':
      return mockMessages.tooManyItems(label, limitOf(error));
    case 'minItems':
      return limitOf(error) <= 1
        ? mockMessages.required(label)
        : mockMessages.tooFewItems(label, limitOf(error));
    case 'format':
      return formatMessage(String(error.params.format ?? ''), label);
    case DATE_RANGE_KEYWORD:
      return rangeMessage(error.schema, error.data, label);
    default:
      return mockMessages.badFormat(label);
  }
}

/** A day outside its field's range (x-date-range), told by the end it passed. */
function rangeMessage(range: unknown, day: unknown, label: string): string {
  if (!isDateRange(range) || typeof day !== 'string') return mockMessages.badFormat(label);
  return day < range.min
    ? mockMessages.dateTooEarly(label, range.min)
    : mockMessages.dateTooLate(label, range.max);
}

/** A value refused by one of the contract's formats (src/core/value-rules). */
function formatMessage(format: string, label: string): string {
  if (format === TEXT_FORMATS.singleLine) return mockMessages.singleLineControl(label);
  if (format === TEXT_FORMATS.multiLine) return mockMessages.multiLineControl(label);
  if (format === 'date' || format === 'date-time') return mockMessages.notDate(label);
  return mockMessages.badFormat(label);
}
