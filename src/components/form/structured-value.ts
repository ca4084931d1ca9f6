/**
 * Fields whose stored value is not what their control holds (an imported API's
 * `photoUrls: string[]`, `category: {id, name}`, `complete: boolean`): the form edits lists as
 * text one per line, other structures as JSON and booleans with the Switch (1/2), and hands the
 * stored value back on submit. Text that is not valid JSON is refused with a message instead of
 * being sent as a string the server would reject.
 */
import * as yup from 'yup';
import {
  isRequired,
  SWITCH_OFF,
  SWITCH_ON,
  type FieldDefinition,
  type ValueFormat,
} from '@/core/field-definition';
import { isRecord } from '@/core/guards';
import { recordFrom, referencedKey } from '@/core/options-from';
import { form as t } from '@/locale/form';

/** What the control shows for a stored value: the Switch's 1/2, or a textarea's text. */
export function structuredText(
  value: unknown,
  format: ValueFormat,
  field?: FieldDefinition,
): string | number {
  if (format === 'boolean') return value === true || value === 'true' ? SWITCH_ON : SWITCH_OFF;
  // The picker reads an RFC 3339 time as it stands.
  if (format === 'datetime') return typeof value === 'string' ? value : '';
  // The picker reads a Unix time in seconds as it stands too.
  if (format === 'seconds') return typeof value === 'number' ? value : '';
  if (format === 'reference') return referenceKey(value, field);
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string') return value;
  if (format === 'lines' && Array.isArray(value)) return value.map(String).join('\n');
  return JSON.stringify(value, null, 2);
}

/** Marks text that did not parse, so the test below can name the field. */
const NOT_JSON = Symbol('not JSON');

function parsed(text: string, format: ValueFormat): unknown {
  const trimmed = text.trim();
  if (format === 'lines')
    return trimmed
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  if (trimmed === '') return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function isEmpty(value: unknown): boolean {
  return value === undefined || (Array.isArray(value) && value.length === 0);
}

/** The key a select shows for a stored record (the author's id of `{id: 3, name: …}`). */
function referenceKey(value: unknown, field?: FieldDefinition): string | number {
  const own = referencedKey(field?.optionsFrom, value);
  return typeof own === 'string' || typeof own === 'number' ? own : '';
}

/** The chosen key back as the whole record the API stores (as last listed), else `{key}`. */
function referenceSchema(field: FieldDefinition): yup.AnySchema {
  const from = field.optionsFrom;
  const schema = yup.mixed().transform((value: unknown) => {
    if (value === null || value === undefined || value === '' || !from) return undefined;
    if (isRecord(value)) return value;
    return recordFrom(from, value) ?? { [from.value]: value };
  });
  return isRequired(field)
    ? schema.test('required', t.requiredChoice, (value) => value !== undefined)
    : schema;
}

/**
 * The picker's local `YYYY-MM-DD HH:mm:ss` as the API stores it: an RFC 3339 time (UTC) for
 * `datetime`, a Unix time in seconds for `seconds` (where a kept number stays as it is).
 */
function pickedTimeSchema(field: FieldDefinition, format: 'datetime' | 'seconds'): yup.AnySchema {
  const schema = yup.mixed().transform((value: unknown) => {
    if (format === 'seconds' && typeof value === 'number') return value;
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    const time = new Date(value.trim().replace(' ', 'T'));
    if (Number.isNaN(time.getTime())) return value;
    return format === 'seconds' ? Math.floor(time.getTime() / 1000) : time.toISOString();
  });
  return isRequired(field)
    ? schema.test('required', t.requiredPick(field.cf_name), (value) => value !== undefined)
    : schema;
}

export function structuredSchema(field: FieldDefinition, format: ValueFormat): yup.AnySchema {
  if (format === 'boolean')
    return yup.mixed().transform((value: unknown) => value === SWITCH_ON || value === true);
  if (format === 'datetime' || format === 'seconds') return pickedTimeSchema(field, format);
  if (format === 'reference') return referenceSchema(field);
  const name = field.cf_name;
  let schema = yup
    .mixed()
    .transform((value: unknown) => (typeof value === 'string' ? parsed(value, format) : value))
    .test('json', t.notJson(name), (value) => value !== NOT_JSON);
  if (isRequired(field))
    schema = schema.test('required', t.required(name), (value) => !isEmpty(value));
  return schema;
}
