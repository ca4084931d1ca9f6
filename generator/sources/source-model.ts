/**
 * Model step of the imported sources: per source its description (title, base path, error
 * style, auth) and per resource tag with x-admin a module — fields from the entity's x-admin
 * (the same field model as the spec's backend), the REST calls behind its capabilities, its
 * screen and menu entry. A resource without a list call gets no screen (the import reported it).
 */
import type { Capability } from '../../src/core/module';
import { serverPath } from '../../src/core/openapi-server';
import type {
  RestErrorStyle,
  RestResourceCalls,
  SourceAuth,
  SourceDescription,
} from '../../src/core/rest-source';
import type { ScreenMenuEntry } from '../../src/core/screen';
import type { SourceAction } from '../../src/core/source-action';
import { isJson, type Json } from '../json';
import { camelCase, moduleKey, pascalCase } from '../model/names';
import { moduleRoute } from '../model/route';
import { screenMenu } from '../model/screen';
import type { ModuleFields, OpenApiDocument } from '../types';
import type { LoadedSource } from './load-sources';
import { resourceCalls, sourceOperations } from './source-calls';
import {
  requestForms,
  withKeyOutOfBody,
  withNullableFields,
  type RequestForms,
} from './request-form';
import { moduleActions, moduleTagNames } from './source-actions';
import { addBodyLacks, entityFields, listFilterFields, optionsFromResolver } from './source-fields';

export interface SourceModuleModel {
  source: string;
  /** `<source>-<module>`: unique beside the spec backend's module keys. */
  key: string;
  tag: string;
  title: string;
  route: string;
  entity: string;
  primaryKey: string;
  permissionKey: string;
  keepAlive: boolean;
  menu?: ScreenMenuEntry;
  /**
   * A nested collection (a book's reviews): listed under one parent record, whose key the screen
   * takes from its address (`?isbn=…`) and puts in the calls' path. Opened from the parent's row.
   */
  parent?: { param: string; route: string; label: string };
  /** The nested collections opened from this resource's rows (书评 on a book). */
  children: { title: string; route: string; param: string }[];
  capabilities: Capability[];
  calls: RestResourceCalls;
  fields: ModuleFields;
  /** The add and edit forms where the request bodies differ from the record (request-form.ts). */
  forms: RequestForms;
  /** Buttons for the tag's other operations (x-admin `action: row | toolbar`; source-actions.ts). */
  actions: SourceAction[];
  names: {
    moduleFile: string;
    pageFile: string;
    moduleImport: string;
    pageImport: string;
    moduleConst: string;
    pageComponent: string;
  };
}

export interface SourceModel {
  name: string;
  label: string;
  description: SourceDescription;
  /** The document, for the browser mock and the types. */
  document: OpenApiDocument;
  modules: SourceModuleModel[];
  /** `x-admin.source.menuId`: its menu group's id, kept when other sources come and go. */
  menuId?: number;
}

const ERROR_STYLES: readonly RestErrorStyle[] = ['problem+json', 'json', 'status-text'];

function authOf(value: unknown, where: string, problems: string[]): SourceAuth[] {
  const auth: SourceAuth[] = [];
  for (const entry of Array.isArray(value) ? value : []) {
    if (!isJson(entry) || typeof entry.scheme !== 'string') continue;
    const scheme = entry.scheme;
    if (entry.type === 'bearer' || entry.type === 'basic') auth.push({ scheme, type: entry.type });
    else if (
      entry.type === 'apiKey' &&
      (entry.in === 'header' || entry.in === 'query') &&
      typeof entry.name === 'string'
    )
      auth.push({ scheme, type: 'apiKey', in: entry.in, name: entry.name });
    else if (
      entry.type === 'oauth2' &&
      (entry.flow === 'clientCredentials' || entry.flow === 'password') &&
      typeof entry.tokenUrl === 'string' &&
      entry.tokenUrl.trim() !== ''
    ) {
      const scopes = Array.isArray(entry.scopes) ? entry.scopes.map(String) : [];
      auth.push({ scheme, type: 'oauth2', flow: entry.flow, tokenUrl: entry.tokenUrl, scopes });
    } else
      problems.push(
        `${where}.auth: ${JSON.stringify(entry)} is not bearer, basic, an apiKey or an oauth2 clientCredentials/password flow with a tokenUrl`,
      );
  }
  return auth;
}

function describe(loaded: LoadedSource, problems: string[]): SourceDescription {
  const admin = isJson(loaded.document['x-admin']) ? loaded.document['x-admin'] : {};
  const source = isJson(admin.source) ? admin.source : {};
  const where = `${loaded.label}: x-admin.source`;
  const errors = ERROR_STYLES.find((style) => style === source.errors) ?? 'status-text';
  const info = isJson(loaded.document.info) ? loaded.document.info : {};
  const title =
    typeof source.title === 'string'
      ? source.title
      : typeof info.title === 'string'
        ? info.title
        : loaded.name;
  return {
    name: loaded.name,
    title,
    basePath: `/sources/${loaded.name}`,
    serverPath: serverPath(loaded.document),
    errors,
    auth: authOf(source.auth, where, problems),
  };
}

const CALL_ORDER = ['list', 'info', 'add', 'edit', 'delete'] as const;

function buildModule(
  loaded: LoadedSource,
  tag: Json,
  problems: string[],
): SourceModuleModel | undefined {
  const { document, name: source } = loaded;
  const admin = isJson(tag['x-admin']) ? tag['x-admin'] : {};
  const tagName = String(tag.name);
  const tags = Array.isArray(document.tags) ? document.tags : [];
  const where = `${loaded.label}#/tags/${tags.indexOf(tag)}: tag ${tagName}: x-admin`;
  try {
    const key = moduleKey(admin.module ?? tagName);
    const entity = typeof admin.entity === 'string' ? admin.entity : undefined;
    if (!entity) throw new Error('entity is missing');
    const operations = sourceOperations(document);
    const primaryKey = typeof admin.primaryKey === 'string' ? admin.primaryKey : 'id';
    const calls = withKeyOutOfBody(
      document,
      operations,
      withNullableFields(
        document,
        operations,
        resourceCalls(document, operations, tagName, problems),
      ),
      primaryKey,
    );
    // Without a list call the screen looks records up by key; without info there is no screen.
    if (!calls.list && !calls.info)
      throw new Error(
        'no operation of the tag has x-admin.capability list or info: the module has no screen to list or look records up',
      );
    const fields = entityFields(
      document,
      entity,
      primaryKey,
      calls.list?.filters ?? [],
      optionsFromResolver(source, document, operations, problems),
      `${loaded.label}: components.schemas.${entity}`,
      addBodyLacks(document, operations, calls.add, primaryKey),
    );
    const listOperation = operations.find(
      (op) => op.method === calls.list?.method && op.path === calls.list?.path,
    );
    fields.searchFields.push(
      ...listFilterFields(
        document,
        listOperation?.operation,
        fields.searchFields.map((f) => f.cf_fieldname),
      ),
    );
    const full = `${source}-${key}`;
    const menu = screenMenu(admin.menu, where);
    const model: SourceModuleModel = {
      source,
      key: full,
      tag: tagName,
      title: typeof admin.title === 'string' ? admin.title : tagName,
      route: moduleRoute(admin.route),
      entity,
      primaryKey,
      permissionKey:
        typeof admin.permissionKey === 'string'
          ? admin.permissionKey
          : full.replace(/-/g, '_').toUpperCase(),
      keepAlive: admin.keepAlive !== false,
      capabilities: CALL_ORDER.filter((capability) => calls[capability] !== undefined),
      calls,
      fields,
      forms: requestForms(
        document,
        operations,
        calls,
        entity,
        primaryKey,
        fields.formFields,
        fields.writeOnlyFields,
      ),
      actions: moduleActions(document, operations, tagName, moduleTagNames(document)).actions,
      children: [],
      names: {
        moduleFile: `sources/${source}/modules/${key}.ts`,
        pageFile: `sources/${source}/pages/${key}-page.tsx`,
        moduleImport: `@generated/sources/${source}/modules/${key}`,
        pageImport: `./sources/${source}/pages/${key}-page`,
        moduleConst: `${camelCase(full)}Module`,
        pageComponent: `${pascalCase(full)}Page`,
      },
    };
    const parent = isJson(admin.parent) ? admin.parent : undefined;
    if (parent) {
      if (typeof parent.param !== 'string' || typeof parent.resource !== 'string')
        throw new Error(
          `parent ${JSON.stringify(parent)} must be { param, resource } (the path parameter and the module of the parent records)`,
        );
      // Reached from its parent's rows, never from the menu.
      delete model.menu;
      model.parent = {
        param: parent.param,
        route: `${source}-${parent.resource}`,
        label: parent.param,
      };
    } else if (menu) model.menu = menu;
    return model;
  } catch (error) {
    problems.push(`${where}: ${(error as Error).message}`);
    return undefined;
  }
}

/** Links each nested collection to its parent: the parent's route, and a row button there. */
function linkParents(modules: SourceModuleModel[], label: string, problems: string[]): void {
  for (const child of modules) {
    if (!child.parent) continue;
    // Until linked, `parent.route` holds the parent's module key.
    const parent = modules.find((module) => module.key === child.parent?.route);
    if (!parent?.calls.list) {
      problems.push(`${label}: tag ${child.tag}: x-admin.parent names no listed resource`);
      continue;
    }
    child.parent.route = parent.route;
    // The parent's key as its form names it (ISBN), for the line naming the parent shown.
    child.parent.label =
      parent.fields.formFields.find((field) => field.cf_fieldname === parent.primaryKey)?.cf_name ??
      child.parent.param;
    parent.children.push({ title: child.title, route: child.route, param: child.parent.param });
  }
}

/** The menu ids a source's group may take (the seed's own top-level ids are small). */
export const SOURCE_MENU_IDS = { first: 90, last: 99 } as const;

function menuIdOf(loaded: LoadedSource, problems: string[]): number | undefined {
  const admin = isJson(loaded.document['x-admin']) ? loaded.document['x-admin'] : {};
  const value = isJson(admin.source) ? admin.source.menuId : undefined;
  if (value === undefined) return undefined;
  if (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= SOURCE_MENU_IDS.first &&
    value <= SOURCE_MENU_IDS.last
  )
    return value;
  problems.push(
    `${loaded.label}: x-admin.source.menuId ${JSON.stringify(value)} is not a whole number from ${SOURCE_MENU_IDS.first} to ${SOURCE_MENU_IDS.last}`,
  );
  return undefined;
}

/** The capabilities an operation's x-admin may name (the REST calls of a module). */
const KNOWN_CAPABILITIES: readonly string[] = CALL_ORDER;

/** The keys of a source's root x-admin that generate reads. */
const ROOT_KEYS: readonly string[] = ['source'];

/**
 * What generate would otherwise drop without a word: a root x-admin key it does not read (a
 * `modules` list an earlier import wrote: modules live on tags) and an operation's capability
 * that no module's tag claims (its screen would lack the call).
 */
function unhonoured(loaded: LoadedSource, problems: string[]): void {
  const { document, label } = loaded;
  const admin = isJson(document['x-admin']) ? document['x-admin'] : {};
  for (const key of Object.keys(admin).filter((key) => !ROOT_KEYS.includes(key)))
    problems.push(
      `${label}#/x-admin/${key}: generate reads only x-admin.source at the root (a module goes on its tag's x-admin; import the document again with --force)`,
    );
  const moduleTags = moduleTagNames(document);
  for (const op of sourceOperations(document)) {
    const capability = isJson(op.operation['x-admin'])
      ? op.operation['x-admin'].capability
      : undefined;
    if (capability === undefined) continue;
    const pointer = `${label}#/paths/${op.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${op.method.toLowerCase()}/x-admin`;
    if (typeof capability !== 'string' || !KNOWN_CAPABILITIES.includes(capability)) {
      problems.push(
        `${pointer}: capability ${JSON.stringify(capability)} is not one of ${KNOWN_CAPABILITIES.join(', ')}`,
      );
      continue;
    }
    const tags = Array.isArray(op.operation.tags) ? op.operation.tags : [];
    if (!tags.some((tag) => typeof tag === 'string' && moduleTags.has(tag)))
      problems.push(
        `${pointer}: capability ${JSON.stringify(capability)} belongs to no module (none of its tags has an x-admin module)`,
      );
  }
}

export function buildSources(loaded: readonly LoadedSource[], problems: string[]): SourceModel[] {
  return loaded.map((source) => {
    unhonoured(source, problems);
    const tags = Array.isArray(source.document.tags) ? source.document.tags : [];
    const modules = tags
      .filter((tag): tag is Json => isJson(tag) && isJson(tag['x-admin']))
      .map((tag) => buildModule(source, tag, problems))
      .filter((module): module is SourceModuleModel => module !== undefined);
    linkParents(modules, source.label, problems);
    const menuId = menuIdOf(source, problems);
    return {
      name: source.name,
      label: source.label,
      description: describe(source, problems),
      document: source.document,
      modules,
      ...(menuId === undefined ? {} : { menuId }),
    };
  });
}
