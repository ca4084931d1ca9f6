/**
 * The records `--writes` sends: a new one (its key fresh — a large random number, a uuid, or a
 * listed key with its last characters redrawn — so the add does not collide with a record
 * already there), the same made invalid, and the one change the edit makes.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Json } from '../../json';
import { resolveRef } from '../../model/refs';
import { flattenObject, schemaType } from '../../import-openapi/schemas';
import { bounds, matcher, num, objectValue } from './values';

/** A listed or example value with its last characters redrawn, as long as the schema allows it. */
function redrawn(base: string, fits: (value: string) => boolean): string | undefined {
  const redraw = (char: string) =>
    /\d/.test(char)
      ? String(randomInt(10))
      : /[a-z]/.test(char)
        ? String.fromCharCode(97 + randomInt(26))
        : /[A-Z]/.test(char)
          ? String.fromCharCode(65 + randomInt(26))
          : char;
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const count = 1 + (attempt % Math.min(base.length, 8));
    const value = base.slice(0, -count) + [...base.slice(-count)].map(redraw).join('');
    if (value !== base && fits(value)) return value;
  }
  return undefined;
}

/** A key value no record is likely to have. */
function freshKey(schema: Json, hint: unknown): unknown {
  const type = schemaType(schema);
  if (type === 'integer' || type === 'number') {
    // High above the small keys a table starts with; within int32 when the format says so.
    const { low = 0, high: declared } = bounds(schema, true);
    const ceiling = schema.format === 'int32' ? 2_147_483_647 : Number.MAX_SAFE_INTEGER;
    const high = Math.min(declared ?? ceiling, ceiling, low + 2_000_000_000);
    const from = Math.min(high, low + 100_000_000);
    return high < low ? undefined : randomInt(from, Math.floor(high) + 1);
  }
  if (type !== 'string') return undefined;
  const fits = matcher(schema);
  if (schema.format === 'uuid') return randomUUID();
  const own = `verify-${randomUUID().slice(0, 8)}`;
  if (fits(own)) return own;
  for (const base of [hint, schema.example])
    if (typeof base === 'string') {
      const value = redrawn(base, fits);
      if (value !== undefined) return value;
    }
  return undefined;
}

/**
 * `undeclared`: the fields the schema requires without declaring them (a text was sent);
 * `narrowed`: the fields whose value was taken from the entity's stricter schema.
 */
export type NewRecord =
  | { record: Json; undeclared?: string[]; narrowed?: string[] }
  | { cannot: string };

/**
 * The record's values moved within what the entity (the record the server keeps) allows where
 * the request's schema allows more: listmonk's CampaignRequest takes any `type` text, its
 * Campaign only `regular` or `optin`, so a server keeps one of those whatever was sent. A value
 * the request also accepts is taken; each field so changed is named, for a warning.
 */
function narrowToEntity(document: Json, request: unknown, entity: unknown, record: Json): string[] {
  const requestFields = new Map(
    flattenObject(request, [], document).properties.map((p) => [p.name, p.schema]),
  );
  const narrowed: string[] = [];
  for (const property of flattenObject(entity, [], document).properties) {
    const kept = resolveRef(property.schema, document);
    const choices: unknown[] = Array.isArray(kept.enum) ? kept.enum : [];
    const sent = record[property.name];
    const sentSchema = requestFields.get(property.name);
    if (choices.length === 0 || sent === undefined || choices.includes(sent) || !sentSchema)
      continue;
    const accepted = resolveRef(sentSchema, document);
    const fits = (value: unknown) =>
      typeof value === 'string' ? matcher(accepted)(value) : typeof value === typeof sent;
    const choice = choices.find(
      (value) => value !== null && fits(value) && !Array.isArray(accepted.enum),
    );
    if (choice === undefined) continue;
    record[property.name] = choice;
    narrowed.push(
      `${property.name}: the add body allows values the record does not (only ${choices.map((value) => JSON.stringify(value)).join(', ')}): sent ${JSON.stringify(choice)}`,
    );
  }
  return narrowed;
}

/** A record to add, its key fresh (left out when the server assigns it: a readOnly key). */
export function newRecord(
  document: Json,
  entity: unknown,
  primaryKey: string,
  listed: Json | undefined,
  kept?: unknown,
): NewRecord {
  const made = objectValue(document, entity, listed, 0);
  if (!made.value) return { cannot: `no value fits the schema of ${made.missing ?? '?'}` };
  const keyProperty = flattenObject(entity, [], document).properties.find(
    (property) => property.name === primaryKey,
  );
  const keySchema = resolveRef(keyProperty?.schema, document);
  if (keyProperty && keySchema.readOnly !== true) {
    const key = freshKey(keySchema, listed?.[primaryKey]);
    if (key === undefined) return { cannot: `no fresh value fits the schema of ${primaryKey}` };
    made.value[primaryKey] = key;
  }
  const narrowed = kept === undefined ? [] : narrowToEntity(document, entity, kept, made.value);
  return {
    record: made.value,
    ...(made.undeclared ? { undeclared: made.undeclared } : {}),
    ...(narrowed.length > 0 ? { narrowed } : {}),
  };
}

/**
 * The record made invalid: a required field left out, else (a schema requiring nothing) a
 * field of the wrong type. Undefined when the schema gives no way to be wrong.
 */
export function invalidRecord(
  document: Json,
  entity: unknown,
  record: Json,
  primaryKey: string,
): { record: Json; what: string } | undefined {
  const flat = flattenObject(entity, [], document);
  const writable = flat.properties.filter(
    (property) =>
      property.name !== primaryKey && resolveRef(property.schema, document).readOnly !== true,
  );
  const required = writable.find((property) => flat.required.includes(property.name));
  if (required) {
    const { [required.name]: _left, ...rest } = record;
    return { record: rest, what: `${required.name} missing` };
  }
  for (const property of writable) {
    const type = schemaType(resolveRef(property.schema, document));
    if (type === 'integer' || type === 'number' || type === 'boolean')
      return {
        record: { ...record, [property.name]: 'not-a-value' },
        what: `${property.name} a string`,
      };
    if (type === 'string')
      return { record: { ...record, [property.name]: 12345 }, what: `${property.name} a number` };
  }
  return undefined;
}

/**
 * One field to change with the edit, and its new value (a plain string or number one first):
 * one the edit's body declares (`sent`, where it has a schema), and no union (a `oneOf` of two
 * texts holds no text as a validator reads it).
 */
export function editOf(
  document: Json,
  entity: unknown,
  record: Json,
  primaryKey: string,
  sent?: unknown,
): { field: string; value: unknown } | undefined {
  const sendable =
    sent === undefined
      ? undefined
      : new Set(flattenObject(sent, [], document).properties.map((property) => property.name));
  const candidates = flattenObject(entity, [], document)
    .properties.filter((property) => property.name !== primaryKey)
    .filter((property) => !sendable || sendable.has(property.name))
    .map((property) => ({ name: property.name, schema: resolveRef(property.schema, document) }))
    .filter(({ schema }) => schema.readOnly !== true && schema.writeOnly !== true);
  for (const { name, schema } of candidates) {
    const plain = !['enum', 'format', 'pattern', 'oneOf', 'anyOf'].some((key) => key in schema);
    if (schemaType(schema) !== 'string' || !plain) continue;
    const value = `edited ${randomUUID().slice(0, 6)}`.slice(0, num(schema.maxLength) ?? 64);
    if (value !== record[name] && matcher(schema)(value)) return { field: name, value };
  }
  for (const { name, schema } of candidates) {
    const type = schemaType(schema);
    if (type !== 'integer' || 'enum' in schema) continue;
    const { low = 0, high = low + 1000 } = bounds(schema, true);
    const value = record[name] === low ? low + 1 : low;
    if (value <= high) return { field: name, value };
  }
  return undefined;
}
