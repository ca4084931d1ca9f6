/**
 * Resources from path shapes and methods: a collection path (`/pets`, `/users/{userId}/posts`)
 * and its item path (`/pets/{anyIdName}`) are one resource. Collection GET (a list answer) is
 * `list`, collection POST `add`, item GET/PUT/PATCH/DELETE `info`/`edit`/`delete`; every other
 * operation under the resource is a row action (under the item path) or a toolbar action.
 *
 * Two shapes of real documents are handled on purpose (Petstore has both): an update sent to
 * the collection with the record in the body (`PUT /pet`) is `edit` when the item path has no
 * PUT/PATCH; and with no collection GET, a search under the collection returning the same
 * records (`GET /pet/findByStatus`) is the list, its query parameters the list's filters.
 */
import type { Json } from '../json';
import { kebabCase } from '../model/names';
import { dropOrphans, dropUnreachable } from './reachable';
import { drafts, isAuthPath, isParam, listsEntity, owner, segmentsOf, type Draft } from './drafts';
import { nameInlineRecord, type NamedRecord } from './inline-records';
import { listItems, recordIn } from './list-items';
import { hasObjectBody, itemPathUpdate } from './item-update';
import { componentName, resolveRef, schemaType } from './schemas';
import type { SourceOperation } from './source-operations';

export const RESOURCE_CAPABILITIES = ['list', 'info', 'add', 'edit', 'delete'] as const;
export type ResourceCapability = (typeof RESOURCE_CAPABILITIES)[number];

export interface ResourceAction {
  operation: SourceOperation;
  placement: 'row' | 'toolbar';
}

export interface Resource {
  /** Module key, kebab-case: pet, store-order, books-reviews. */
  key: string;
  collectionPath: string;
  itemPath: string | undefined;
  /** The item path's parameter (any name: petId, username, isbn). */
  idParam: string | undefined;
  /** components.schemas name of one record. */
  entity: string;
  /** A nested collection's parent: the path parameter and the resource it names. */
  parent: { param: string; resource: string | undefined } | undefined;
  capabilities: Partial<Record<ResourceCapability, SourceOperation>>;
  actions: ResourceAction[];
}

export interface LeftOut {
  /** `POST /user/createWithList`, or a schema or scheme name. */
  where: string;
  reason: string;
}

export interface ResourceInference {
  resources: Resource[];
  leftOut: LeftOut[];
  /** Choices the report states (one line each). */
  notes: string[];
  /** Inline record schemas named and copied into components.schemas (see inline-records.ts). */
  namedRecords: NamedRecord[];
}

const ADMIN_METHODS: readonly string[] = ['get', 'put', 'post', 'delete', 'patch'];
/** Leading segments that name no resource: /api/v2/pets is the pets resource. */
const PREFIX_SEGMENT = /^(api|rest|v\d+(\.\d+)*)$/i;

function resourceKey(collection: string, taken: Set<string>): string {
  const statics = segmentsOf(collection).filter((segment) => !isParam(segment));
  while (statics.length > 1 && PREFIX_SEGMENT.test(statics[0]!)) statics.shift();
  const base = kebabCase(statics.join('-')) || 'resource';
  let key = /^[a-z]/.test(base) ? base : `r-${base}`;
  for (let n = 2; taken.has(key); n += 1) key = `${base}-${n}`;
  taken.add(key);
  return key;
}

/** A search preferred as the list: scalar, optional query parameters only. */
function searchScore(operation: SourceOperation, document: Json): number {
  const query = operation.parameters.filter((p) => p.in === 'query');
  const scalar = query.every((p) => schemaType(resolveRef(p.schema, document)) !== 'array');
  const optional = query.every((p) => !p.required);
  return (scalar ? 2 : 0) + (optional ? 1 : 0);
}

function entityOf(draft: Draft, document: Json): string | undefined {
  const at = (path: string | undefined, method: string) =>
    draft.operations.find((op) => op.path.replace(/\/+$/, '') === path && op.method === method);
  const info = at(draft.itemPath, 'get');
  const list = at(draft.collection, 'get');
  const record = (schema: unknown) => componentName(recordIn(schema, document)?.schema);
  const candidates = [
    info ? record(info.success?.schema) : undefined,
    list ? componentName(listItems(list.success, document)?.itemSchema) : undefined,
    record(at(draft.collection, 'post')?.body?.schema),
    record(at(draft.itemPath, 'put')?.body?.schema),
    record(at(draft.itemPath, 'patch')?.body?.schema),
  ];
  return candidates.find((name) => name !== undefined);
}

/** The record schemas of a draft as written, for one without a components.schemas name. */
function inlineCandidates(draft: Draft, document: Json): unknown[] {
  const at = (path: string | undefined, method: string) =>
    draft.operations.find((op) => op.path.replace(/\/+$/, '') === path && op.method === method);
  return [
    recordIn(at(draft.itemPath, 'get')?.success?.schema, document)?.schema,
    listItems(at(draft.collection, 'get')?.success, document)?.itemSchema,
    recordIn(at(draft.collection, 'post')?.body?.schema, document)?.schema,
  ].filter((schema) => schema !== undefined);
}

function assign(
  draft: Draft,
  entity: string,
  document: Json,
  notes: string[],
): Omit<Resource, 'key' | 'parent'> {
  const capabilities: Resource['capabilities'] = {};
  const actions: ResourceAction[] = [];
  const collectionEdits: SourceOperation[] = [];
  const searches: SourceOperation[] = [];
  for (const op of draft.operations) {
    const path = op.path.replace(/\/+$/, '');
    let capability: ResourceCapability | undefined;
    if (path === draft.collection) {
      if (op.method === 'get' && listsEntity(op, document)) capability = 'list';
      else if (op.method === 'post' && hasObjectBody(op, document)) capability = 'add';
      else if ((op.method === 'put' || op.method === 'patch') && hasObjectBody(op, document)) {
        collectionEdits.push(op);
        continue;
      }
    } else if (path === draft.itemPath) {
      if (op.method === 'get') capability = 'info';
      else if (op.method === 'put') capability = 'edit';
      else if (
        op.method === 'patch' &&
        !draft.operations.some((o) => o.path === op.path && o.method === 'put')
      )
        capability = 'edit';
      else if (op.method === 'delete') capability = 'delete';
    } else if (
      !path.startsWith(`${draft.itemPath ?? '\0'}/`) &&
      listsEntity(op, document, entity)
    ) {
      searches.push(op);
      continue;
    }
    if (capability && !capabilities[capability]) capabilities[capability] = op;
    else
      actions.push({
        operation: op,
        placement: draft.itemPath && path.startsWith(draft.itemPath) ? 'row' : 'toolbar',
      });
  }
  for (const op of collectionEdits) {
    if (!capabilities.edit) {
      capabilities.edit = op;
      notes.push(
        `${op.label}: an update on the collection with the record in the body — taken as edit (the record carries its id)`,
      );
    } else actions.push({ operation: op, placement: 'toolbar' });
  }
  const itemPost = itemPathUpdate(draft, capabilities, actions, document);
  if (itemPost) {
    capabilities.edit = itemPost;
    actions.splice(
      actions.findIndex((action) => action.operation === itemPost),
      1,
    );
    notes.push(
      `${itemPost.label}: ${draft.itemPath} has no PUT or PATCH, and this POST sends a record in its body — taken as edit (sent as POST)`,
    );
  }
  const ranked = [...searches].sort((a, b) => searchScore(b, document) - searchScore(a, document));
  for (const op of ranked) {
    if (!capabilities.list) {
      capabilities.list = op;
      const filters = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      notes.push(
        `${op.label}: there is no GET ${draft.collection}, so this search is the list${filters.length > 0 ? `; its query parameter${filters.length > 1 ? 's' : ''} ${filters.join(', ')} the list's filter${filters.length > 1 ? 's' : ''}` : ''}`,
      );
    } else actions.push({ operation: op, placement: 'toolbar' });
  }
  return {
    collectionPath: draft.collection,
    itemPath: draft.itemPath,
    idParam: draft.idParam,
    entity,
    capabilities,
    actions,
  };
}

/** The resources of a document, the operations attached to none, and the choices made. */
export function inferResources(
  operations: readonly SourceOperation[],
  document: Json,
): ResourceInference {
  const leftOut: LeftOut[] = [];
  const notes: string[] = [];
  const namedRecords: NamedRecord[] = [];
  const candidates = drafts(operations, document);
  const loose: SourceOperation[] = [];
  for (const operation of operations) {
    if (!ADMIN_METHODS.includes(operation.method)) {
      leftOut.push({
        where: operation.label,
        reason: `${operation.method.toUpperCase()} is not an admin call`,
      });
      continue;
    }
    if (isAuthPath(operation.path)) {
      leftOut.push({
        where: operation.label,
        reason: "a sign-in/sign-out call: the source's auth comes from its securitySchemes",
      });
      continue;
    }
    const draft = owner(operation.path, candidates);
    if (draft) draft.operations.push(operation);
    else loose.push(operation);
  }
  const resources: Resource[] = [];
  const keys = new Set<string>();
  const tagOwners = new Map<string, Resource[]>();
  for (const draft of candidates) {
    let entity = entityOf(draft, document);
    if (!entity) {
      const named = nameInlineRecord(draft.collection, inlineCandidates(draft, document), document);
      if (named) {
        entity = named.name;
        namedRecords.push(named);
        notes.push(
          `resource ${draft.collection}: its records are an inline schema — a copy named ${named.name} added to components.schemas (its fields' x-admin is there)`,
        );
      }
    }
    // Any name openapi-typescript keeps as a key of components['schemas'] (identity, droplet).
    if (!entity || !/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(entity)) {
      const reason = entity
        ? `its record schema ${JSON.stringify(entity)} is not a name of letters, digits, _ . -`
        : 'its answers and bodies hold no record with fields (no object schema to make a screen of)';
      for (const op of draft.operations)
        leftOut.push({ where: op.label, reason: `resource ${draft.collection}: ${reason}` });
      continue;
    }
    const resource: Resource = {
      key: resourceKey(draft.collection, keys),
      parent: undefined,
      ...assign(draft, entity, document, notes),
    };
    resources.push(resource);
    for (const op of draft.operations) {
      if (!op.tag) continue;
      const owners = tagOwners.get(op.tag) ?? [];
      if (!owners.includes(resource)) tagOwners.set(op.tag, [...owners, resource]);
    }
  }
  dropUnreachable(resources, leftOut);
  for (const resource of resources) resource.parent = parentOf(resource, resources);
  dropOrphans(resources, leftOut);
  for (const operation of loose) {
    const owners = operation.tag ? (tagOwners.get(operation.tag) ?? []) : [];
    const only = owners.length === 1 ? owners[0] : undefined;
    if (only) {
      only.actions.push({ operation, placement: 'toolbar' });
      notes.push(
        `${operation.label}: no resource path of its own — a toolbar action of ${only.key} (same tag ${operation.tag})`,
      );
    } else
      leftOut.push({
        where: operation.label,
        reason: 'no resource path, and no tag with one resource, to attach it to',
      });
  }
  return { resources, leftOut, notes, namedRecords };
}

function parentOf(resource: Resource, resources: readonly Resource[]): Resource['parent'] {
  const segments = segmentsOf(resource.collectionPath);
  const index = segments.findLastIndex(isParam);
  if (index < 0) return undefined;
  const param = segments[index]!.slice(1, -1);
  const itemPath = `/${segments.slice(0, index + 1).join('/')}`;
  // The parameter's name may differ between the two paths (/apps/{id}, /apps/{app_id}/events).
  const shape = (path: string | undefined) => path?.replace(/\{[^}]*\}/g, '{}');
  const parent = resources.find((r) => r !== resource && shape(r.itemPath) === shape(itemPath));
  return { param, resource: parent?.key };
}
