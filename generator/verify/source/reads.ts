/**
 * The read checks: each resource's list (first page, a small size, in its declared paging
 * style; its rows and its total where the annotation says they are), its info for one listed
 * key, and every other GET that needs no parameter. Nothing here writes.
 */
import { valueAtPath } from '../../../src/core/rest-source';
import { isJson, type Json } from '../../json';
import { resolveRef } from '../../model/refs';
import type { SourceOperation } from '../../import-openapi/source-operations';
import { callOperation, keyText, report, successVerdict, type Context } from './checks';
import type { Answer } from './http';
import {
  fillPath,
  keyParam,
  needsParent,
  type Capability,
  type ListShape,
  type Plan,
  type PlannedResource,
} from './plan';

/** Rows asked for: few enough to read fast, more than one so that paging shows. */
const PAGE_SIZE = 5;
/** A last path segment that signs in or out: calling it would end or start a session. */
const AUTH_SEGMENT =
  /^(login|logout|signin|signout|sign-in|sign-out|token|tokens|oauth|auth|session)$/i;

function parameterSchema(context: Context, operation: SourceOperation, name: string): Json {
  const parameter = operation.parameters.find((p) => p.name === name && p.in === 'query');
  return resolveRef(parameter?.schema, context.document);
}

/** The small size asked for, within the parameter's bounds. */
function sizeFor(schema: Json): number {
  const low = typeof schema.minimum === 'number' ? schema.minimum : 1;
  const high = typeof schema.maximum === 'number' ? schema.maximum : PAGE_SIZE;
  return Math.max(low, Math.min(high, PAGE_SIZE));
}

/** The first page's query in the list's paging style, and the size asked for (if any). */
function firstPage(
  context: Context,
  operation: SourceOperation,
  shape: ListShape,
): { query: Record<string, string>; size: number | undefined } {
  const { page, size, offset, limit } = shape.params;
  const query: Record<string, string> = {};
  const sized = size ?? limit;
  const asked = sized ? sizeFor(parameterSchema(context, operation, sized)) : undefined;
  if (sized && asked !== undefined) query[sized] = String(asked);
  // Pages count from 1 unless the page parameter's default says 0.
  if (shape.style === 'page' && page)
    query[page] = parameterSchema(context, operation, page).default === 0 ? '0' : '1';
  if (shape.style === 'offset' && offset) query[offset] = '0';
  return { query, size: shape.style === 'none' ? undefined : asked };
}

/** A value the document offers for a required query parameter (example, default, enum). */
function offered(schema: Json): string | undefined {
  const choices: unknown[] = Array.isArray(schema.enum) ? schema.enum : [];
  const value =
    'example' in schema ? schema.example : 'default' in schema ? schema.default : choices[0];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
}

/** The path parameters of a resource's calls: its parent's listed key and the record's key. */
export function pathValues(
  context: Context,
  plan: Plan,
  resource: PlannedResource,
  template: string,
  key?: string,
): Map<string, string> {
  const values = new Map<string, string>();
  const parent = plan.resources.find((other) => other.key === resource.parent?.resource);
  const parentRow = parent ? context.listed.get(parent.key) : undefined;
  const parentKey = parent && parentRow ? keyText(parentRow[parent.primaryKey]) : undefined;
  if (resource.parent && parentKey !== undefined) values.set(resource.parent.param, parentKey);
  const param = keyParam(template);
  if (key !== undefined && param !== undefined && param !== resource.parent?.param)
    values.set(param, key);
  return values;
}

/** Where a list answer's rows are: the body, or its rows field (`data.results`). */
function rowsAt(shape: ListShape, body: unknown): unknown {
  return shape.items ? valueAtPath(body, shape.items) : body;
}

/** The record in an info/add/edit answer: the body, or the field the annotation names. */
export function recordIn(resource: PlannedResource, capability: Capability, body: unknown) {
  const at = resource.recordAt[capability];
  return at ? valueAtPath(body, at) : body;
}

/** What is wrong with a list answer's rows and total (nothing: an empty list). */
function listProblems(shape: ListShape, answer: Answer, size: number | undefined): string[] {
  const body = answer.json?.value;
  const rows = rowsAt(shape, body);
  if (!Array.isArray(rows)) return [`no rows at ${shape.items ? `body.${shape.items}` : 'body'}`];
  const problems: string[] = [];
  if (size !== undefined && rows.length > size)
    problems.push(`asked for ${size} row(s), got ${rows.length}`);
  const { total } = shape;
  const header = total.in === 'header' ? answer.headers.get(total.name) : null;
  if (total.in === 'body') {
    const value = valueAtPath(body, total.field);
    if (!(typeof value === 'number' && Number.isInteger(value) && value >= rows.length))
      problems.push(`total: body.${total.field} is ${JSON.stringify(value) ?? 'missing'}`);
  } else if (total.in === 'header' && total.name.toLowerCase() === 'link') {
    if (header === null && size !== undefined && rows.length >= size)
      problems.push('a full page and no Link header to the next');
  } else if (total.in === 'header') {
    if (header === null) problems.push(`total: no ${total.name} header`);
    else if (!/^\d+$/.test(header.trim()) || Number(header) < rows.length)
      problems.push(`total: ${total.name} is ${JSON.stringify(header)}`);
  }
  return problems;
}

async function checkList(context: Context, plan: Plan, resource: PlannedResource): Promise<void> {
  const operation = resource.operations.list;
  const shape = resource.list;
  if (!operation || !shape) return;
  const values = pathValues(context, plan, resource, operation.path);
  const path = fillPath(operation.path, values);
  if (path === undefined) {
    report(context, operation, 'skipped', needsParent(resource));
    return;
  }
  const { query, size } = firstPage(context, operation, shape);
  for (const parameter of operation.parameters) {
    if (!parameter.required || parameter.in !== 'query' || parameter.name in query) continue;
    const value = offered(resolveRef(parameter.schema, context.document));
    if (value === undefined) {
      report(context, operation, 'skipped', `needs query ${parameter.name}`);
      return;
    }
    query[parameter.name] = value;
  }
  const answer = await callOperation(context, operation, { path, query });
  const verdict = successVerdict(context, operation, answer, 'list');
  const found = rowsAt(shape, answer.json?.value);
  const rows: unknown[] = Array.isArray(found) ? found : [];
  if (verdict.outcome === 'ok') {
    const problems = listProblems(shape, answer, size);
    const total =
      shape.total.in === 'client'
        ? ''
        : `, total in ${shape.total.in === 'body' ? `body.${shape.total.field}` : shape.total.name}`;
    report(
      context,
      operation,
      problems.length > 0 ? 'failed' : 'ok',
      problems.length > 0 ? problems.join('; ') : `list: ${rows.length} row(s)${total}`,
    );
  } else report(context, operation, verdict.outcome, verdict.detail);
  const first = rows.find(
    (row): row is Json => isJson(row) && keyText(row[resource.primaryKey]) !== undefined,
  );
  if (first) context.listed.set(resource.key, first);
}

async function checkInfo(
  context: Context,
  plan: Plan,
  resource: PlannedResource,
  roundTrip: boolean,
): Promise<void> {
  const operation = resource.operations.info;
  if (!operation) return;
  const row = context.listed.get(resource.key);
  const key = row ? keyText(row[resource.primaryKey]) : undefined;
  const path =
    key === undefined
      ? undefined
      : fillPath(operation.path, pathValues(context, plan, resource, operation.path, key));
  if (key === undefined || path === undefined) {
    // With --writes the round trip reads the record it adds: no need to say it here.
    if (!roundTrip)
      report(
        context,
        operation,
        'skipped',
        resource.operations.list
          ? 'the list gave no record to read'
          : 'no list gives a key to read (--writes reads a record it adds)',
      );
    return;
  }
  const answer = await callOperation(context, operation, { path });
  const verdict = successVerdict(context, operation, answer, `info: record ${key}`);
  const body = recordIn(resource, 'info', answer.json?.value);
  const got = isJson(body) ? keyText(body[resource.primaryKey]) : undefined;
  const at = resource.recordAt.info;
  if (verdict.outcome === 'ok' && at && !isJson(body))
    report(context, operation, 'failed', `no record at body.${at}`);
  else if (verdict.outcome === 'ok' && got !== undefined && got !== key)
    report(context, operation, 'failed', `asked for ${key}, got ${got}`);
  else report(context, operation, verdict.outcome, verdict.detail);
}

/** Lists and infos, resource by resource (parents first); `roundTrips` names those --writes adds to. */
export async function checkResources(
  context: Context,
  plan: Plan,
  roundTrips: ReadonlySet<string>,
): Promise<void> {
  for (const resource of plan.resources) {
    await checkList(context, plan, resource);
    await checkInfo(context, plan, resource, roundTrips.has(resource.key));
  }
}

/** Every other GET: called when it needs no parameter, else reported as skipped. */
export async function checkOtherReads(context: Context, plan: Plan): Promise<void> {
  for (const operation of plan.otherReads) {
    const statics = operation.path.split('/').filter((part) => part && !part.startsWith('{'));
    if (AUTH_SEGMENT.test(statics.at(-1) ?? '')) {
      report(context, operation, 'skipped', 'signs in or out: not called');
      continue;
    }
    const required = operation.parameters.filter((parameter) => parameter.required);
    if (required.length > 0) {
      const names = required.map((parameter) => `${parameter.in} ${parameter.name}`);
      report(context, operation, 'skipped', `needs ${names.join(', ')}`);
      continue;
    }
    const answer = await callOperation(context, operation, { path: operation.path });
    const verdict = successVerdict(context, operation, answer, `HTTP ${answer.status}`);
    report(context, operation, verdict.outcome, verdict.detail);
  }
}
