/**
 * Values that fit a schema, for the records `--writes` sends: the document's example (when it
 * is of the schema's type), const, enum or default first, else a plain value within the
 * schema's bounds. A string with a pattern takes a value the server itself listed (it fits the
 * pattern): there is no pattern generator here — the mock's, src/mocks/rest-source/values.ts,
 * is loaded by tsx alone, while the CLI runs bundled (cli/run.mjs).
 */
import { randomUUID } from 'node:crypto';
import { listOf } from '../../../src/core/guards';
import { isJson, type Json } from '../../json';
import { resolveRef } from '../../model/refs';
import { flattenObject, schemaType } from '../../import-openapi/schemas';

/** A finite number, or undefined. */
export const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Whether a string fits the schema's length and pattern (a pattern JS cannot read is not checked). */
export function matcher(schema: Json): (value: string) => boolean {
  let pattern: RegExp | undefined;
  try {
    pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  } catch {
    pattern = undefined;
  }
  const min = num(schema.minLength) ?? 0;
  const max = num(schema.maxLength) ?? Infinity;
  return (value) => value.length >= min && value.length <= max && (!pattern || pattern.test(value));
}

function formatted(format: unknown): string | undefined {
  const now = new Date().toISOString();
  const values: Record<string, string> = {
    date: now.slice(0, 10),
    'date-time': now.replace(/\.\d+Z$/, 'Z'),
    time: now.slice(11, 19),
    email: 'verify@example.com',
    uri: 'https://example.com/verify',
    url: 'https://example.com/verify',
    hostname: 'example.com',
    ipv4: '192.0.2.1',
    uuid: randomUUID(),
    byte: 'dmVyaWZ5',
    password: 'Verify-2024',
  };
  return typeof format === 'string' ? values[format] : undefined;
}

function stringValue(schema: Json, name: string, hint: unknown): string | undefined {
  const fits = matcher(schema);
  const min = num(schema.minLength) ?? 0;
  const plain = `verify ${name}`.padEnd(min, 'x').slice(0, num(schema.maxLength) ?? 64);
  const format = formatted(schema.format);
  const candidates = [format, format === undefined ? plain : undefined, hint];
  return candidates.find((value): value is string => typeof value === 'string' && fits(value));
}

/** The bounds of a number schema, 3.0's boolean exclusive flags and 3.1's numbers both read. */
export function bounds(schema: Json, integer: boolean): { low?: number; high?: number } {
  const step = integer ? 1 : 0.5;
  const [minimum, exclusiveLow] = [num(schema.minimum), num(schema.exclusiveMinimum)];
  const [maximum, exclusiveHigh] = [num(schema.maximum), num(schema.exclusiveMaximum)];
  const low =
    exclusiveLow !== undefined
      ? exclusiveLow + step
      : minimum !== undefined
        ? minimum + (schema.exclusiveMinimum === true ? step : 0)
        : undefined;
  const high =
    exclusiveHigh !== undefined
      ? exclusiveHigh - step
      : maximum !== undefined
        ? maximum - (schema.exclusiveMaximum === true ? step : 0)
        : undefined;
  return { low: low !== undefined && integer ? Math.ceil(low) : low, high };
}

function numberValue(schema: Json, integer: boolean): number | undefined {
  const { low, high } = bounds(schema, integer);
  let value = low ?? Math.min(1, high ?? 1);
  // int64's bounds (OpenAI's `seed: { minimum: -9223372036854775808 }`) are no number JSON
  // keeps exactly: 1, or the nearest bound, instead.
  if (integer && !Number.isSafeInteger(value)) value = Math.min(Math.max(1, low ?? 1), high ?? 1);
  if (integer && !Number.isSafeInteger(value)) return undefined;
  const step = num(schema.multipleOf);
  if (step) value = Math.ceil(value / step) * step;
  return high !== undefined && value > high ? undefined : value;
}

/**
 * Whether a value the document offers is of the schema's type (and, for a string, its pattern
 * and length): documents get this wrong — Petstore's `phone: { type: string, example: 12345 }`.
 */
function fitsType(schema: Json, value: unknown): boolean {
  switch (schemaType(schema)) {
    case 'string':
      return typeof value === 'string' && matcher(schema)(value);
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isJson(value);
    default:
      return true;
  }
}

/**
 * The schema with the keywords of its `allOf` parts merged in, its own winning: DigitalOcean's
 * `tags: { allOf: [{ $ref: existing_tags_array }, { description }] }` is the array its first
 * part declares, not an object. `allOf` is kept for flattenObject to read the parts' properties.
 */
function withAllOf(document: Json, schema: Json, depth = 0): Json {
  const parts = listOf(schema.allOf);
  if (parts.length === 0 || depth > 8) return schema;
  let merged: Json = {};
  for (const part of parts)
    merged = { ...merged, ...withAllOf(document, resolveRef(part, document), depth + 1) };
  return { ...merged, ...schema };
}

/** A value for `raw` (`hint`: the listed record's value there), or undefined when none fits. */
function sample(document: Json, raw: unknown, name: string, hint: unknown, depth: number): unknown {
  const schema = withAllOf(document, resolveRef(raw, document));
  const example = 'example' in schema ? schema.example : listOf(schema.examples)[0];
  if (example !== undefined && fitsType(schema, example)) return example;
  if ('const' in schema) return schema.const;
  const choice = listOf(schema.enum).find((value) => value !== null);
  if (choice !== undefined) return choice;
  if ('default' in schema && fitsType(schema, schema.default)) return schema.default;
  const variants = [...listOf(schema.oneOf), ...listOf(schema.anyOf)];
  for (const variant of variants) {
    const value = sample(document, variant, name, hint, depth);
    if (value !== undefined) return value;
  }
  switch (schemaType(schema)) {
    case 'string':
      return stringValue(schema, name, hint);
    case 'integer':
      return numberValue(schema, true);
    case 'number':
      return numberValue(schema, false);
    case 'boolean':
      return true;
    case 'array': {
      const first: unknown = Array.isArray(hint) ? hint[0] : undefined;
      const item = depth > 4 ? undefined : sample(document, schema.items, name, first, depth + 1);
      if (item !== undefined) return [item];
      return (num(schema.minItems) ?? 0) > 0 ? undefined : [];
    }
    case 'object':
      return objectValue(document, schema, isJson(hint) ? hint : undefined, depth).value;
    default:
      return undefined;
  }
}

/**
 * The record's values the schema's fields can hold, by type and, for an array, its items' type:
 * DigitalOcean's router is added with `fallback_models: [names]` and edited with
 * `fallback_models: [{…}]`, so the edit sends its own value there, not the add's.
 */
export function holdable(document: Json, schema: unknown, record: Json): Json {
  const fields = new Map(
    flattenObject(schema, [], document).properties.map((p) => [p.name, p.schema]),
  );
  // A body that refuses undeclared fields (OpenAI's ModifyAssistantRequest: additionalProperties
  // false) gets none of the record's others: its id, its created_at.
  const closed = resolveRef(schema, document).additionalProperties === false;
  const kept: Json = {};
  for (const [name, value] of Object.entries(record)) {
    const field = fields.get(name);
    if (field === undefined && closed) continue;
    if (field === undefined || holds(document, resolveRef(field, document), value))
      kept[name] = value;
  }
  return kept;
}

/**
 * Whether a field's schema holds the value, by type: an array's items, a map's values
 * (`additionalProperties: { type: string }`) and a union's variants too — OpenAI's Metadata is
 * `anyOf [map of strings, null]`, which a record's other `metadata` may not fit.
 */
function holds(document: Json, schema: Json, value: unknown, depth = 0): boolean {
  if (depth > 4) return true;
  const inner = (part: unknown, item: unknown) =>
    holds(document, resolveRef(part, document), item, depth + 1);
  const variants = [...listOf(schema.oneOf), ...listOf(schema.anyOf)];
  if (schemaType(schema) === undefined && variants.length > 0)
    return variants.some((variant) => inner(variant, value));
  if (schemaType(schema) === 'null') return value === null;
  if (!fitsType(schema, value)) return false;
  if (Array.isArray(value) && schema.items !== undefined)
    return value.every((item) => inner(schema.items, item));
  if (isJson(value) && isJson(schema.additionalProperties))
    return Object.values(value).every((item) => inner(schema.additionalProperties, item));
  return true;
}

/**
 * An object of the schema's writable properties (optional ones near the top only). A union
 * (`oneOf`/`anyOf` of objects, DigitalOcean's certificate and droplet create bodies) is a record
 * of its first variant that can be built: its common fields alone fit none of them.
 */
export function objectValue(
  document: Json,
  schema: unknown,
  hint: Json | undefined,
  depth: number,
): { value?: Json; missing?: string; undeclared?: string[] } {
  const resolved = resolveRef(schema, document);
  const variants = [...listOf(resolved.oneOf), ...listOf(resolved.anyOf)];
  // Fields of its own beside the union (OpenAI's file_search, whose oneOf only requires one of
  // two of them): each variant is read as the schema's own part and itself, both at once.
  const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = resolved;
  const own = isJson(resolved.properties) || Array.isArray(resolved.allOf);
  let missing: string | undefined;
  for (const variant of variants) {
    const made = objectValue(document, own ? { allOf: [rest, variant] } : variant, hint, depth);
    if (made.value) return made;
    missing ??= made.missing;
  }
  if (missing !== undefined) return { missing };
  const flat = flattenObject(schema, [], document);
  const value: Json = {};
  for (const property of flat.properties) {
    const resolved = resolveRef(property.schema, document);
    const required = flat.required.includes(property.name);
    if (resolved.readOnly === true || (!required && depth > 1)) continue;
    const made =
      depth > 4
        ? undefined
        : sample(document, resolved, property.name, hint?.[property.name], depth + 1);
    if (made !== undefined) value[property.name] = made;
    else if (required) return { missing: property.name };
  }
  // Required but not declared (DigitalOcean's uptime check requires `method`, which its schema
  // has no property for): any value is of its schema; a text is sent, and the caller told.
  const undeclared = flat.required.filter(
    (name) => !flat.properties.some((property) => property.name === name),
  );
  for (const name of undeclared) value[name] = `verify ${name}`;
  return undeclared.length > 0 ? { value, undeclared } : { value };
}
