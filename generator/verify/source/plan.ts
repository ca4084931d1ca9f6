/**
 * What to call, read from the annotation: the resources (tags with x-admin: module, entity,
 * primary key, parent) with their capability operations and the list's paging, total and rows
 * field; and the other GET operations. Parents come before the resources nested under them, so
 * that a nested list can use a listed parent's key.
 */
import { isJson, type Json } from '../../json';
import { sourceOperations, type SourceOperation } from '../../import-openapi/source-operations';

export const CAPABILITIES = ['list', 'info', 'add', 'edit', 'delete'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export interface ListShape {
  /** page (page/size), offset (offset/limit), cursor (cursor[/limit]) or none. */
  style: string;
  /** The paging parameters by role: page, size, offset, limit, cursor. */
  params: Record<string, string>;
  /** Where the total is: a body field, a header (X-Total-Count, Link), or nowhere (client). */
  total: { in: 'body'; field: string } | { in: 'header'; name: string } | { in: 'client' };
  /** The body field holding the rows (a dotted path); undefined when the body is the array. */
  items: string | undefined;
}

export interface PlannedResource {
  key: string;
  tag: string;
  /** components.schemas name of one record. */
  entity: string;
  primaryKey: string;
  /** A nested resource's parent: the path parameter and the parent's key. */
  parent: { param: string; resource: string | undefined } | undefined;
  operations: Partial<Record<Capability, SourceOperation>>;
  list: ListShape | undefined;
  /** Where info/add/edit answers hold the record (x-admin `record`, a dotted path). */
  recordAt: Partial<Record<Capability, string>>;
  /** Where add/edit bodies hold the record's fields (x-admin `body`, a dotted path). */
  bodyAt: Partial<Record<Capability, string>>;
}

export interface Plan {
  resources: PlannedResource[];
  /** GET operations that are no resource's list or info. */
  otherReads: SourceOperation[];
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** The operation's own object in the document (its x-admin, security, responses). */
export function operationObject(document: Json, operation: SourceOperation): Json {
  const paths = isJson(document.paths) ? document.paths : {};
  const item = paths[operation.path];
  const found = isJson(item) ? item[operation.method] : undefined;
  return isJson(found) ? found : {};
}

export function adminOf(node: Json): Json {
  return isJson(node['x-admin']) ? node['x-admin'] : {};
}

function listShape(admin: Json): ListShape {
  const paging = isJson(admin.pagination) ? admin.pagination : {};
  const params: Record<string, string> = {};
  for (const [role, name] of Object.entries(paging))
    if (role !== 'style' && typeof name === 'string') params[role] = name;
  const total = isJson(admin.total) ? admin.total : {};
  const field = text(total.field);
  const name = text(total.name);
  return {
    style: text(paging.style) ?? 'none',
    params,
    total:
      total.in === 'body' && field
        ? { in: 'body', field }
        : total.in === 'header' && name
          ? { in: 'header', name }
          : { in: 'client' },
    items: text(admin.items),
  };
}

function isCapability(value: unknown): value is Capability {
  return CAPABILITIES.some((capability) => capability === value);
}

export function planOf(document: Json): Plan {
  const operations = sourceOperations(document);
  const resources: PlannedResource[] = [];
  const tags = Array.isArray(document.tags) ? document.tags : [];
  for (const tag of tags) {
    if (!isJson(tag) || typeof tag.name !== 'string') continue;
    const admin = adminOf(tag);
    const entity = text(admin.entity);
    if (!entity) continue;
    const parent = isJson(admin.parent) ? admin.parent : undefined;
    const parentParam = parent ? text(parent.param) : undefined;
    resources.push({
      key: text(admin.module) ?? tag.name,
      tag: tag.name,
      entity,
      primaryKey: text(admin.primaryKey) ?? 'id',
      parent: parentParam ? { param: parentParam, resource: text(parent?.resource) } : undefined,
      operations: {},
      list: undefined,
      recordAt: {},
      bodyAt: {},
    });
  }
  const used = new Set<SourceOperation>();
  for (const operation of operations) {
    const admin = adminOf(operationObject(document, operation));
    const capability = admin.capability;
    const resource = resources.find((candidate) => candidate.tag === operation.tag);
    if (!resource || !isCapability(capability) || resource.operations[capability]) continue;
    resource.operations[capability] = operation;
    if (capability === 'list') resource.list = listShape(admin);
    const record = text(admin.record);
    const body = text(admin.body);
    if (record) resource.recordAt[capability] = record;
    if (body) resource.bodyAt[capability] = body;
    used.add(operation);
  }
  const depth = (resource: PlannedResource) => (resource.parent ? 1 : 0);
  return {
    resources: [...resources].sort((a, b) => depth(a) - depth(b)),
    // A GET with a capability is a list or an info: checked with its resource.
    otherReads: operations.filter(
      (operation) => operation.method === 'get' && !used.has(operation),
    ),
  };
}

/** The last `{param}` of an item path: the record's key (isbn of /books/{isbn}). */
export function keyParam(template: string): string | undefined {
  const params = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  return params.at(-1);
}

/** The template with its parameters filled in (encoded); undefined when one has no value. */
export function fillPath(
  template: string,
  values: ReadonlyMap<string, string>,
): string | undefined {
  let missing = false;
  const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values.get(name);
    if (value === undefined) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? undefined : filled;
}

/** Why a nested resource's call cannot be made: its parent listed no record to name. */
export function needsParent(resource: PlannedResource): string {
  return `needs ${resource.parent?.param ?? 'a path parameter'}: no listed ${resource.parent?.resource ?? 'parent'}`;
}
