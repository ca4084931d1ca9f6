/**
 * The REST calls behind a resource's capabilities, read from the x-admin `cli import-openapi`
 * wrote on each operation (`capability: list|info|add|edit|delete`, and for the list its
 * pagination, total, items, keyword, sort and filters). A value the adapter cannot follow is a
 * problem naming the operation, never a guess.
 */
import type {
  RestCall,
  RestListCall,
  RestMethod,
  RestPagination,
  RestResourceCalls,
  RestTotal,
} from '../../src/core/rest-source';
import { isJson, type Json } from '../json';
import { resolveRef } from '../model/refs';
import { listOperations } from '../parse/operations';

const METHODS: readonly RestMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const CALL_CAPABILITIES = ['list', 'info', 'add', 'edit', 'delete'] as const;
type CallCapability = (typeof CALL_CAPABILITIES)[number];

function isCallCapability(value: unknown): value is CallCapability {
  return CALL_CAPABILITIES.some((capability) => capability === value);
}

export interface TaggedOperation {
  method: RestMethod;
  path: string;
  operation: Json;
  /** Path-level and operation-level parameters, resolved. */
  parameters: Json[];
}

/**
 * Every operation of the document (the contract's one walk, listOperations) with its method
 * upper-cased and its path-level and own parameters resolved, in document order.
 */
export function sourceOperations(document: Json): TaggedOperation[] {
  const paths = isJson(document.paths) ? document.paths : {};
  return listOperations(paths).flatMap(({ method, path, operation }) => {
    const known = METHODS.find((candidate) => candidate === method.toUpperCase());
    if (!known) return [];
    const item = paths[path];
    const shared: unknown[] = isJson(item) && Array.isArray(item.parameters) ? item.parameters : [];
    const own: unknown[] = Array.isArray(operation.parameters) ? operation.parameters : [];
    const parameters = [...shared, ...own].map((parameter) => resolveRef(parameter, document));
    return [{ method: known, path, operation, parameters }];
  });
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function pagination(value: unknown, firstPage: 0 | 1): RestPagination | string {
  const paging = isJson(value) ? value : {};
  const style = paging.style ?? 'none';
  if (style === 'none') return { style: 'none' };
  if (style === 'page' && text(paging.page) && text(paging.size))
    return { style, page: String(paging.page), size: String(paging.size), firstPage };
  if (style === 'offset' && text(paging.offset) && text(paging.limit))
    return { style, offset: String(paging.offset), limit: String(paging.limit) };
  if (style === 'cursor' && text(paging.cursor)) {
    const limit = text(paging.limit);
    return limit
      ? { style, cursor: String(paging.cursor), limit }
      : { style, cursor: String(paging.cursor) };
  }
  return `x-admin.pagination ${JSON.stringify(value)} is not page/size, offset/limit, cursor or none`;
}

function total(value: unknown): RestTotal | string {
  const counted = isJson(value) ? value : { in: 'client' };
  if (counted.in === 'client') return { in: 'client' };
  if (counted.in === 'body' && text(counted.field))
    return { in: 'body', field: String(counted.field) };
  if (counted.in === 'header' && text(counted.name))
    return { in: 'header', name: String(counted.name) };
  return `x-admin.total ${JSON.stringify(value)} is not client, body {field} or header {name}`;
}

/** Page numbers count from 1 unless the page parameter's default is 0. */
function firstPageOf(parameters: readonly Json[], name: unknown, document: Json): 0 | 1 {
  const parameter = parameters.find((p) => p.name === name && p.in === 'query');
  return resolveRef(parameter?.schema, document).default === 0 ? 0 : 1;
}

/** The parameter that sets how many rows a page has. */
function sizeParameter(pages: RestPagination): string | undefined {
  if (pages.style === 'page') return pages.size;
  if (pages.style === 'offset' || pages.style === 'cursor') return pages.limit;
  return undefined;
}

/** A query parameter's declared `maximum`, when it is a whole number of at least 1. */
function maximumOf(parameters: readonly Json[], name: string | undefined, document: Json) {
  const parameter = parameters.find((p) => p.name === name && p.in === 'query');
  const maximum = resolveRef(parameter?.schema, document).maximum;
  return typeof maximum === 'number' && Number.isInteger(maximum) && maximum >= 1
    ? maximum
    : undefined;
}

function listCall(
  call: RestCall,
  op: TaggedOperation,
  admin: Json,
  document: Json,
): RestListCall | string {
  const paging = isJson(admin.pagination) ? admin.pagination : {};
  const pages = pagination(admin.pagination, firstPageOf(op.parameters, paging.page, document));
  if (typeof pages === 'string') return pages;
  const maxSize = maximumOf(op.parameters, sizeParameter(pages), document);
  if (maxSize !== undefined && pages.style !== 'none') pages.maxSize = maxSize;
  const counted = total(admin.total);
  if (typeof counted === 'string') return counted;
  const list: RestListCall = {
    ...call,
    pagination: pages,
    total: counted,
    filters: (Array.isArray(admin.filters) ? admin.filters : [])
      .map((filter) => (isJson(filter) ? text(filter.name) : undefined))
      .filter((name): name is string => name !== undefined),
  };
  if (text(admin.items)) list.items = String(admin.items);
  if (text(admin.keyword)) list.keyword = String(admin.keyword);
  const sort = isJson(admin.sort) ? admin.sort : undefined;
  if (sort && text(sort.param))
    list.sort = {
      param: String(sort.param),
      fields: (Array.isArray(sort.fields) ? sort.fields : []).filter(
        (field): field is string => typeof field === 'string',
      ),
      descending: sort.descending === '-field' ? '-field' : 'unknown',
    };
  return list;
}

/**
 * The JSON media type an operation's body is declared with (`application/merge-patch+json`),
 * when it is not plain `application/json`: the call sends what the server was told to expect.
 */
export function declaredJsonType(operation: Json, document: Json): string | undefined {
  const body = resolveRef(operation.requestBody, document);
  const content = isJson(body) && isJson(body.content) ? body.content : {};
  const types = Object.keys(content);
  if (types.some((type) => type.toLowerCase() === 'application/json')) return undefined;
  return types.find((type) => /^application\/[\w.+-]*\+json$/i.test(type));
}

/** A dotted path of JSON field names (`article`, `data.item`). */
const DOTTED_PATH = /^[A-Za-z_$][\w$-]*(\.[A-Za-z_$][\w$-]*)*$/;

/**
 * Where an info/add/edit call's record sits in its answer (x-admin `record`) and, for add and
 * edit, under which field the request body holds it (x-admin `body`); a problem text when a
 * value is no dotted path or is given where the capability has no use for it.
 */
function envelopePaths(
  admin: Json,
  capability: Exclude<CallCapability, 'list'>,
): Pick<RestCall, 'recordAt' | 'bodyAt'> | string {
  const found: Pick<RestCall, 'recordAt' | 'bodyAt'> = {};
  const keys = [
    ['record', 'recordAt', capability !== 'delete'],
    ['body', 'bodyAt', capability === 'add' || capability === 'edit'],
  ] as const;
  for (const [key, field, used] of keys) {
    const value = admin[key];
    if (value === undefined) continue;
    if (!used) return `x-admin.${key} has no use on a ${capability} call`;
    if (typeof value !== 'string' || !DOTTED_PATH.test(value))
      return `x-admin.${key} ${JSON.stringify(value)} is not a dotted path of field names (such as article or data.item)`;
    found[field] = value;
  }
  return found;
}

/** The path parameter of an item path (`/pet/{petId}` → petId): the last one. */
function idParamOf(template: string): string | undefined {
  return [...template.matchAll(/\{([^}]+)\}/g)].at(-1)?.[1];
}

/**
 * @example resourceCalls(petstore, 'pet', problems).delete
 * // { method: 'DELETE', path: '/pet/{petId}', idParam: 'petId' }
 */
export function resourceCalls(
  document: Json,
  operations: readonly TaggedOperation[],
  tag: string,
  problems: string[],
): RestResourceCalls {
  const calls: RestResourceCalls = {};
  for (const op of operations) {
    const tags = Array.isArray(op.operation.tags) ? op.operation.tags : [];
    const admin = isJson(op.operation['x-admin']) ? op.operation['x-admin'] : undefined;
    const capability = admin?.capability;
    if (!admin || !tags.includes(tag) || !isCallCapability(capability)) continue;
    const where = `${op.method} ${op.path}`;
    const call: RestCall = { method: op.method, path: op.path };
    const idParam = idParamOf(op.path);
    if (capability === 'list') {
      const list = listCall(call, op, admin, document);
      if (typeof list === 'string') problems.push(`${where}: ${list}`);
      else calls.list = list;
      continue;
    }
    if (idParam) call.idParam = idParam;
    if (capability === 'edit') call.body = 'json';
    if (capability === 'add' || capability === 'edit') {
      const contentType = declaredJsonType(op.operation, document);
      if (contentType) call.contentType = contentType;
    }
    const envelope = envelopePaths(admin, capability);
    if (typeof envelope === 'string') {
      problems.push(`${where}: ${envelope}`);
      continue;
    }
    Object.assign(call, envelope);
    if ((capability === 'info' || capability === 'delete') && !idParam) {
      problems.push(`${where}: x-admin.capability ${capability} needs the record id in the path`);
      continue;
    }
    calls[capability] = call;
  }
  return calls;
}
