/**
 * Reading a request for an operation: path and query parameters coerced to their schema types
 * and checked, and the body parsed by its media type (JSON kinds, form-urlencoded) and checked
 * against the request schema. Hostile input (bad JSON, `__proto__` keys, nesting past 64 levels,
 * numbers JavaScript cannot hold exactly) becomes a field error, never a throw.
 */
import { isRecord, listOf } from '@/core/guards';
import { valueAtPath } from '@/core/rest-source';
import type { Operation } from './routes';
import { propertiesOf, recordAt, resolve, schemaAtPath, textAt, typeOf, type Node } from './schema';
import { validate, type FieldError, type Mode } from './schema-check';

export type Parsed<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; detail: string; errors?: FieldError[] };

const MAX_DEPTH = 64;

/**
 * A query or path text as its schema's type: '3' → 3 for an integer, 'true' → true; for a
 * `oneOf`/`anyOf` without a type of its own (listmonk's per_page: an integer or "all"), as the
 * first variant it is valid in.
 */
export function coerce(document: Node, schema: Node, text: string): unknown {
  const variants = [...listOf(schema.oneOf), ...listOf(schema.anyOf)];
  if (typeOf(schema) === undefined && variants.length > 0) {
    for (const variant of variants.map((item) => resolve(document, item))) {
      const value = coerce(document, variant, text);
      if (validate(document, variant, value, 'input').length === 0) return value;
    }
    return text;
  }
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text.trim()) ? Number(text) : text;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'array': {
      const items = resolve(document, schema.items);
      return text.split(',').map((item) => coerce(document, items, item));
    }
    default:
      return text;
  }
}

/** The declared path and query parameters, coerced; errors name each wrong or missing one. */
export function readParameters(
  document: Node,
  operation: Operation,
  pathValues: ReadonlyMap<string, string>,
  query: URLSearchParams,
): Parsed<Map<string, unknown>> {
  const values = new Map<string, unknown>();
  const errors: FieldError[] = [];
  for (const parameter of operation.parameters) {
    const name = textAt(parameter, 'name') ?? '';
    const where = textAt(parameter, 'in');
    if (where !== 'path' && where !== 'query') continue;
    const schema = resolve(document, parameter.schema);
    const raw = where === 'path' ? pathValues.get(name) : query.getAll(name);
    const texts = raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw;
    if (texts.length === 0) {
      if (parameter.required === true)
        errors.push({ pointer: `/${name}`, field: name, message: `${name} is required` });
      continue;
    }
    const value =
      typeOf(schema) === 'array'
        ? texts.flatMap((text) => listValue(coerce(document, schema, text)))
        : coerce(document, schema, texts[0] ?? '');
    const found = validate(document, schema, value, 'input', `/${name}`);
    if (found.length > 0) errors.push(...found);
    else values.set(name, value);
  }
  return errors.length > 0
    ? { ok: false, status: 400, detail: 'Invalid parameters', errors }
    : { ok: true, value: values };
}

function listValue(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** The first `__proto__` key or over-deep nesting in a parsed body, as a field error. */
function hostileKey(value: unknown, pointer = '', depth = 0): FieldError | undefined {
  if (depth > MAX_DEPTH)
    return { pointer, field: pointer || '(body)', message: `nested more than ${MAX_DEPTH} levels` };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = hostileKey(value[i], `${pointer}/${i}`, depth + 1);
      if (found) return found;
    }
  } else if (isRecord(value)) {
    for (const key of Object.keys(value)) {
      if (key === '__proto__')
        return {
          pointer: `${pointer}/__proto__`,
          field: '__proto__',
          message: '__proto__ is not an accepted key',
        };
      const found = hostileKey(value[key], `${pointer}/${key}`, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

function formBody(document: Node, schema: Node, text: string): Node {
  const properties = propertiesOf(document, schema);
  const entries: [string, unknown][] = [];
  for (const [name, value] of new URLSearchParams(text))
    entries.push([name, coerce(document, properties.get(name) ?? {}, value)]);
  return Object.fromEntries(entries);
}

export interface ReadBody {
  /** The parsed body (undefined when there is none, or its media type is not checked here). */
  value: unknown;
  /** The media type's schema, when the body was checked against one. */
  schema?: Node;
}

/** The request body, parsed and checked; `invalid` is the status the operation declares for it. */
export async function readBody(
  document: Node,
  operation: Operation,
  request: Request,
  mode: Mode,
  invalid: number,
): Promise<Parsed<ReadBody>> {
  const requestBody = resolve(document, operation.operation.requestBody);
  const content = recordAt(requestBody, 'content');
  const text = await request.text();
  if (Object.keys(content).length === 0) return { ok: true, value: { value: undefined } };
  if (text.trim() === '')
    return requestBody.required === true
      ? {
          ok: false,
          status: invalid,
          detail: 'A request body is required',
          errors: [{ pointer: '', field: '(body)', message: 'a body is required' }],
        }
      : { ok: true, value: { value: undefined } };
  const type = (request.headers.get('content-type') ?? 'application/json')
    .replace(/;.*$/s, '')
    .trim()
    .toLowerCase();
  const declared = Object.keys(content).find((key) => key.toLowerCase() === type);
  const isJson = /[/+]json$/.test(type);
  const jsonKey = Object.keys(content).find((key) => /[/+]json$/i.test(key));
  const mediaKey = declared ?? (isJson ? jsonKey : undefined);
  if (mediaKey === undefined)
    return {
      ok: false,
      status: 415,
      detail: `${type} is not accepted here; send one of ${Object.keys(content).join(', ')}`,
    };
  const schema = resolve(document, recordAt(content, mediaKey).schema);
  let value: unknown;
  if (/[/+]json$/i.test(mediaKey)) {
    try {
      value = JSON.parse(text);
    } catch {
      return {
        ok: false,
        status: 400,
        detail: 'The body is not valid JSON',
        errors: [{ pointer: '', field: '(body)', message: 'not valid JSON' }],
      };
    }
  } else if (mediaKey.toLowerCase() === 'application/x-www-form-urlencoded') {
    value = formBody(document, schema, text);
  } else {
    // XML, multipart, files, CSV: accepted as they are, not checked.
    return { ok: true, value: { value: undefined } };
  }
  const hostile = hostileKey(value);
  if (hostile)
    return {
      ok: false,
      status: 400,
      detail: 'The body has a key or nesting that is not accepted',
      errors: [hostile],
    };
  const wrapper = textAt(recordAt(operation.operation, 'x-admin'), 'body');
  if (wrapper) return unwrapped(document, schema, value, wrapper, mode, invalid);
  const errors = validate(document, schema, value, mode);
  if (errors.length > 0)
    return { ok: false, status: invalid, detail: `${errors.length} field(s) are invalid`, errors };
  return { ok: true, value: { value, schema } };
}

/**
 * A body that holds the record under a field (x-admin `body`: `{ "article": { … } }`): the
 * record is taken out, then checked against its own schema, the errors pointing into the body
 * as sent (`/article/title`). What is stored is the record, never the wrapper.
 */
function unwrapped(
  document: Node,
  schema: Node,
  value: unknown,
  wrapper: string,
  mode: Mode,
  invalid: number,
): Parsed<ReadBody> {
  const pointer = `/${wrapper.split('.').join('/')}`;
  const record = valueAtPath(value, wrapper);
  if (!isRecord(record))
    return {
      ok: false,
      status: invalid,
      detail: `The record belongs under ${wrapper} in the body`,
      errors: [{ pointer, field: wrapper, message: `${wrapper} is required` }],
    };
  const recordSchema = schemaAtPath(document, schema, wrapper);
  const errors = validate(document, recordSchema, record, mode, pointer);
  if (errors.length > 0)
    return { ok: false, status: invalid, detail: `${errors.length} field(s) are invalid`, errors };
  return { ok: true, value: { value: record, schema: recordSchema } };
}
