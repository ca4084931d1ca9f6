/**
 * The record operations of a resource: info, add, edit (PUT replaces, PATCH merges) and delete,
 * answered with the statuses and headers REST clients expect (201 + Location, 204, 404
 * problem+json), over the in-memory tables.
 */
import { isRecord, listOf, textOf } from '@/core/guards';
import { wrapAtPath } from '@/core/rest-source';
import { declaredAnswer, fitRecord, success } from './answers';
import { validate } from './schema-check';
import { valueFor } from './values';
import { json, problem } from './problem';
import { keyOf, newKey, type ResourceTable, type Row } from './records';
import type { Operation } from './routes';
import {
  propertiesOf,
  recordAt,
  requiredOf,
  resolve,
  schemaAtPath,
  textAt,
  type Node,
} from './schema';

export interface RecordCall {
  document: Node;
  operation: Operation;
  table: ResourceTable;
  /** The coerced path and query parameters. */
  parameters: ReadonlyMap<string, unknown>;
  /** The checked body (undefined for info and delete). */
  body: unknown;
  /** The schema the body was checked against, where one was. */
  bodySchema?: Node;
  /** The source's mount path, for Location (/v3). */
  basePath: string;
  /** The path of a record of this resource (the info template), for Location. */
  itemTemplate?: string;
}

/** The present moment as a date-time, to the second (`2026-12-07T19:05:00Z`). */
const nowToTheSecond = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The record key a call names: its path parameter, else (PUT /pet) the body's primary key. */
function requestedKey(call: RecordCall): string | undefined {
  const { operation, parameters, table } = call;
  const last = operation.segments.at(-1) ?? '';
  const param = /^\{(.+)\}$/.exec(last)?.[1];
  if (param !== undefined && parameters.has(param)) return textOf(parameters.get(param));
  if (isRecord(call.body) && call.body[table.resource.primaryKey] !== undefined)
    return textOf(call.body[table.resource.primaryKey]);
  return undefined;
}

function parentKey(call: RecordCall): string | undefined {
  const param = call.table.resource.parentParam;
  return param && call.parameters.has(param) ? textOf(call.parameters.get(param)) : undefined;
}

function findRow(call: RecordCall): Row | undefined {
  const key = requestedKey(call);
  return key === undefined
    ? undefined
    : call.table.rows.find((row) => keyOf(call.table, row) === key);
}

function notFound(call: RecordCall): Response {
  const key = requestedKey(call);
  return problem(404, `${call.table.resource.key} ${key ?? '(no key)'} does not exist`);
}

/** The stored copy of a body: declared properties only (unless the schema allows others), readOnly from `kept`. */
function stored(call: RecordCall, body: Node, kept: Node): Node {
  const properties = propertiesOf(call.document, call.table.resource.entity);
  const open = call.table.resource.entity.additionalProperties;
  const entries: [string, unknown][] = [];
  for (const [name, value] of Object.entries(body)) {
    const property = properties.get(name);
    if (property?.readOnly === true) continue;
    if (property !== undefined || open === true || isRecord(open)) entries.push([name, value]);
  }
  for (const [name, property] of properties)
    if (property.readOnly === true && kept[name] !== undefined) entries.push([name, kept[name]]);
  return Object.fromEntries(entries);
}

function itemPath(call: RecordCall, key: string): string {
  const template =
    call.itemTemplate ?? `${call.operation.template}/{${call.table.resource.primaryKey}}`;
  const last = template.lastIndexOf('{');
  const filled = `${template.slice(0, last)}${encodeURIComponent(key)}${template.slice(template.indexOf('}', last) + 1)}`;
  return `${call.basePath}${filled.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(textOf(call.parameters.get(name))))}`;
}

/**
 * The record as the operation answers it: itself, or inside its declared wrapper (x-admin
 * `record`), fitted to the record schema that answer declares where it is not the entity's; the
 * wrapper with the other fields it requires (DigitalOcean's `{ droplet, links }`).
 */
function answered(call: RecordCall, record: Node): unknown {
  const { document } = call;
  const at = textAt(recordAt(call.operation.operation, 'x-admin'), 'record');
  const declared = success(document, call.operation, 200).schema;
  if (!declared) return at ? wrapAtPath(at, record) : record;
  const shape = wrapperShape(document, declared, at);
  const fitted = fitRecord(
    document,
    schemaAtPath(document, shape, at ?? ''),
    record,
    call.table.random,
  );
  if (!at) return fitted;
  const wrapped = wrapAtPath(at, fitted);
  return isRecord(wrapped) ? fitRecord(document, shape, wrapped, call.table.random) : wrapped;
}

/**
 * The variant of a union answer that holds the record where x-admin says (`droplet` of
 * DigitalOcean's `oneOf: [{ droplet, links }, { droplets, links }]`); the answer's schema else.
 */
function wrapperShape(document: Node, declared: Node, at: string | undefined): Node {
  const head = at?.split('.')[0];
  const variants = [...listOf(declared.oneOf), ...listOf(declared.anyOf)];
  if (head === undefined || variants.length === 0) return declared;
  const holding = variants
    .map((variant) => resolve(document, variant))
    .find((variant) => propertiesOf(document, variant).has(head));
  return holding ?? declared;
}

export function info(call: RecordCall): Response {
  const row = findRow(call);
  const parent = parentKey(call);
  if (!row || (parent !== undefined && row.parent !== undefined && row.parent !== parent))
    return notFound(call);
  return json(success(call.document, call.operation, 200).status, answered(call, row.value));
}

export function add(call: RecordCall): Response {
  const { table } = call;
  if (!isRecord(call.body)) return problem(400, 'A JSON object body is required');
  const primaryKey = table.resource.primaryKey;
  const keyProperty = propertiesOf(call.document, table.resource.entity).get(primaryKey);
  const given = keyProperty?.readOnly === true ? undefined : call.body[primaryKey];
  if (given !== undefined && table.rows.some((row) => keyOf(table, row) === textOf(given)))
    return problem(409, `${table.resource.key} ${textOf(given)} exists already`);
  const value = stored(call, call.body, {});
  value[primaryKey] = given ?? newKey(call.document, table);
  // A server stamps its own times (createdAt): the moment of the add, to the second.
  const now = nowToTheSecond();
  for (const [name, property] of propertiesOf(call.document, table.resource.entity))
    if (property.readOnly === true && name !== primaryKey && property.format === 'date-time')
      value[name] = now;
  completeRecord(call, value, {}, now);
  const parent = parentKey(call);
  table.rows.push(parent === undefined ? { value } : { parent, value });
  const answer = success(call.document, call.operation, 201);
  const location = itemPath(call, textOf(value[primaryKey]));
  if (answer.status === 204)
    return new Response(null, { status: 204, headers: { Location: location } });
  return json(answer.status, answered(call, value), { Location: location });
}

/**
 * The record as a server answers it when its request schema is not the record's (RealWorld's
 * NewComment → Comment, listmonk's `lists: [ids]` → `lists: [{ id, name }]`): a field the entity
 * requires and the body left out, or a value the entity's schema does not accept, keeps its
 * stored value (an edit) when that fits, else gets one within the entity's schema (a date-time:
 * the moment of the call).
 */
function completeRecord(call: RecordCall, value: Node, kept: Node, now: string): void {
  const { document } = call;
  const entity = call.table.resource.entity;
  const properties = propertiesOf(document, entity);
  const fits = (property: Node, item: unknown) =>
    item !== undefined && validate(document, property, item, 'output').length === 0;
  const required = new Set(requiredOf(document, entity));
  for (const [name, property] of properties) {
    if (fits(property, value[name]) || (value[name] === undefined && !required.has(name))) continue;
    value[name] = fits(property, kept[name])
      ? kept[name]
      : property.format === 'date-time'
        ? now
        : valueFor(document, property, { random: call.table.random, examples: true, name });
  }
}

/**
 * The stored values a PUT body cannot carry: the fields its schema does not declare
 * (DigitalOcean's vpc_update has name and description, not region). A real server keeps them;
 * a body without a declared schema (or with no properties) replaces the whole record.
 */
function undeclaredByBody(call: RecordCall, value: Node): Node {
  const declared = call.bodySchema
    ? propertiesOf(call.document, call.bodySchema)
    : new Map<string, Node>();
  if (declared.size === 0) return {};
  return Object.fromEntries(Object.entries(value).filter(([name]) => !declared.has(name)));
}

/** PUT replaces the record (its key and readOnly values kept); PATCH merges (null removes a value). */
export function edit(call: RecordCall, merge: boolean): Response {
  const row = findRow(call);
  if (!row) return notFound(call);
  if (!isRecord(call.body)) return problem(400, 'A JSON object body is required');
  const primaryKey = call.table.resource.primaryKey;
  let next: Node;
  if (merge) {
    const merged = Object.entries({ ...row.value, ...call.body }).filter(
      ([, value]) => value !== null,
    );
    next = stored(call, Object.fromEntries(merged), row.value);
  } else {
    next = stored(call, { ...undeclaredByBody(call, row.value), ...call.body }, row.value);
  }
  next[primaryKey] = row.value[primaryKey];
  completeRecord(call, next, row.value, nowToTheSecond());
  row.value = next;
  const answer = success(call.document, call.operation, 200);
  return answer.status === 204
    ? new Response(null, { status: 204 })
    : json(answer.status, answered(call, next));
}

export function remove(call: RecordCall): Response {
  const row = findRow(call);
  if (!row) return notFound(call);
  call.table.rows.splice(call.table.rows.indexOf(row), 1);
  const answer = success(call.document, call.operation, 204);
  if (!answer.schema) return new Response(null, { status: answer.status === 200 ? 200 : 204 });
  // The deleted record where the answer is one; else what the document declares
  // (listmonk's `{ "data": true }`).
  const fits =
    requiredOf(call.document, answer.schema).every((name) => row.value[name] !== undefined) &&
    validate(call.document, answer.schema, row.value, 'output').length === 0;
  return fits
    ? json(answer.status, row.value)
    : declaredAnswer(call.document, call.operation, call.table.resource.key);
}
