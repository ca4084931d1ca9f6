/**
 * What `cli verify` calls, planned from the contract: the safe operations (reads needing no path
 * parameter, upload or side effect; lists first) and, for each, the inputs it is sent — a page,
 * the first listed record's id for an info call, a value the schema offers for a lookup's
 * parameter. Nothing planned here writes.
 */
import { isJson, type Json } from '../json';
import { resolveRef } from '../model/refs';

export interface PlannedOperation {
  operationId: string;
  method: string;
  path: string;
  tag: string;
  capability: string | undefined;
  operation: Json;
}

const READ_CAPABILITIES = new Set(['list', 'info', 'mylist', 'recycle']);
/** Reads with a side effect or an answer that is not JSON. */
const NOT_SAFE = new Set(['/api/clearcache', '/api/captcha', '/api/login']);
const PAGE = { pageindex: 1, pagesize: 10 };

function tagAdmin(document: Json, tag: string): Json {
  const tags = Array.isArray(document.tags) ? document.tags : [];
  const found = tags.find((entry): entry is Json => isJson(entry) && entry.name === tag);
  return isJson(found?.['x-admin']) ? found['x-admin'] : {};
}

/** The safe operations of the contract, lists first so that info calls can use a listed id. */
export function safeOperations(document: Json): PlannedOperation[] {
  const planned: PlannedOperation[] = [];
  const paths = isJson(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isJson(item) || path.includes('{') || NOT_SAFE.has(path)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isJson(operation) || typeof operation.operationId !== 'string') continue;
      const admin = isJson(operation['x-admin']) ? operation['x-admin'] : {};
      const capability = typeof admin.capability === 'string' ? admin.capability : undefined;
      const last = path.replace(/\/+$/, '').split('/').pop() ?? '';
      const reads =
        (capability !== undefined && READ_CAPABILITIES.has(capability)) ||
        (capability === undefined && (/^get/i.test(last) || last === 'list'));
      if (!reads) continue;
      const tags = Array.isArray(operation.tags) ? operation.tags : [];
      planned.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        tag: typeof tags[0] === 'string' ? tags[0] : '',
        capability,
        operation,
      });
    }
  }
  const rank = (op: PlannedOperation) =>
    op.capability === 'list' || op.path.endsWith('/list') ? 0 : 1;
  return planned.sort(
    (a, b) => rank(a) - rank(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
}

/** A value the contract itself offers for a parameter: example, default, enum or const. */
function offeredValue(schema: Json): unknown {
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if ('const' in schema) return schema.const;
  return undefined;
}

export interface Inputs {
  query: Record<string, unknown>;
  /** Sent only when the operation declares a request body, as its declared JSON media type. */
  body: { contentType: string; value: Record<string, unknown> } | undefined;
  missing: string[];
}

/** The JSON media type a request body declares (`application/json`, `…+json`), if any. */
function jsonMediaType(content: Json): string | undefined {
  return Object.keys(content).find((type) =>
    /^application\/(?:[\w.-]+\+)?json(?:\s*;.*)?$/i.test(type),
  );
}

/** The first record each tag's list answered, and its primary key field. */
export type ListedRecords = Map<string, { primaryKey: string; row: Json }>;

/**
 * The value of one parameter or body property: paging for lists; the listed record's key for
 * `id`; a field of the listed record of that name (`code`, `topCode`); for `<x>id` the key of the
 * record listed by the tag ending in `<x>` (roleid → adminrole); the contract's own example,
 * default or enum; an object built from its required properties. Undefined when none fits.
 */
function valueFor(
  document: Json,
  tag: string,
  listed: ListedRecords,
  name: string,
  schema: Json,
  depth = 0,
): unknown {
  if (name in PAGE) return PAGE[name as keyof typeof PAGE];
  const own = listed.get(tag);
  // {id: {id}} (spec section 7): the outer id is an object, built below.
  const isObject = isJson(schema.properties);
  if (own && !isObject && (name === own.primaryKey || name === 'id'))
    return own.row[own.primaryKey];
  const field = isObject ? undefined : own?.row[name];
  if (field !== undefined && field !== null && typeof field !== 'object') return field;
  const idOf = /^([a-z]+?)_?id$/i.exec(name)?.[1]?.toLowerCase();
  if (idOf) {
    for (const [otherTag, record] of listed)
      if (otherTag.toLowerCase().endsWith(idOf)) return record.row[record.primaryKey];
  }
  const offered = offeredValue(schema);
  if (offered !== undefined) return offered;
  if (depth < 3 && isJson(schema.properties)) {
    const built: Json = {};
    for (const required of Array.isArray(schema.required) ? schema.required : []) {
      if (typeof required !== 'string') continue;
      const value = valueFor(
        document,
        tag,
        listed,
        required,
        resolveRef(schema.properties[required], document),
        depth + 1,
      );
      if (value === undefined) return undefined;
      built[required] = value;
    }
    return built;
  }
  return undefined;
}

/**
 * The parameters of one call: the query's and the JSON body's required values (and paging),
 * each from `valueFor`; a required value it cannot give is reported, and the call skipped.
 */
export function inputsFor(
  document: Json,
  planned: PlannedOperation,
  listed: ListedRecords,
): Inputs {
  const value = (name: string, schema: unknown) =>
    valueFor(document, planned.tag, listed, name, resolveRef(schema, document));
  const inputs: Inputs = { query: {}, body: undefined, missing: [] };
  const parameters = Array.isArray(planned.operation.parameters)
    ? planned.operation.parameters
    : [];
  for (const raw of parameters) {
    const parameter = resolveRef(raw, document);
    if (parameter.in !== 'query' || typeof parameter.name !== 'string') continue;
    const given = parameter.required === true || parameter.name in PAGE;
    const found = given ? value(parameter.name, parameter.schema) : undefined;
    if (found !== undefined) inputs.query[parameter.name] = found;
    else if (parameter.required === true) inputs.missing.push(parameter.name);
  }
  const body = resolveRef(planned.operation.requestBody, document);
  const content = isJson(body.content) ? body.content : {};
  const contentType = jsonMediaType(content);
  const media = contentType ? content[contentType] : undefined;
  if (contentType && isJson(media)) {
    const schema = resolveRef(media.schema, document);
    const properties = isJson(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const sent: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(properties)) {
      if (!required.has(name) && !(name in PAGE)) continue;
      const found = value(name, property);
      if (found !== undefined) sent[name] = found;
      else if (required.has(name)) inputs.missing.push(name);
    }
    inputs.body = { contentType, value: sent };
  } else if (Object.keys(content).length > 0) {
    inputs.missing.push(`a ${Object.keys(content)[0]} body`);
  }
  return inputs;
}

/** The first record of a list answer, for the tag's info call and its lookups. */
export function rememberListed(
  document: Json,
  planned: PlannedOperation,
  data: unknown,
  listed: ListedRecords,
): void {
  if (listed.has(planned.tag) || !isJson(data) || !Array.isArray(data.data)) return;
  const admin = tagAdmin(document, planned.tag);
  const primaryKey = typeof admin.primaryKey === 'string' ? admin.primaryKey : 'id';
  const first: unknown = data.data[0];
  if (isJson(first) && first[primaryKey] !== undefined)
    listed.set(planned.tag, { primaryKey, row: first });
}
