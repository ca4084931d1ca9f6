/**
 * `--writes`: per resource with an add and a delete, a round trip on a record of its own — add
 * (201 + Location, or 200 with the record), read it back, edit one field (PUT or PATCH as
 * declared) and read the change, delete it (2xx, 204 empty), read it again (404). Once the add
 * has made a record, the delete is always tried, whatever failed between. Edit and delete are
 * never tried on records that were there before.
 */
import { listOf } from '../../../src/core/guards';
import { wrapAtPath } from '../../../src/core/rest-source';
import { isJson, type Json } from '../../json';
import { resolveRef } from '../../model/refs';
import { flattenObject, schemaType } from '../../import-openapi/schemas';
import type { SourceOperation } from '../../import-openapi/source-operations';
import {
  callOperation,
  countWrite,
  keyText,
  report,
  successVerdict,
  type Context,
  type Verdict,
} from './checks';
import { excerpt, isJsonType, type Answer } from './http';
import { fillPath, needsParent, type Capability, type Plan, type PlannedResource } from './plan';
import { pathValues, recordIn } from './reads';
import { editOf, newRecord } from './records';
import { callRowActions, skipRowActions } from './actions';
import { holdable, objectValue } from './values';

/** Why a resource gets no round trip (undefined: it gets one). */
export function roundTripBlocker(resource: PlannedResource): string | undefined {
  if (!resource.operations.add)
    return 'no add (edit and delete are never tried on records already there)';
  if (!resource.operations.delete) return 'no delete to undo an add: nothing is written';
  return undefined;
}

export function entitySchema(resource: PlannedResource): Json {
  return { $ref: `#/components/schemas/${resource.entity}` };
}

/**
 * The schema of the record an add sends: its request body's (inside the wrapper `body` names),
 * which is what the server checks (`NewArticle`, not the `Article` it answers); the entity's
 * when the add declares no JSON object body.
 */
export function addSchema(document: Json, resource: PlannedResource): unknown {
  return bodySchema(document, resource, 'add') ?? entitySchema(resource);
}

/** The schema of the record a write sends inside its body's wrapper; undefined without fields. */
function bodySchema(document: Json, resource: PlannedResource, capability: 'add' | 'edit') {
  let schema: unknown = resource.operations[capability]?.body?.schema;
  for (const part of (resource.bodyAt[capability] ?? '').split('.').filter(Boolean))
    schema = flattenObject(schema, [], document).properties.find(
      (property) => property.name === part,
    )?.schema;
  return schema !== undefined && hasFields(document, schema) ? schema : undefined;
}

/** Whether an object schema declares fields: its own, or (a union) those of one of its variants. */
function hasFields(document: Json, schema: unknown): boolean {
  if (flattenObject(schema, [], document).properties.length > 0) return true;
  const resolved = resolveRef(schema, document);
  return [...listOf(resolved.oneOf), ...listOf(resolved.anyOf)].some((variant) =>
    hasFields(document, variant),
  );
}

/** The JSON media type a write sends; undefined when it takes no JSON body. */
export function jsonBodyType(operation: SourceOperation): string | undefined {
  const type = operation.body?.mediaType;
  return type && isJsonType(type) ? type : undefined;
}

/** A write's JSON body: the record, or the record under the field the annotation names. */
export function bodyFor(resource: PlannedResource, capability: Capability, record: Json): Json {
  const at = resource.bodyAt[capability];
  const wrapped = at ? wrapAtPath(at, record) : record;
  return isJson(wrapped) ? wrapped : record;
}

/**
 * The key of the record an add made: its Location's last segment, the answered record's key
 * (`made`, unwrapped from the answer), the one sent.
 */
export function createdKey(
  answer: Answer,
  primaryKey: string,
  sent: Json,
  made: unknown,
): string | undefined {
  const location = answer.headers.get('location');
  if (location) {
    try {
      const last = new URL(location, answer.url).pathname.split('/').filter(Boolean).at(-1);
      if (last) return decodeURIComponent(last);
    } catch {
      // Not a URL: the key is read from the body below.
    }
  }
  return keyText(isJson(made) ? made[primaryKey] : undefined) ?? keyText(sent[primaryKey]);
}

/** REST's answer to an add: 201 with a Location, or the record itself. */
function addConvention(answer: Answer): string | undefined {
  const location = answer.headers.get('location');
  const record = isJson(answer.json?.value);
  if (answer.status === 201 && !location) return 'HTTP 201 without a Location header';
  if (answer.status !== 201 && !record && !location)
    return `HTTP ${answer.status} with neither the record nor a Location header`;
  return undefined;
}

/** The first plain value sent that the read-back record does not have. */
function firstDifference(
  document: Json,
  entity: Json,
  sent: Json,
  got: unknown,
): string | undefined {
  if (!isJson(got)) return 'the answer is no record';
  for (const property of flattenObject(entity, [], document).properties) {
    const schema = resolveRef(property.schema, document);
    const type = schemaType(schema);
    const plain =
      type === 'integer' ||
      type === 'number' ||
      type === 'boolean' ||
      (type === 'string' && !('format' in schema));
    const value = sent[property.name];
    // A value the record's schema cannot hold (listmonk sends `send_at` as an object, keeps a
    // text) is no change the server could keep as sent: the request and the record disagree.
    const holdable = (type === 'integer' ? 'number' : type) === typeof value;
    // readOnly: the server sets it whatever the request said (DigitalOcean's app project_id).
    const serverSet = schema.readOnly === true || schema.writeOnly === true;
    if (!plain || !holdable || serverSet || value === undefined) continue;
    if (got[property.name] !== value)
      return `${property.name} is ${excerpt(JSON.stringify(got[property.name]) ?? 'missing', 40)}, sent ${excerpt(JSON.stringify(value), 40)}`;
  }
  return undefined;
}

interface Trip {
  context: Context;
  plan: Plan;
  resource: PlannedResource;
  entity: Json;
  /** The record as sent, its key as the server gave it. */
  record: Json;
  key: string;
}

function pathFor(trip: Trip, operation: SourceOperation): string | undefined {
  const { context, plan, resource, key } = trip;
  return fillPath(operation.path, pathValues(context, plan, resource, operation.path, key));
}

async function readBack(trip: Trip, what: string, expected: Json): Promise<Verdict | undefined> {
  const info = trip.resource.operations.info;
  const path = info && pathFor(trip, info);
  if (!info || path === undefined) return undefined;
  const answer = await callOperation(trip.context, info, { path });
  const verdict = successVerdict(trip.context, info, answer, what);
  const difference =
    verdict.outcome === 'ok'
      ? firstDifference(
          trip.context.document,
          trip.entity,
          expected,
          recordIn(trip.resource, 'info', answer.json?.value),
        )
      : undefined;
  return difference ? { outcome: 'failed', detail: `${what}: ${difference}` } : verdict;
}

async function edit(trip: Trip, operation: SourceOperation): Promise<void> {
  const { context, resource } = trip;
  const contentType = jsonBodyType(operation);
  // PUT /pet (no key in the path) names the record by the key in its body.
  const path = pathFor(trip, operation);
  if (!contentType || path === undefined) {
    const why = contentType
      ? `cannot name record ${trip.key}`
      : `edit takes ${operation.body?.mediaType ?? 'no body'}, not JSON`;
    report(context, operation, 'skipped', `round trip: ${why}`);
    return;
  }
  // What the edit's own body requires and the add's did not (DigitalOcean's project PUT wants
  // is_default, its POST does not), made for the edit; the record's values kept.
  const schema = bodySchema(context.document, resource, 'edit');
  const change = editOf(context.document, trip.entity, trip.record, resource.primaryKey, schema);
  const changed = change ? { [change.field]: change.value } : {};
  const required = schema ? objectValue(context.document, schema, trip.record, 0).value : {};
  const kept = schema ? holdable(context.document, schema, trip.record) : trip.record;
  const full = { ...required, ...kept, ...changed };
  const value = bodyFor(resource, 'edit', operation.method === 'patch' && change ? changed : full);
  const answer = await callOperation(context, operation, { path, body: { contentType, value } });
  countWrite(context, 'edited', answer);
  const what = `round trip: edit${change ? ` ${change.field}` : ''}`;
  let verdict = successVerdict(context, operation, answer, what);
  if (verdict.outcome === 'ok' && change) {
    const after = await readBack(trip, `${what}, read back`, changed);
    if (after) verdict = after;
  }
  if (verdict.outcome === 'ok') trip.record = full;
  report(context, operation, verdict.outcome, verdict.detail);
}

async function remove(trip: Trip, operation: SourceOperation): Promise<void> {
  const { context, resource } = trip;
  const path = pathFor(trip, operation);
  if (path === undefined) {
    report(context, operation, 'failed', `round trip: cannot name record ${trip.key} to delete it`);
    return;
  }
  const answer = await callOperation(context, operation, { path });
  countWrite(context, 'deleted', answer);
  const verdict = successVerdict(context, operation, answer, `round trip: delete ${trip.key}`);
  report(context, operation, verdict.outcome, verdict.detail);
  const info = resource.operations.info;
  const infoPath = info && pathFor(trip, info);
  if (!info || infoPath === undefined || answer.status < 200 || answer.status >= 300) return;
  const again = await callOperation(context, info, { path: infoPath });
  if (again.status === 404 || again.status === 410)
    report(context, info, 'ok', `round trip: gone after the delete (HTTP ${again.status})`);
  else
    report(
      context,
      info,
      'failed',
      `round trip: after the delete, ${again.problem ?? `HTTP ${again.status}`} (expected 404)`,
    );
}

/** The round trip of one resource (roundTripBlocker said it has one). */
export async function roundTrip(
  context: Context,
  plan: Plan,
  resource: PlannedResource,
): Promise<void> {
  const { add, edit: editing, delete: deleting } = resource.operations;
  const noRecord =
    'no record of verify’s own to call it on (it never acts on records that were there before)';
  if (!add || !deleting) return skipRowActions(context, resource, noRecord);
  const entity = entitySchema(resource);
  const contentType = jsonBodyType(add);
  const made = newRecord(
    context.document,
    addSchema(context.document, resource),
    resource.primaryKey,
    context.listed.get(resource.key),
    entity,
  );
  const path = fillPath(add.path, pathValues(context, plan, resource, add.path));
  const skip = (why: string) => {
    report(context, add, 'skipped', `round trip: ${why}`);
    skipRowActions(context, resource, noRecord);
  };
  if (!contentType) return skip(`add takes ${add.body?.mediaType ?? 'no body'}, not JSON`);
  if ('cannot' in made) return skip(`cannot build a record: ${made.cannot}`);
  if (path === undefined) return skip(needsParent(resource));
  for (const field of made.narrowed ?? [])
    context.warnings.push(
      `${add.method.toUpperCase()} ${add.path}: ${field} (the request and the record schema disagree)`,
    );
  for (const name of made.undeclared ?? [])
    context.warnings.push(
      `${add.method.toUpperCase()} ${add.path}: the body requires ${name}, which its schema does not declare (the document contradicts itself): sent "verify ${name}"`,
    );
  const answer = await callOperation(context, add, {
    path,
    body: { contentType, value: bodyFor(resource, 'add', made.record) },
  });
  countWrite(context, 'added', answer);
  const answered = recordIn(resource, 'add', answer.json?.value);
  const key = createdKey(answer, resource.primaryKey, made.record, answered);
  const verdict = successVerdict(
    context,
    add,
    answer,
    `round trip: add (HTTP ${answer.status}, key ${key ?? '?'})`,
  );
  const convention = verdict.outcome === 'ok' ? addConvention(answer) : undefined;
  if (convention) report(context, add, 'failed', `round trip: add: ${convention}`);
  else if (verdict.outcome === 'ok' && key === undefined)
    report(
      context,
      add,
      'failed',
      `round trip: add: no key (no Location, no ${resource.primaryKey} in the body)`,
    );
  else report(context, add, verdict.outcome, verdict.detail);
  if (answer.status < 200 || answer.status >= 300 || key === undefined)
    return skipRowActions(context, resource, noRecord);
  const record = { ...made.record };
  if (isJson(answered) && answered[resource.primaryKey] !== undefined)
    record[resource.primaryKey] = answered[resource.primaryKey];
  const trip: Trip = { context, plan, resource, entity, record, key };
  const read = await readBack(trip, `round trip: read back ${key}`, made.record);
  if (read && resource.operations.info)
    report(context, resource.operations.info, read.outcome, read.detail);
  if (editing) await edit(trip, editing);
  await callRowActions(context, plan, resource, key);
  await remove(trip, deleting);
}
