/**
 * Render step for what orval cannot make: module definitions, page skeletons, the screen
 * registry and mock registrations. Pure: model in, files out. The templates hold only loops and
 * ifs; what they print comes pre-made in three kinds (see code-text.ts, and the template scan of
 * tests/generator/templates.test.ts that keeps it so):
 * - `literal.*`: a value of the model as a JavaScript literal (contract text lands only so);
 * - `comment.*`: contract text mentioned in a comment, made comment-safe;
 * - `code.*`: names and call expressions the generator derived itself, checked identifiers.
 */
import ejs from 'ejs';
import type { CallShape, GeneratedFile, ModuleModel, OperationBinding } from '../types';
import { commentText, identifier, jsLiteral } from './code-text';

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
export function literals(values: object): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, jsLiteral(value)]));
}

/** Comment-safe text of each contract text a template mentions in a comment. */
function comments(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, commentText(value)]),
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
  const fn = identifier(binding.functionName, 'orval function');
  return {
    capability: identifier(binding.capability, 'capability'),
    expression: adapter ? adapter(fn) : fn,
  };
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

/** Each template compiled once per text (a run renders one per module). */
const compiled = new Map<string, ejs.TemplateFunction>();

function render(templates: Templates, name: TemplateName, data: Record<string, unknown>): string {
  return renderTemplate(templates[name], name, data);
}

/** A template's text rendered with `data` (also the sources' templates, generator/sources). */
export function renderTemplate(text: string, name: string, data: Record<string, unknown>): string {
  let template = compiled.get(text);
  if (!template) {
    template = ejs.compile(text, { async: false, filename: name });
    compiled.set(text, template);
  }
  return template(data);
}

/** moduleView's answers: three templates of a module read the same (a model is never changed). */
const views = new WeakMap<ModuleModel, ReturnType<typeof makeModuleView>>();

function moduleView(module: ModuleModel) {
  let view = views.get(module);
  if (!view) {
    view = makeModuleView(module);
    views.set(module, view);
  }
  return view;
}

/**
 * What every per-module template sees. The import specifiers are literals too: they are made of
 * the validated module key and tag, but a literal needs no such argument.
 */
function makeModuleView(module: ModuleModel) {
  const { names } = module;
  return {
    literal: literals({
      ...module,
      apiImport: names.apiImport,
      moduleImport: names.moduleImport,
    }),
    comment: comments({
      title: module.title,
      route: module.route,
      tag: module.tag,
      entity: module.entity,
    }),
    code: {
      moduleConst: identifier(names.moduleConst, 'module const'),
      mockConst: identifier(names.mockConst, 'mock const'),
      pageComponent: identifier(names.pageComponent, 'page component'),
      // orval names the record type after the schema; the model accepts PascalCase names only.
      entityType: identifier(module.entity, 'entity type'),
    },
  };
}

/**
 * The module's view with where its record type is (`literal.entityImport`): orval's schema file
 * of it (./schema-imports.ts), which the module definition and the mock's seed import.
 */
function viewWithEntity(module: ModuleModel, schemas: ReadonlyMap<string, string>) {
  const view = moduleView(module);
  const file = schemas.get(module.entity);
  if (!file) throw new Error(`tag ${module.tag}: orval wrote no schema file for ${module.entity}`);
  return {
    ...view,
    literal: { ...view.literal, ...literals({ entityImport: `@generated/${file}` }) },
  };
}

function renderModule(
  module: ModuleModel,
  templates: Templates,
  schemas: ReadonlyMap<string, string>,
): GeneratedFile {
  const view = viewWithEntity(module, schemas);
  const calls = module.operations.map(apiCall);
  const queryKeys = module.operations
    .filter((op) => KEYED_CAPABILITIES.includes(op.capability))
    .map((op) => ({
      capability: identifier(op.capability, 'capability'),
      functionName: identifier(queryKeyFunction(op.functionName), 'query-key function'),
    }));
  const imports = [
    ...module.operations.map((op) => identifier(op.functionName, 'orval function')),
    ...queryKeys.map((key) => key.functionName),
  ];
  const data = {
    ...view,
    code: { ...view.code, imports: [...new Set(imports)].sort(byCodeUnits), queryKeys, calls },
  };
  return { path: module.names.moduleFile, content: render(templates, 'module.ts.ejs', data) };
}

function renderPage(module: ModuleModel, templates: Templates): GeneratedFile {
  return {
    path: module.names.pageFile,
    content: render(templates, 'page.tsx.ejs', moduleView(module)),
  };
}

function renderMock(
  module: ModuleModel,
  templates: Templates,
  schemas: ReadonlyMap<string, string>,
): GeneratedFile {
  return {
    path: module.names.mockFile,
    content: render(templates, 'mock.ts.ejs', viewWithEntity(module, schemas)),
  };
}

function renderMocksIndex(modules: ModuleModel[], templates: Templates): GeneratedFile {
  const entries = modules.map((m) => ({
    literal: literals({ mockImport: `./${m.key}` }),
    code: { mockConst: identifier(m.names.mockConst, 'mock const') },
  }));
  return {
    path: 'mocks/index.ts',
    content: render(templates, 'mocks-index.ts.ejs', { modules: entries }),
  };
}

/** Actions a screen's buttons may offer: its capabilities beyond listing (route meta `operate`). */
function operateOf(module: ModuleModel): string[] {
  return module.capabilities.filter((capability) => capability !== 'list');
}

/** A screen registry entry: its literals (route, title, menu, operate, pageImport…). */
export interface ScreenView {
  literal: Record<string, string | undefined>;
  handWritten: boolean;
}

function renderScreens(
  modules: ModuleModel[],
  templates: Templates,
  more: readonly ScreenView[],
): GeneratedFile {
  const own = modules.map((m) => ({
    literal: {
      ...moduleView(m).literal,
      ...literals({ operate: operateOf(m), pageImport: m.names.pageImport }),
    },
    handWritten: m.handWritten,
  }));
  // Sorted by the route literal: the same code-unit order for the backend's and the sources'.
  const screens = [...own, ...more].sort((a, b) =>
    byCodeUnits(a.literal.route ?? '', b.literal.route ?? ''),
  );
  return { path: 'screens.ts', content: render(templates, 'screens.ts.ejs', { screens }) };
}

/**
 * Every template-made file of the model; a hand-written screen gets no page (its feature
 * supplies one), the rest of its module is generated all the same.
 *
 * @example
 * renderTemplates(modules, templates, schemaFiles(apiFiles, 'api/model')).map((f) => f.path);
 * // ['modules/notice.ts', 'pages/notice/notice-page.tsx', 'mocks/notice.ts', 'mocks/index.ts', 'screens.ts']
 */
export function renderTemplates(
  modules: ModuleModel[],
  templates: Templates,
  schemas: ReadonlyMap<string, string>,
  moreScreens: readonly ScreenView[] = [],
): GeneratedFile[] {
  return [
    ...modules.flatMap((m) => [
      renderModule(m, templates, schemas),
      ...(m.handWritten ? [] : [renderPage(m, templates)]),
      renderMock(m, templates, schemas),
    ]),
    renderMocksIndex(modules, templates),
    renderScreens(modules, templates, moreScreens),
  ];
}
