/**
 * Annotate step: every inference becomes ordinary x-admin, written where the hand-written
 * contract writes it — the module on its tag, the capability or action on its operation, the
 * field on its schema property — plus the source (conventions, auth, base URL) at the root.
 * The result is a list of edits; write-source.ts applies them to the document.
 */
import type { YamlMap, YamlValue } from '../../src/core/yaml-text';
import { isJson, type Json } from '../json';
import { inferAction } from './actions';
import { inferConventions, type ConventionsInference } from './conventions';
import { inferField, labelField, type ListedEntity } from './fields';
import { inferList } from './lists';
import { inferResources, RESOURCE_CAPABILITIES, type LeftOut, type Resource } from './resources';
import { flattenObject } from './schemas';
import { sourceOperations, type SourceOperation } from './source-operations';

export interface Edit {
  /** Path in the document of the x-admin key to set. */
  at: (string | number)[];
  value: YamlMap;
}

export interface AnnotateOptions {
  name: string;
  title: string;
  menuGroup: string;
  /** Its menu group's id (./menu-id.ts); none when every id is taken. */
  menuId?: number;
}

export interface ResourceSummary {
  key: string;
  entity: string;
  path: string;
  capabilities: string[];
  actions: string[];
  list: string | undefined;
}

export interface Annotation {
  edits: Edit[];
  resources: ResourceSummary[];
  notes: string[];
  leftOut: LeftOut[];
  operations: number;
  conventions: ConventionsInference;
}

const WRITING: Readonly<Record<string, string>> = { add: 'ADD', edit: 'EDIT', delete: 'DELETE' };

/** The record field the item path's parameter names: petId → id, username → username. */
function primaryKeyOf(resource: Resource, fields: readonly string[]): string {
  const param = resource.idParam;
  if (param && fields.includes(param)) return param;
  if (fields.includes('id')) return 'id';
  return fields.find((f) => /id$/i.test(f)) ?? fields[0] ?? 'id';
}

function tagsIn(resource: Resource): Set<string> {
  const operations = [
    ...Object.values(resource.capabilities),
    ...resource.actions.map((a) => a.operation),
  ];
  return new Set(operations.map((op) => op.tag ?? ''));
}

/** The index in `tags` of the tag a resource's module goes on, when the tag is its alone. */
function moduleTag(
  resource: Resource,
  resources: readonly Resource[],
  document: Json,
): number | undefined {
  const own = tagsIn(resource);
  const [tag] = [...own];
  if (own.size !== 1 || !tag) return undefined;
  if (resources.some((other) => other !== resource && tagsIn(other).has(tag))) return undefined;
  const tags = Array.isArray(document.tags) ? document.tags : [];
  const index = tags.findIndex((t) => isJson(t) && t.name === tag);
  return index >= 0 ? index : undefined;
}

function authHeaders(conventions: ConventionsInference): string[] {
  const names: string[] = [];
  for (const scheme of Object.values(conventions.admin.auth ?? [])) {
    if (isJson(scheme) && scheme.in === 'header' && typeof scheme.name === 'string')
      names.push(scheme.name.toLowerCase());
  }
  return [...names, 'authorization'];
}

/** The edits and the report's lines for one document. */
export function annotate(document: Json, options: AnnotateOptions): Annotation {
  const operations = sourceOperations(document);
  const inference = inferResources(operations, document);
  const conventions = inferConventions(document, operations);
  const notes = [...inference.notes];
  const leftOut = [...inference.leftOut, ...conventions.leftOut];
  const edits: Edit[] = [];
  const fieldsOf = new Map(
    inference.resources.map((r) => [
      r.key,
      flattenObject({ $ref: `#/components/schemas/${r.entity}` }, [], document),
    ]),
  );
  const primaryKeys = new Map(
    inference.resources.map((r) => [
      r.key,
      primaryKeyOf(r, fieldsOf.get(r.key)?.properties.map((p) => p.name) ?? []),
    ]),
  );
  const listed = new Map<string, ListedEntity>();
  for (const resource of inference.resources) {
    if (resource.capabilities.list && !listed.has(resource.entity))
      listed.set(resource.entity, {
        resource: resource.key,
        value: primaryKeys.get(resource.key) ?? 'id',
        label: labelField(resource.entity, document),
      });
  }
  const annotatedEntities = new Set<string>();
  const rootModules: YamlMap[] = [];
  const summaries: ResourceSummary[] = [];
  inference.resources.forEach((resource, index) => {
    // Prefixed with the source: keys of every source and of the spec's backend share one prilist.
    const permissionKey = `${options.name}_${resource.key.replace(/-/g, '')}`
      .replace(/-/g, '_')
      .toUpperCase();
    const flat = fieldsOf.get(resource.key) ?? { properties: [], required: [] };
    const primaryKey = primaryKeys.get(resource.key) ?? 'id';
    if (resource.idParam && resource.idParam !== primaryKey)
      notes.push(
        `resource ${resource.key}: path parameter {${resource.idParam}} is the record's ${primaryKey}`,
      );
    const listOp = resource.capabilities.list;
    const names = flat.properties.map((p) => p.name);
    const list = listOp ? inferList(listOp, names, listed, document) : undefined;
    if (list) notes.push(...list.notes);
    const noList = `no list call (no GET ${resource.collectionPath}, no search answering ${resource.entity}[])`;
    if (!listOp && resource.capabilities.info)
      notes.push(
        `resource ${resource.key}: ${noList} — its screen looks records up by ${primaryKey}`,
      );
    else if (!listOp)
      leftOut.push({
        where: `resource ${resource.key}`,
        reason: `${noList}: the screen has nothing to list or look up`,
      });
    if (!annotatedEntities.has(resource.entity)) {
      annotatedEntities.add(resource.entity);
      for (const property of flat.properties) {
        const field = inferField(property.name, property.schema, {
          document,
          listed,
          where: `${resource.entity}.${property.name}`,
          ...(listOp ? { ownList: resource.key } : {}),
          required: flat.required.includes(property.name),
          primaryKey: property.name === primaryKey,
          filter: list?.filters.includes(property.name) ?? false,
          sortable: list?.sortFields.includes(property.name) ?? false,
        });
        notes.push(...field.notes);
        edits.push({ at: [...property.at, 'x-admin'], value: field.admin });
      }
    }
    const capabilities = RESOURCE_CAPABILITIES.filter((c) => resource.capabilities[c]);
    for (const capability of capabilities) {
      const op: SourceOperation | undefined = resource.capabilities[capability];
      if (!op) continue;
      const value: YamlMap = { capability };
      const suffix = WRITING[capability];
      if (!suffix) value.access = 'read';
      else if (!op.isPublic) value.permission = `${permissionKey}_${suffix}`;
      if (capability === 'list' && list) Object.assign(value, list.admin);
      edits.push({ at: [...op.at, 'x-admin'], value });
    }
    const actionLabels: string[] = [];
    for (const action of resource.actions) {
      const result = inferAction(
        action,
        permissionKey,
        resource.idParam,
        listed,
        document,
        authHeaders(conventions),
      );
      notes.push(...result.notes);
      if (result.leftOut) leftOut.push(result.leftOut);
      if (!result.admin) continue;
      edits.push({ at: [...action.operation.at, 'x-admin'], value: result.admin });
      actionLabels.push(`${action.placement} ${action.operation.label}`);
    }
    const module: YamlMap = {
      module: resource.key,
      title: resource.entity,
      route: `/${options.name}/${resource.key}`,
      ...(index < 99
        ? { menu: { group: options.menuGroup, icon: 'pi pi-list', sort: index + 1 } }
        : {}),
      entity: resource.entity,
      primaryKey,
      permissionKey,
      keepAlive: true,
      capabilities: [...capabilities],
    };
    if (index >= 99)
      notes.push(`resource ${resource.key}: a menu group holds 99 entries — no menu entry`);
    if (resource.parent)
      module.parent = {
        param: resource.parent.param,
        ...(resource.parent.resource ? { resource: resource.parent.resource } : {}),
      };
    const tagIndex = moduleTag(resource, inference.resources, document);
    if (tagIndex !== undefined) edits.push({ at: ['tags', tagIndex, 'x-admin'], value: module });
    else {
      rootModules.push(module);
      notes.push(
        `resource ${resource.key}: its operations share no tag of their own — its module is in the root x-admin.modules`,
      );
    }
    summaries.push({
      key: resource.key,
      entity: resource.entity,
      path: resource.itemPath
        ? `${resource.collectionPath}, ${resource.itemPath}`
        : resource.collectionPath,
      capabilities: capabilities.map((c) => {
        const op = resource.capabilities[c];
        const usualPath = c === 'list' || c === 'add' ? resource.collectionPath : resource.itemPath;
        return op && op.path.replace(/\/+$/, '') !== usualPath ? `${c} (${op.label})` : c;
      }),
      actions: actionLabels,
      list: list?.summary,
    });
  });
  const servers = Array.isArray(document.servers) ? document.servers : [];
  const baseUrl = isJson(servers[0]) && typeof servers[0].url === 'string' ? servers[0].url : '/';
  const source: YamlMap = {
    name: options.name,
    title: options.title,
    menuGroup: options.menuGroup,
    ...(options.menuId === undefined ? {} : { menuId: options.menuId }),
    baseUrl,
    ...conventions.admin,
  };
  const root: { [key: string]: YamlValue } = { source };
  if (rootModules.length > 0) root.modules = rootModules;
  edits.push({ at: ['x-admin'], value: root });
  return {
    edits,
    resources: summaries,
    notes,
    leftOut,
    operations: operations.length,
    conventions,
  };
}
