/**
 * Request bodies checked against the operation's schema: required properties, types, enums,
 * min/max, lengths, patterns, items. `readOnly` properties are neither required nor checked on
 * input (the server sets them); a patch (merge-patch) requires nothing. One error per problem,
 * each with the JSON pointer of the value and a message naming the field.
 */
import { isRecord, listOf } from '@/core/guards';
import { DATE_RANGE_KEYWORD, isCalendarDate, isDateRange, isWithin } from '@/core/value-rules';
import {
  isNullable,
  numberAt,
  propertiesOf,
  requiredOf,
  resolve,
  textAt,
  typeOf,
  type Node,
} from './schema';

export interface FieldError {
  pointer: string;
  field: string;
  message: string;
}

/** input: a request body; patch: a partial one; output: a value the mock itself answers. */
export type Mode = 'input' | 'patch' | 'output';

/**
 * A calendar day that exists (RFC 3339 full-date): 2026-02-30, 2026-13-45 and 0000-00-00 do not.
 * The app's own rule (src/core/value-rules), so the mocks agree on what a day is.
 */
function isCalendarDay(text: string): boolean {
  return isCalendarDate(text.slice(0, 10));
}

const FORMATS: Record<string, (text: string) => boolean> = {
  date: (text) => isCalendarDate(text),
  'date-time': (text) =>
    /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(
      text,
    ) && isCalendarDay(text),
  email: (text) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text),
  uuid: (text) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text),
};

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    // OpenAI's `moderation: { anyOf: [{ $ref }, { type: 'null' }] }`: only null is of type null.
    case 'null':
      return value === null;
    default:
      return true;
  }
}

function patternMatches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    // A pattern JavaScript cannot read constrains nothing here.
    return true;
  }
}

function fieldOf(pointer: string): string {
  return pointer.split('/').slice(1).join('.') || '(body)';
}

export function validate(
  document: Node,
  input: unknown,
  value: unknown,
  mode: Mode,
  pointer = '',
  depth = 0,
): FieldError[] {
  const schema = resolve(document, input);
  const errors: FieldError[] = [];
  const fail = (message: string) =>
    errors.push({ pointer, field: fieldOf(pointer), message: `${fieldOf(pointer)} ${message}` });
  if (depth > 32) return errors;
  if (value === null) {
    if (!isNullable(schema) && schema.type !== 'null' && typeOf(schema) !== undefined)
      fail('must not be null');
    return errors;
  }
  // Whatever the schema says (an untyped value too): JSON's 1e400 reads as Infinity, which a
  // stored record would hold as null.
  if (typeof value === 'number' && !Number.isFinite(value)) {
    fail('must be a finite number');
    return errors;
  }
  for (const part of listOf(schema.allOf))
    errors.push(...validate(document, part, value, mode, pointer, depth + 1));
  const variants = [...listOf(schema.oneOf), ...listOf(schema.anyOf)];
  const matching = variants.filter(
    (variant) => validate(document, variant, value, mode, pointer, depth + 1).length === 0,
  ).length;
  if (variants.length > 0 && matching === 0) fail('matches none of the allowed shapes');
  // What the mock answers fits a oneOf as a validator reads it: exactly one variant. A request
  // is taken as a server would, by any (DigitalOcean's feature `value` is a oneOf of two texts).
  else if (mode === 'output' && listOf(schema.oneOf).length > 0 && matching > 1)
    fail('matches more than one of the allowed shapes');
  const type = typeOf(schema);
  if (type !== undefined && !typeMatches(type, value)) {
    fail(
      type === 'integer' && typeof value === 'number'
        ? 'must be a safe integer'
        : `must be ${type === 'array' || type === 'object' ? 'an' : 'a'} ${type}`,
    );
    return errors;
  }
  const choices = listOf(schema.enum);
  if (choices.length > 0 && !choices.includes(value))
    fail(`must be one of ${choices.map((choice) => JSON.stringify(choice)).join(', ')}`);
  if (typeof value === 'number') {
    const minimum = numberAt(schema, 'minimum');
    const maximum = numberAt(schema, 'maximum');
    if (minimum !== undefined && value < minimum) fail(`must be at least ${minimum}`);
    if (maximum !== undefined && value > maximum) fail(`must be at most ${maximum}`);
    const above = numberAt(schema, 'exclusiveMinimum');
    const below = numberAt(schema, 'exclusiveMaximum');
    if (above !== undefined && value <= above) fail(`must be more than ${above}`);
    if (below !== undefined && value >= below) fail(`must be less than ${below}`);
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    const min = numberAt(schema, 'minLength');
    const max = numberAt(schema, 'maxLength');
    if (min !== undefined && length < min) fail(`must have at least ${min} characters`);
    if (max !== undefined && length > max) fail(`must have at most ${max} characters`);
    const pattern = textAt(schema, 'pattern');
    if (pattern !== undefined && !patternMatches(pattern, value)) fail(`must match ${pattern}`);
    const format = FORMATS[textAt(schema, 'format') ?? ''];
    if (format && !format(value)) fail(`must be a valid ${textAt(schema, 'format')}`);
    // A range the imported contract states itself (x-date-range, as the app's contract does);
    // a third party's dates have no range of ours.
    const range = schema[DATE_RANGE_KEYWORD];
    if (isDateRange(range) && isCalendarDate(value) && !isWithin(value, range))
      fail(`must be between ${range.min} and ${range.max}`);
  }
  if (Array.isArray(value)) {
    const min = numberAt(schema, 'minItems');
    const max = numberAt(schema, 'maxItems');
    if (min !== undefined && value.length < min) fail(`must have at least ${min} items`);
    if (max !== undefined && value.length > max) fail(`must have at most ${max} items`);
    value.forEach((item, index) =>
      errors.push(
        ...validate(document, schema.items, item, mode, `${pointer}/${index}`, depth + 1),
      ),
    );
  }
  if (isRecord(value))
    errors.push(...validateObject(document, schema, value, mode, pointer, depth));
  return errors;
}

function validateObject(
  document: Node,
  schema: Node,
  value: Record<string, unknown>,
  mode: Mode,
  pointer: string,
  depth: number,
): FieldError[] {
  const errors: FieldError[] = [];
  const properties = propertiesOf(document, schema);
  const skipped = (property: Node | undefined) => mode !== 'output' && property?.readOnly === true;
  // An answer lacks nothing its schema requires either: OpenAI's `moderation` sent in a request
  // as `{ model }` fits the anyOf of the record it is kept in only if that checks `input`.
  if (mode !== 'patch')
    for (const name of requiredOf(document, schema)) {
      if (skipped(properties.get(name)) || value[name] !== undefined) continue;
      const at = `${pointer}/${name}`;
      errors.push({ pointer: at, field: fieldOf(at), message: `${fieldOf(at)} is required` });
    }
  for (const [name, item] of Object.entries(value)) {
    const at = `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const property = properties.get(name);
    if (property === undefined) {
      if (schema.additionalProperties === false)
        errors.push({ pointer: at, field: fieldOf(at), message: `${fieldOf(at)} is not allowed` });
      else
        // A free-form value is checked by its own shape alone (no Infinity anywhere in it).
        errors.push(
          ...validate(
            document,
            isRecord(schema.additionalProperties) ? schema.additionalProperties : {},
            item,
            mode,
            at,
            depth + 1,
          ),
        );
      continue;
    }
    if (skipped(property)) continue;
    errors.push(
      ...validate(document, property, item, mode === 'patch' ? 'patch' : mode, at, depth + 1),
    );
  }
  return errors;
}
