/**
 * Annotate step: every inference becomes ordinary x-admin, written where the hand-written
 * contract writes it — the module on its tag, the capability or action on its operation, the
 * field on its schema property — plus the source (conventions, auth, base URL) at the root.
 * The result is a list of edits; write-source.ts applies them to the document.
 */
import type { YamlMap } from '../../src/core/yaml-text';
import { isJson, type Json } from '../json';
import { MENU_GROUP_ENTRIES, MENU_GROUP_PARTS, menuPlace } from '../sources/menu-parts';
import { inferAction } from './actions';
import { inferConventions, type ConventionsInference } from './conventions';
import { inferField, labelField, yamlValue, type ListedEntity } from './fields';
import { envelopeOf } from './envelope';
import { requestForm } from './request-fields';
import { screenTitles } from './labels';
import { keyFields, primaryKey } from './keys';
import { inferList } from './lists';
import { moduleTags, type Edit } from './module-tags';
import { inferResources, RESOURCE_CAPABILITIES, type LeftOut } from './resources';
import { flattenObject, resolveRef } from './schemas';
import { sourceOperations, type SourceOperation } from './source-operations';

export type { Edit } from './module-tags';

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

function authHeaders(conventions: ConventionsInference): string[] {
  const names: string[] = [];
  for (const scheme of Object.values(conventions.admin.auth ?? [])) {
    if (isJson(scheme) && scheme.in === 'header' && typeof scheme.name === 'string')
      names.push(scheme.name.toLowerCase());
  }
  return [...names, 'authorization'];
}

/**
 * Why generate makes no button of an action, or undefined when it does: a lookup screen (no
 * list) shows no action buttons, and an action form sends no file.
 */
function unrenderedAction(admin: YamlMap, listed: boolean): string | undefined {
  if (!listed) return 'its resource has no list, and a lookup screen shows no action buttons yet';
  const fields = Array.isArray(admin.fields) ? admin.fields : [];
  const file = fields.find((field) => isJson(field) && field.control === 'UploadFile');
  if (isJson(file)) {
    const name = typeof file.name === 'string' ? file.name : '';
    return `its field ${name} is a file — an action form does not send files yet`;
  }
  return undefined;
}

/** The edits and the report's lines for one document. */
export function annotate(document: Json, options: AnnotateOptions): Annotation {
  const operations = sourceOperations(document);
  const inference = inferResources(operations, document);
  const conventions = inferConventions(document, operations);
  const notes = [...inference.notes, ...conventions.notes];
  const leftOut = [...inference.leftOut, ...conventions.leftOut];
  // Named copies of inline records first: the fields' x-admin edits land inside them.
  const edits: Edit[] = inference.namedRecords.map((named) => ({
    at: ['components', 'schemas', named.name],
    value: yamlValue(named.schema),
  }));
  const fieldsOf = new Map(
    inference.resources.map((r) => [
      r.key,
      flattenObject({ $ref: `#/components/schemas/${r.entity}` }, [], document),
    ]),
  );
  const keyChoices = new Map(
    inference.resources.map((r) => [
      r.key,
      primaryKey(r, keyFields(fieldsOf.get(r.key), document)),
    ]),
  );
  const primaryKeys = new Map([...keyChoices].map(([key, choice]) => [key, choice.field]));
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
  const entities = new Set(inference.resources.map((resource) => resource.entity));
  const tags = moduleTags(document, inference.resources);
  const summaries: ResourceSummary[] = [];
  // One menu group holds every screen of the source: no two may read the same.
  const titles = screenTitles(inference.resources.map((resource) => resource.collectionPath));
  // A group's entries are numbered 1–99 (a child's menu id is its group's × 100 + sort). A
  // nested collection is opened from its parent's rows and generate gives it no menu entry, so
  // it takes no number: DigitalOcean's 58 nested ones left 67 top-level screens without a way in.
  const menuSorts = new Map<string, number>();
  for (const resource of inference.resources)
    if (!resource.parent?.resource) menuSorts.set(resource.key, menuSorts.size + 1);
  inference.resources.forEach((resource, index) => {
    // Prefixed with the source: keys of every source and of the spec's backend share one prilist.
    const permissionKey = `${options.name}_${resource.key.replace(/-/g, '')}`
      .replace(/-/g, '_')
      .toUpperCase();
    const flat = fieldsOf.get(resource.key) ?? { properties: [], required: [] };
    const primaryKey = primaryKeys.get(resource.key) ?? 'id';
    const keyChoice = keyChoices.get(resource.key);
    if (keyChoice) notes.push(`resource ${resource.key}: key ${primaryKey} — ${keyChoice.reason}`);
    const listOp = resource.capabilities.list;
    const names = flat.properties.map((p) => p.name);
    const list = listOp ? inferList(listOp, names, listed, document) : undefined;
    if (list) notes.push(...list.notes);
    const noList = `no list call (no GET ${resource.collectionPath}, no search answering ${resource.entity}[])`;
    if (!listOp)
      notes.push(
        `resource ${resource.key}: ${noList} — its screen looks records up by ${primaryKey}`,
      );
    if (!annotatedEntities.has(resource.entity)) {
      annotatedEntities.add(resource.entity);
      // The entity's fields are annotated once: as the resource that adds or edits it sends them.
      const writer =
        inference.resources.find(
          (r) => r.entity === resource.entity && (r.capabilities.add || r.capabilities.edit),
        ) ?? resource;
      const request = requestForm(writer, flat, document, entities);
      notes.push(...(request?.notes ?? []));
      for (const property of flat.properties) {
        const asSent = request?.fields.properties.find((p) => p.name === property.name);
        const field = inferField(property.name, asSent?.schema ?? property.schema, {
          document,
          listed,
          where: `${resource.entity}.${property.name}`,
          ...(listOp ? { ownList: resource.key } : {}),
          required: (request?.fields ?? flat).required.includes(property.name),
          primaryKey: property.name === primaryKey,
          filter: list?.filters.includes(property.name) ?? false,
          sortable: list?.sortFields.includes(property.name) ?? false,
        });
        notes.push(...field.notes);
        // The record's writeOnly (a password) is never answered: no column, whatever the request says.
        if (resolveRef(property.schema, document).writeOnly === true) field.admin.column = false;
        if (request && !request.sent.has(property.name) && property.name !== primaryKey) {
          // Shown, not edited: the request does not send it (a server-set field).
          field.admin.form = false;
          delete field.admin.required;
          delete field.admin.rules;
          notes.push(
            `${resource.entity}.${property.name}: not in the request body ${request.name} — shown, not edited`,
          );
        }
        edits.push({ at: [...property.at, 'x-admin'], value: field.admin });
      }
      // Body fields the record lacks: x-admin where the body declares them (generate's form reads it).
      for (const { property, required, body } of request?.own ?? []) {
        const field = inferField(property.name, property.schema, {
          document,
          listed,
          where: `${body}.${property.name}`,
          required,
          primaryKey: false,
          filter: false,
          sortable: false,
        });
        notes.push(...field.notes);
        edits.push({ at: [...property.at, 'x-admin'], value: { ...field.admin, column: false } });
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
      const envelope = envelopeOf(capability, op, document);
      Object.assign(value, envelope.admin);
      notes.push(...envelope.notes);
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
      // generate makes a button of it (generator/sources/source-actions.ts) — except where
      // nothing would show it or it cannot send what the call takes: those stay left out, so
      // mapped never promises a button that does not exist.
      const unrendered = unrenderedAction(result.admin, listOp !== undefined);
      if (unrendered)
        leftOut.push({
          where: action.operation.label,
          reason: `a ${action.placement} action of ${resource.key} — ${unrendered}`,
        });
      else actionLabels.push(`${action.placement} ${action.operation.label}`);
    }
    const menuPosition = menuSorts.get(resource.key);
    const menu =
      menuPosition === undefined ? undefined : menuPlace(options.menuGroup, menuPosition);
    const module: YamlMap = {
      module: resource.key,
      title: titles[index],
      route: `/${options.name}/${resource.key}`,
      ...(menu ? { menu: { group: menu.group, icon: 'pi pi-list', sort: menu.sort } } : {}),
      entity: resource.entity,
      primaryKey,
      permissionKey,
      keepAlive: true,
      capabilities: [...capabilities],
    };
    if (menuPosition !== undefined && !menu)
      notes.push(
        `resource ${resource.key}: a source's menu holds ${MENU_GROUP_PARTS} groups of ${MENU_GROUP_ENTRIES} entries — no menu entry`,
      );
    if (resource.parent)
      module.parent = {
        param: resource.parent.param,
        ...(resource.parent.resource ? { resource: resource.parent.resource } : {}),
      };
    edits.push(...tags.place(resource, module));
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
  edits.push({ at: ['x-admin'], value: { source } });
  notes.push(...tags.notes);
  return {
    edits,
    resources: summaries,
    notes,
    leftOut,
    operations: operations.length,
    conventions,
  };
}
