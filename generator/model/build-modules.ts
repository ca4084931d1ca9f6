/**
 * Model step: the contract's x-admin metadata → ModuleModel[]. Only x-admin is read (plus
 * `type`/`maxLength`/`writeOnly` of a property and the request body of a capability's
 * operation); every decision is delegated to the small functions next to this file.
 */
import type { Capability } from '../../src/core/module';
import { ModelError } from '../errors';
import { isJson, type Json } from '../json';
import { listOperations, type ContractOperation } from '../parse/operations';
import type { FieldModel, ModuleModel, OpenApiDocument, OperationBinding } from '../types';
import type { ValuePath } from '../parse/source-lines';
import { bindCapabilities, isCapability } from './capability-operations';
import { contractTextProblems, formatTextProblem } from './contract-texts';
import { fieldModel } from './field-definition';
import { moduleFields } from './module-fields';
import { moduleKey, moduleNames } from './names';
import { resolveProperty, resolveRef } from './refs';
import { moduleRoute } from './route';
import { menuRows, optionalRoute, screenMenu } from './screen';
import { screenIsHandWritten, treeDefinition } from './tree';

export { ModelError } from '../errors';

function requiredString(admin: Json, key: string, where: string): string {
  const value = admin[key];
  if (typeof value !== 'string' || value === '')
    throw new Error(`${where}: x-admin.${key} is required`);
  return value;
}

function capabilitiesOf(value: unknown, where: string): Capability[] {
  if (!Array.isArray(value) || value.length === 0)
    throw new Error(`${where}: x-admin.capabilities must be a non-empty list`);
  const unknown = value.filter((c) => !isCapability(c));
  if (unknown.length > 0) throw new Error(`${where}: unknown capabilities ${unknown.join(', ')}`);
  if (new Set(value).size !== value.length)
    throw new Error(`${where}: a capability is listed twice`);
  return value as Capability[];
}

/** Fields of the entity schema, in property order (form and column order). */
function entityFields(
  entity: Json,
  primaryKey: string,
  document: Json,
  where: string,
  problems: string[],
): FieldModel[] {
  const properties = isJson(entity.properties) ? entity.properties : {};
  const fields: FieldModel[] = [];
  for (const [name, property] of Object.entries(properties)) {
    if (!isJson(property) || !isJson(property['x-admin'])) continue;
    try {
      fields.push(
        fieldModel(name, property['x-admin'], resolveProperty(property, document), primaryKey),
      );
    } catch (error) {
      problems.push(`${where}.${name}: ${(error as Error).message}`);
    }
  }
  return fields;
}

/** Seed records; each key must be a property of the entity (typos would silently vanish). */
function entitySeed(entity: Json, where: string, problems: string[]): Record<string, unknown>[] {
  const admin = isJson(entity['x-admin']) ? entity['x-admin'] : {};
  const seed = admin.seed ?? [];
  if (!Array.isArray(seed) || !seed.every(isJson)) {
    problems.push(`${where}: x-admin.seed must be a list of records`);
    return [];
  }
  const properties = isJson(entity.properties) ? Object.keys(entity.properties) : [];
  seed.forEach((record, index) => {
    const unknown = Object.keys(record).filter((key) => !properties.includes(key));
    if (unknown.length > 0)
      problems.push(`${where}: seed[${index}] has unknown field(s) ${unknown.join(', ')}`);
  });
  return seed as Record<string, unknown>[];
}

/**
 * The `/api/{group}` segment the module's calls live under: usually the tag's name, but a tag
 * may be renamed to avoid a clash (the designer's `designermodule` serves /api/module/*).
 *
 * @example apiGroup([{ path: '/api/module/list' }], 'designermodule', []) // 'module'
 */
export function apiGroup(
  operations: readonly Pick<OperationBinding, 'path'>[],
  tagName: string,
  problems: string[],
): string {
  const groups = [...new Set(operations.map((op) => /^\/api\/([^/]+)\//.exec(op.path)?.[1]))];
  if (groups.length !== 1 || groups[0] === undefined) {
    if (operations.length > 0)
      problems.push(`tag ${tagName}: its calls must share one /api/{group}/ prefix`);
    return tagName;
  }
  return groups[0];
}

function buildModule(
  tag: Json,
  tagged: readonly ContractOperation[],
  document: Json,
  problems: string[],
): ModuleModel | undefined {
  const tagName = String(tag.name);
  const where = `tag ${tagName}`;
  const admin = tag['x-admin'] as Json;
  try {
    const key = moduleKey(admin.module);
    const entityName = requiredString(admin, 'entity', where);
    // It names the record type in generated code (orval keeps a PascalCase schema name as is).
    if (!/^[A-Z][A-Za-z0-9]*$/.test(entityName))
      throw new Error(
        `${where}: x-admin.entity ${JSON.stringify(entityName)} must be a PascalCase schema name like AdminNotice`,
      );
    const schemas =
      isJson(document.components) && isJson(document.components.schemas)
        ? document.components.schemas
        : {};
    const entity = schemas[entityName];
    if (!isJson(entity))
      throw new Error(`${where}: entity schema ${entityName} is not in components.schemas`);
    const primaryKey = typeof admin.primaryKey === 'string' ? admin.primaryKey : 'id';
    const capabilities = capabilitiesOf(admin.capabilities, where);
    const operations = bindCapabilities(tagName, capabilities, tagged, document, problems);
    const entityWhere = `components.schemas.${entityName}`;
    const model: ModuleModel = {
      key,
      tag: tagName,
      group: apiGroup(operations, tagName, problems),
      title: requiredString(admin, 'title', where),
      route: moduleRoute(admin.route),
      entity: entityName,
      primaryKey,
      permissionKey:
        typeof admin.permissionKey === 'string' ? admin.permissionKey : tagName.toUpperCase(),
      keepAlive: admin.keepAlive !== false,
      handWritten: screenIsHandWritten(admin.screen, where),
      menuTable: admin.menuTable === true,
      capabilities,
      ...moduleFields(entityFields(entity, primaryKey, document, entityWhere, problems)),
      operations,
      seed: entitySeed(entity, entityWhere, problems),
      names: moduleNames(key, tagName),
    };
    for (const optional of ['statusField', 'createTimeField', 'ownerField'] as const) {
      if (typeof admin[optional] === 'string') model[optional] = admin[optional];
    }
    const parentPath = optionalRoute(admin.parentPath, where);
    if (parentPath) model.parentPath = parentPath;
    if (admin.hideTitle === true) model.hideTitle = true;
    const list = operations.find((op) => op.capability === 'list');
    const tree = treeDefinition(
      admin.tree,
      { name: entityName, schema: entity },
      tagged.find((op) => op.path === list?.path && op.method === list.method),
      document,
      where,
    );
    if (tree) model.tree = tree;
    const menu = screenMenu(admin.menu, where);
    if (menu) model.menu = menu;
    if (isJson(admin.menu) && Number.isInteger(admin.menu.waitNum))
      model.menuWaitNum = Number(admin.menu.waitNum);
    checkRequiredAgree(model, tagged, document, problems);
    return model;
  } catch (error) {
    problems.push((error as Error).message);
    return undefined;
  }
}

/**
 * Builds one ModuleModel per tag carrying x-admin, sorted by key. Throws a ModelError listing
 * every problem (a text with a control character, unknown control, capability without exactly
 * one operation, duplicate key…). With `locate` (from loadContract) a refused text's problem
 * starts with its own file and line; without, with its tag or schema, which `generate` locates.
 *
 * @example
 * const modules = buildModules(document);
 * modules.map((m) => m.key); // ['notice', 'user', …]
 */
export function buildModules(
  document: OpenApiDocument,
  locate?: (at: ValuePath) => string | undefined,
): ModuleModel[] {
  const problems = contractTextProblems(document).map((problem) =>
    formatTextProblem(problem, locate),
  );
  const operations = listOperations(document.paths);
  const modules: ModuleModel[] = [];
  for (const tag of document.tags ?? []) {
    if (!isJson(tag) || !isJson(tag['x-admin'])) continue;
    const tagged = operations.filter(
      ({ operation }) => Array.isArray(operation.tags) && operation.tags.includes(String(tag.name)),
    );
    const model = buildModule(tag, tagged, document, problems);
    if (model) modules.push(model);
  }
  const seen = new Map<string, string>();
  for (const module of modules) {
    for (const [kind, value] of [
      ['key', module.key],
      ['route', module.route],
    ] as const) {
      const owner = seen.get(`${kind}:${value}`);
      if (owner) problems.push(`tags ${owner} and ${module.tag} share the module ${kind} ${value}`);
      seen.set(`${kind}:${value}`, module.tag);
    }
  }
  addMenuRows(modules, problems);
  if (problems.length > 0) throw new ModelError(problems);
  // Plain code-unit order: the drift gate compares bytes, so the order must not depend on a locale.
  return modules.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Appends the generated screens' menu rows to the seed of the module marked menuTable. */
function addMenuRows(modules: ModuleModel[], problems: string[]): void {
  const tables = modules.filter((m) => m.menuTable);
  const withMenu = modules.filter((m) => m.menu);
  if (tables.length > 1)
    problems.push(
      `x-admin.menuTable is set on ${tables.map((m) => `tag ${m.tag}`).join(' and ')}; one module holds the menu`,
    );
  const table = tables[0];
  if (!table) {
    if (withMenu.length > 0)
      problems.push(
        `tag ${withMenu[0]!.tag} has x-admin.menu but no module is marked x-admin.menuTable`,
      );
    return;
  }
  const rows = menuRows(modules, table.seed, problems);
  for (const row of rows) {
    const module = withMenu.find((m) => m.route === row.amenu_address);
    if (module?.menuWaitNum) row.wait_num = module.menuWaitNum;
  }
  table.seed = [...table.seed, ...rows];
}

/** Names of the fields a schema (or any of its allOf parts) lists as required. */
function requiredNames(schema: unknown, document: Json): string[] {
  const resolved = resolveRef(schema, document);
  const own = Array.isArray(resolved.required) ? resolved.required.map(String) : [];
  const parts = Array.isArray(resolved.allOf) ? resolved.allOf : [];
  return [...own, ...parts.flatMap((part) => requiredNames(part, document))];
}

/**
 * x-admin.required (the form's rule) and the add body's schema `required` (the contract's rule)
 * must say the same, or the form and the server would disagree about what may be left empty.
 */
function checkRequiredAgree(
  model: ModuleModel,
  tagged: readonly ContractOperation[],
  document: Json,
  problems: string[],
): void {
  const add = model.operations.find((op) => op.capability === 'add');
  if (!add) return;
  const operation = tagged.find(
    (op) => op.path === add.path && op.method === add.method,
  )?.operation;
  const body = resolveRef(operation?.requestBody, document);
  const media = Object.values(isJson(body.content) ? body.content : {})[0];
  const inSchema = new Set(requiredNames(isJson(media) ? media.schema : undefined, document));
  const inAdmin = new Set(model.requiredFields.map((f) => f.field));
  const formFields = new Set(model.formFields.map((f) => f.cf_fieldname));
  for (const field of inAdmin) {
    if (!inSchema.has(field))
      problems.push(
        `tag ${model.tag}: field ${field} has x-admin.required but the add body (${add.path}) does not list it in required`,
      );
  }
  for (const field of inSchema) {
    if (field === model.primaryKey || !formFields.has(field)) continue;
    if (!inAdmin.has(field))
      problems.push(
        `tag ${model.tag}: the add body (${add.path}) requires ${field} but its x-admin has no required: true`,
      );
  }
}
