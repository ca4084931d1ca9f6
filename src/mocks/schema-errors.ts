/**
 * A validator's errors (./json-schema) as the problems a user reads: where each is (a JSON
 * pointer), which errors belong together, and the Chinese message of each (src/locale/mock),
 * for the contract's calls (./contract-messages) and the imported sources
 * (./rest-source/schema-check) alike. No ajv here, so the request guards that import this do not
 * load the validator before the first call that needs it.
 */
import type { ErrorObject } from 'ajv';
import { isRecord } from '@/core/guards';
import { DATE_RANGE_KEYWORD, TEXT_FORMATS, isDateRange } from '@/core/value-rules';
import { mockMessages } from '@/locale/mock';

/** A JSON pointer segment (`a/b` → `a~1b`). */
export function pointerSegment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Where an error is, as a JSON pointer into the value: a missing or unexpected property is
 * pointed at by its own name, not by the object holding it.
 */
export function pointerOf(error: ErrorObject): string {
  const named: unknown =
    error.keyword === 'required'
      ? error.params.missingProperty
      : error.keyword === 'additionalProperties'
        ? error.params.additionalProperty
        : undefined;
  return typeof named === 'string'
    ? `${error.instancePath}/${pointerSegment(named)}`
    : error.instancePath;
}

/** Keywords that fail because their subschemas did: their own error follows those of the parts. */
const COMPOSITE = new Set(['oneOf', 'anyOf', 'not', 'if', 'contains']);

const within = (pointer: string, outer: string) =>
  pointer === outer || pointer.startsWith(`${outer}/`);

/** The errors about one value: one problem, one message. */
export interface ErrorGroup {
  /** Where the value is, as a JSON pointer (empty: the whole value). */
  pointer: string;
  errors: ErrorObject[];
  /** None of a oneOf/anyOf's shapes took the value (the errors of the shapes are in `errors`). */
  ofShapes: boolean;
}

/**
 * A value's errors as the problems a user reads, in the order found, one per value: the errors
 * ajv finds in a row about one value are one (a text for a choice is of the wrong type and no
 * choice), and a oneOf/anyOf that none of its shapes matched is one with the errors of its shapes
 * (ajv lists them just before it, at or under its place) — OpenAI's `moderation: anyOf [object,
 * null]` sent as `{ model }` is one problem, not a missing `input` and a wrong type besides.
 */
export function errorGroups(errors: readonly ErrorObject[]): ErrorGroup[] {
  const groups: ErrorGroup[] = [];
  for (const error of errors) {
    const last = groups[groups.length - 1];
    if (!COMPOSITE.has(error.keyword)) {
      const pointer = pointerOf(error);
      if (last?.pointer === pointer) last.errors.push(error);
      else groups.push({ pointer, errors: [error], ofShapes: false });
      continue;
    }
    const parts: ErrorObject[] = [];
    while (groups.length > 0 && within(groups[groups.length - 1]!.pointer, error.instancePath))
      parts.unshift(...groups.pop()!.errors);
    groups.push({ pointer: error.instancePath, errors: [...parts, error], ofShapes: true });
  }
  return groups;
}

/** Keywords whose error only says that a part failed: a message names a concrete one. */
const APPLICATORS = new Set(['oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else']);

function limitOf(error: ErrorObject): number {
  return Number(error.params.limit);
}

/** The error a message is about: a missing field first, else the first concrete keyword. */
export function chosenError(errors: readonly ErrorObject[]): ErrorObject {
  const required = errors.find((error) => error.keyword === 'required');
  return required ?? errors.find((item) => !APPLICATORS.has(item.keyword)) ?? errors[0]!;
}

/**
 * The message of one group of errors about one value, naming it by `label`: a missing field
 * first, else the first concrete keyword; a value matching none of several shapes is of a bad
 * format.
 */
export function describeErrors(errors: readonly ErrorObject[], label: string): string {
  const error = chosenError(errors);
  const required = error.keyword === 'required';
  // A value matching none of several shapes (an id that is neither number nor text).
  const ofSeveral = errors.some(
    (item) =>
      (item.keyword === 'oneOf' || item.keyword === 'anyOf') &&
      item.instancePath === error.instancePath,
  );
  if (!required && ofSeveral) return mockMessages.badFormat(label);
  const parent = isRecord(error.parentSchema) ? error.parentSchema : {};
  switch (error.keyword) {
    case 'required':
      return mockMessages.required(label);
    case 'additionalProperties':
      return mockMessages.unknownField(label);
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
