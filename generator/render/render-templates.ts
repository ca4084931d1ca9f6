/**
 * Render step for what orval cannot make: module definitions, the module registry, page
 * skeletons, the route table and mock registrations. Pure: model in, files out. Every value
 * reaches the EJS templates pre-formatted as a literal, so they hold only loops and ifs.
 */
import ejs from 'ejs';
import type { CallShape, GeneratedFile, ModuleModel, OperationBinding } from '../types';

export type Templates = Record<TemplateName, string>;

export const TEMPLATE_NAMES = [
  'module.ts.ejs',
  'modules-index.ts.ejs',
  'page.tsx.ejs',
  'routes.ts.ejs',
  'mock.ts.ejs',
  'mocks-index.ts.ejs',
] as const;

type TemplateName = (typeof TEMPLATE_NAMES)[number];

/**
 * A JavaScript literal of every value (prettier lays them out later); an absent optional value
 * stays undefined, so a template's `if (literal.statusField)` leaves the key out.
 */
function literals(values: object): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, JSON.stringify(value)]),
  );
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
function apiCall(binding: OperationBinding): {
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

/** What every per-module template sees: the model, its names and its literals. */
function moduleView(module: ModuleModel) {
  return { ...module, ...module.names, literal: literals(module) };
}

function renderModule(module: ModuleModel, templates: Templates): GeneratedFile {
  const calls = module.operations.map(apiCall);
  const data = {
    ...moduleView(module),
    functionNames: [...new Set(calls.map((c) => c.functionName))].sort(),
    calls,
  };
  return { path: module.names.moduleFile, content: render(templates, 'module.ts.ejs', data) };
}

function renderPage(module: ModuleModel, templates: Templates): GeneratedFile {
  return {
    path: module.names.pageFile,
    content: render(templates, 'page.tsx.ejs', moduleView(module)),
  };
}

function renderMock(module: ModuleModel, templates: Templates): GeneratedFile {
  return {
    path: module.names.mockFile,
    content: render(templates, 'mock.ts.ejs', moduleView(module)),
  };
}

function registryEntries(modules: ModuleModel[]) {
  return modules.map((m) => ({ ...m.names, key: m.key, keyLiteral: JSON.stringify(m.key) }));
}

function renderModulesIndex(modules: ModuleModel[], templates: Templates): GeneratedFile {
  return {
    path: 'modules/index.ts',
    content: render(templates, 'modules-index.ts.ejs', { modules: registryEntries(modules) }),
  };
}

function renderMocksIndex(modules: ModuleModel[], templates: Templates): GeneratedFile {
  return {
    path: 'mocks/index.ts',
    content: render(templates, 'mocks-index.ts.ejs', { modules: registryEntries(modules) }),
  };
}

function renderRoutes(modules: ModuleModel[], templates: Templates): GeneratedFile {
  const routes = [...modules]
    .sort((a, b) => a.route.localeCompare(b.route))
    .map((m) => ({ literal: literals(m), pageImport: m.names.pageImport }));
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
