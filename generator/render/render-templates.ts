/**
 * Render step for what orval cannot make: module definitions, page skeletons, the screen
 * registry and mock registrations. Pure: model in, files out. Every value
 * reaches the EJS templates pre-formatted as a literal, so they hold only loops and ifs.
 */
import ejs from 'ejs';
import type { CallShape, GeneratedFile, ModuleModel, OperationBinding } from '../types';

export type Templates = Record<TemplateName, string>;

export const TEMPLATE_NAMES = [
  'module.ts.ejs',
  'page.tsx.ejs',
  'screens.ts.ejs',
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

/**
 * How a ModuleApi call reaches orval's function, per body shape: as it is when the shapes
 * already agree (a list query, a record, no argument), else a small adapter. No assertion is
 * needed: the adapters build exactly the body the contract describes.
 */
const ADAPTERS: Record<CallShape, ((fn: string) => string) | undefined> = {
  query: undefined,
  none: undefined,
  record: undefined,
  idObject: (fn) => `(id) => ${fn}({ id: { id } })`,
  id: (fn) => `(id) => ${fn}({ id })`,
  idList: (fn) => `(id) => ${fn}([id])`,
  status: (fn) => `(id, status) => ${fn}({ id, status })`,
  updateField: (fn) => `(id, field, value) => ${fn}({ id, field, value })`,
  file: (fn) => `(file) => ${fn}({ importfile: file })`,
};

function apiCall(binding: OperationBinding): { capability: string; expression: string } {
  const adapter = ADAPTERS[binding.call];
  const fn = binding.functionName;
  return { capability: binding.capability, expression: adapter ? adapter(fn) : fn };
}

/** The list calls whose orval query-key function the CRUD layer uses. */
const KEYED_CAPABILITIES: readonly string[] = ['list', 'mylist', 'recycle'];

/** orval's query-key function of a GET call: adminnoticeList → getAdminnoticeListQueryKey. */
function queryKeyFunction(functionName: string): string {
  return `get${functionName.charAt(0).toUpperCase()}${functionName.slice(1)}QueryKey`;
}

/** Plain code-unit order, as the drift gate compares bytes. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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
  const queryKeys = module.operations
    .filter((op) => KEYED_CAPABILITIES.includes(op.capability))
    .map((op) => ({ capability: op.capability, functionName: queryKeyFunction(op.functionName) }));
  const imports = [
    ...module.operations.map((op) => op.functionName),
    ...queryKeys.map((key) => key.functionName),
  ];
  const data = {
    ...moduleView(module),
    imports: [...new Set(imports)].sort(byCodeUnits),
    queryKeys,
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

function renderMocksIndex(modules: ModuleModel[], templates: Templates): GeneratedFile {
  const entries = modules.map((m) => ({ ...m.names, key: m.key }));
  return {
    path: 'mocks/index.ts',
    content: render(templates, 'mocks-index.ts.ejs', { modules: entries }),
  };
}

/** Actions a screen's buttons may offer: its capabilities beyond listing (route meta `operate`). */
function operateOf(module: ModuleModel): string[] {
  return module.capabilities.filter((capability) => capability !== 'list');
}

function renderScreens(modules: ModuleModel[], templates: Templates): GeneratedFile {
  const screens = [...modules]
    .sort((a, b) => byCodeUnits(a.route, b.route))
    .map((m) => ({
      literal: literals(m),
      operate: JSON.stringify(operateOf(m)),
      pageImport: m.names.pageImport,
    }));
  return { path: 'screens.ts', content: render(templates, 'screens.ts.ejs', { screens }) };
}

/**
 * Every template-made file of the model.
 *
 * @example
 * renderTemplates(modules, templates).map((f) => f.path);
 * // ['modules/notice.ts', 'pages/notice/notice-page.tsx', 'mocks/notice.ts', 'mocks/index.ts', 'screens.ts']
 */
export function renderTemplates(modules: ModuleModel[], templates: Templates): GeneratedFile[] {
  return [
    ...modules.flatMap((m) => [
      renderModule(m, templates),
      renderPage(m, templates),
      renderMock(m, templates),
    ]),
    renderMocksIndex(modules, templates),
    renderScreens(modules, templates),
  ];
}
