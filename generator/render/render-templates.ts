/**
 * Render step for what orval cannot make: module definitions, the module registry, page
 * skeletons, the route table and mock registrations. Pure: model in, files out. The view
 * objects below pre-format every literal so the EJS templates hold only loops and ifs.
 */
import ejs from 'ejs';
import type { CallShape, GeneratedFile, ModuleModel, OperationBinding } from '../types';
import { filterDefinition } from '../model/field-definition';

export type Templates = Record<TemplateName, string>;

export const TEMPLATE_NAMES = [
  'module.ts.ejs',
  'modules-index.ts.ejs',
  'page.tsx.ejs',
  'routes.ts.ejs',
  'mock.ts.ejs',
  'mocks-index.ts.ejs',
] as const;

export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** A JavaScript literal of a JSON value (prettier lays it out later). */
function literal(value: unknown): string {
  return JSON.stringify(value);
}

function optionalLiteral(value: unknown): string | undefined {
  return value === undefined ? undefined : literal(value);
}

/** How ModuleApi's arguments become orval's first argument, per body shape. */
const CALLS: Record<CallShape, { params: string; argument: string | undefined }> = {
  query: { params: 'query', argument: 'query' },
  none: { params: '', argument: undefined },
  idObject: { params: 'id', argument: '{ id: { id } }' },
  id: { params: 'id', argument: '{ id }' },
  idList: { params: 'id', argument: '[id]' },
  status: { params: 'id, status', argument: '{ id, status }' },
  updateField: { params: 'id, field, value', argument: '{ id, field, value }' },
  record: { params: 'body', argument: 'body' },
  file: { params: 'file', argument: '{ importfile: file }' },
};

/**
 * One `api` entry: the argument is asserted to orval's parameter type because the generic
 * ModuleApi is typed loosely (ids, records) while orval's functions are typed by the contract.
 */
export function apiCall(binding: OperationBinding): {
  capability: string;
  functionName: string;
  params: string;
  argument: string;
} {
  const call = CALLS[binding.call];
  const fn = binding.functionName;
  return {
    capability: binding.capability,
    functionName: fn,
    params: call.params,
    argument: call.argument === undefined ? '' : `${call.argument} as Parameters<typeof ${fn}>[0]`,
  };
}

function render(templates: Templates, name: TemplateName, data: Record<string, unknown>): string {
  return ejs.render(templates[name], data, { async: false, filename: name });
}

export function renderModule(module: ModuleModel, templates: Templates): GeneratedFile {
  const calls = [...module.operations]
    .sort(
      (a, b) =>
        module.capabilities.indexOf(a.capability) - module.capabilities.indexOf(b.capability),
    )
    .map(apiCall);
  const data = {
    ...module,
    ...module.names,
    functionNames: [...new Set(calls.map((c) => c.functionName))].sort(),
    calls,
    literal: {
      key: literal(module.key),
      group: literal(module.group),
      title: literal(module.title),
      route: literal(module.route),
      primaryKey: literal(module.primaryKey),
      statusField: optionalLiteral(module.statusField),
      permissionKey: literal(module.permissionKey),
      keepAlive: literal(module.keepAlive),
      capabilities: literal(module.capabilities),
      fields: literal(module.fields.filter((f) => f.form).map((f) => f.definition)),
      columns: literal(module.fields.flatMap((f) => (f.column ? [f.column] : []))),
      searchFields: literal(
        module.fields
          .filter((f) => f.search === 'filter')
          .map((f) => filterDefinition(f.definition)),
      ),
    },
  };
  return { path: `modules/${module.key}.ts`, content: render(templates, 'module.ts.ejs', data) };
}

export function renderPage(module: ModuleModel, templates: Templates): GeneratedFile {
  return {
    path: module.names.pageFile,
    content: render(templates, 'page.tsx.ejs', { ...module, ...module.names }),
  };
}

export function renderMock(module: ModuleModel, templates: Templates): GeneratedFile {
  const columns = module.fields.flatMap((f) => (f.column ? [f.column] : []));
  const data = {
    ...module,
    ...module.names,
    literal: {
      key: literal(module.key),
      group: literal(module.group),
      primaryKey: literal(module.primaryKey),
      statusField: optionalLiteral(module.statusField),
      createTimeField: optionalLiteral(module.createTimeField),
      ownerField: optionalLiteral(module.ownerField),
      capabilities: literal(module.capabilities),
      keywordFields: literal(
        module.fields.filter((f) => f.search === 'keyword').map((f) => f.name),
      ),
      filterFields: literal(module.fields.filter((f) => f.search === 'filter').map((f) => f.name)),
      requiredFields: literal(
        module.fields
          .filter((f) => f.required && !f.primary)
          .map((f) => ({ field: f.name, label: f.label })),
      ),
      exportColumns: literal(columns.map((c) => [c.field, c.header])),
      writeOnlyFields: literal(module.fields.filter((f) => f.writeOnly).map((f) => f.name)),
      seed: literal(module.seed),
    },
  };
  return { path: `mocks/${module.key}.ts`, content: render(templates, 'mock.ts.ejs', data) };
}

function registryEntries(modules: ModuleModel[]) {
  return modules.map((m) => ({ ...m.names, key: m.key, keyLiteral: literal(m.key) }));
}

export function renderModulesIndex(modules: ModuleModel[], templates: Templates): GeneratedFile {
  return {
    path: 'modules/index.ts',
    content: render(templates, 'modules-index.ts.ejs', { modules: registryEntries(modules) }),
  };
}

export function renderMocksIndex(modules: ModuleModel[], templates: Templates): GeneratedFile {
  return {
    path: 'mocks/index.ts',
    content: render(templates, 'mocks-index.ts.ejs', { modules: registryEntries(modules) }),
  };
}

export function renderRoutes(modules: ModuleModel[], templates: Templates): GeneratedFile {
  const routes = [...modules]
    .sort((a, b) => a.route.localeCompare(b.route))
    .map((m) => ({
      path: literal(m.route),
      title: literal(m.title),
      moduleKey: literal(m.key),
      keepAlive: literal(m.keepAlive),
      importPath: `./${m.names.pageFile.replace(/\.tsx$/, '')}`,
    }));
  return { path: 'routes.ts', content: render(templates, 'routes.ts.ejs', { routes }) };
}

/**
 * Every template-made file of the model.
 *
 * @example
 * renderTemplates(modules, templates).map((f) => f.path);
 * // ['mocks/index.ts', 'mocks/notice.ts', 'modules/index.ts', 'modules/notice.ts', 'pages/notice/notice-page.tsx', 'routes.ts']
 */
export function renderTemplates(modules: ModuleModel[], templates: Templates): GeneratedFile[] {
  return [
    ...modules.flatMap((m) => [
      renderModule(m, templates),
      renderPage(m, templates),
      renderMock(m, templates),
    ]),
    renderModulesIndex(modules, templates),
    renderMocksIndex(modules, templates),
    renderRoutes(modules, templates),
  ];
}
