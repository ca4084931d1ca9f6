// @vitest-environment node
/**
 * Code injection through the module designer. Hostile texts typed into 后台设计 (module titles,
 * an icon) and 字段管理 (labels, placeholders, option labels) travel the real path — 导出契约
 * (exportContract, with the field list answered and the download caught) → import-module →
 * generate, into a temporary copy of the repo's contract — and then:
 * - the generated module, page and mock registration type-check;
 * - loaded and run (module, page, mock registrations, screens, the menu row, the orval calls),
 *   they give every text back verbatim as data, and nothing of it ran: no marker printed, no
 *   global set, no process exit, no alert;
 * - texts with control characters (the line break that once added a top-level key through the
 *   fragment's header comment) are refused by import-module with the file and line, and a
 *   fragment with a key it does not expect at the top is refused, writing nothing.
 * One prepared contract copy and one generate for the whole file: it runs orval and tsc.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { fieldList } from '@generated/api/field/field';
import type { DesignedModuleRow } from '@/features/designer/module-fragment';
import { fragmentNames } from '@/features/designer/module-fragment';
import type { FieldRow } from '@/features/designer/designer-fields';
import { exportContract, type ExportedFragment } from '@/features/designer/export-contract';
import { generate, importModule, ImportModuleError } from '../../generator';
import { moduleNames } from '../../generator/model/names';
import { REPO, tempDir, typecheckGenerated } from '../generator/helpers';

vi.mock('@generated/api/field/field', () => ({ fieldList: vi.fn() }));
vi.mock('@/components/crud', () => ({ saveBlob: vi.fn() }));

vi.setConfig({ testTimeout: 300_000 });

/** Printed, or set on globalThis, by the payloads below if any of them ever runs. */
const MARKER = 'INJECTED-CODE-RAN';
const GLOBAL_MARKER = 'INJECTED';

/** What someone could type into a title, a label, a placeholder or an option label. */
const CORPUS = [
  `'"`,
  '`backtick` `${process.exit(1)}`',
  '${process.exit(1)}',
  `*/ console.log("${MARKER}"); globalThis.${GLOBAL_MARKER} = 1; /*`,
  '</script><script>alert(1)</script>',
  `" + (globalThis.${GLOBAL_MARKER} = 1) + "`,
  `' + (globalThis.${GLOBAL_MARKER} = 1) + '`,
  'a: b',
  '# not a comment',
  '- not a list',
  '{a: 1}',
  '&anchor',
  '*alias',
  '!!js/function',
  '@at',
  '%percent',
  '__proto__',
  'constructor',
  'toString',
  'back\\slash',
];

type DesignedModule = DesignedModuleRow & { id: number };

const MODULES: DesignedModule[] = [
  {
    id: 901,
    module_name: 'InjComment',
    // As found: the templates once put it raw in doc comments; tsc passed and it ran.
    module_title: `x */ console.log("${MARKER}"); /* y`,
    icon: 'pi pi-table" onload="alert(1)',
  },
  { id: 902, module_name: 'InjScript', module_title: '</script><script>alert(1)</script>' },
  { id: 903, module_name: 'InjQuote', module_title: '`${process.exit(1)}` \'" \\' },
  { id: 904, module_name: 'InjYaml', module_title: '&anchor: {a: 1} # *alias !!js/function' },
];

/** The designed fields of every module: a text field per corpus entry and a select. */
interface Designed {
  label: string;
  placeholder: string | undefined;
  required: boolean;
}
const FIELDS: Designed[] = CORPUS.map((label, index) => ({
  label,
  placeholder: CORPUS[(index + 1) % CORPUS.length],
  required: index % 3 === 0,
}));
const CHOICE_LABEL = '选项';

/** The rows 字段管理 stores for a module (what the field list answers 导出契约). */
function rowsOf(
  moduleId: number,
  fields: readonly Designed[] = FIELDS,
  options: readonly string[] = CORPUS,
): FieldRow[] {
  const base = { module_id: moduleId, cf_control: 'input' as const };
  return [
    { ...base, id: moduleId * 100, cf_name: 'ID', cf_fieldname: 'id', cf_ispri: 1, cf_sort: 0 },
    ...fields.map(
      (field, index): FieldRow => ({
        ...base,
        id: moduleId * 100 + index + 1,
        cf_name: field.label,
        cf_fieldname: `f${index + 1}`,
        ...(field.placeholder === undefined ? {} : { cf_placeholder: field.placeholder }),
        ...(field.required ? { cf_validate: 'require' as const } : {}),
        cf_sort: index + 1,
      }),
    ),
    {
      ...base,
      id: moduleId * 100 + 99,
      cf_name: CHOICE_LABEL,
      cf_fieldname: 'choice',
      cf_control: 'select',
      cf_sourcetype: 'STATIC',
      cf_options: JSON.stringify(options.map((label, index) => ({ label, value: index + 1 }))),
      cf_sort: 99,
    },
  ];
}

const rows = new Map<number, FieldRow[]>();

/** 导出契约 of a designed module, as the browser runs it (the download is caught). */
async function exported(module: DesignedModule, fields?: FieldRow[]): Promise<ExportedFragment> {
  rows.set(module.id, fields ?? rowsOf(module.id));
  return exportContract(module);
}

let dir: string;
const contract = () => path.join(dir, 'openapi');
const generatedDir = () => path.join(dir, 'generated');
const fragments = new Map<string, ExportedFragment>();

/** Writes a fragment next to the contract and imports it as `cli import-module` does. */
async function imported(fragment: ExportedFragment): Promise<unknown> {
  const file = path.join(dir, fragment.fileName);
  await writeFile(file, fragment.text);
  return importModule({ file, contractDir: contract() }).catch((error: unknown) => error);
}

beforeAll(async () => {
  vi.mocked(fieldList).mockImplementation(async (params) => {
    const data = rows.get(params?.module_id ?? 0) ?? [];
    return {
      status: 200,
      msg: 'ok',
      data: { data, allcount: data.length, pageindex: 1, pagesize: 1000 },
    };
  });
  dir = await tempDir('code-injection');
  await cp(path.join(REPO, 'openapi'), contract(), { recursive: true });
  for (const module of MODULES) {
    const fragment = await exported(module);
    fragments.set(module.module_name, fragment);
    const result = await imported(fragment);
    expect(result, `import-module ${fragment.fileName}`).not.toBeInstanceOf(Error);
  }
  // orval greets on the console it captured when it loaded; the run itself reports by throwing.
  const greeting = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    await generate({ contractDir: contract(), outDir: generatedDir() });
  } finally {
    greeting.mockRestore();
  }
}, 300_000);

// --- loading generated code ------------------------------------------------------------------

type Exports = Record<string, unknown>;

/**
 * What the generated code imports from outside generated/ (React Query, the request client,
 * the CRUD blocks): any property of it is one of it, and so is what a call returns, so a
 * module's top level runs as it would in the app without doing anything itself.
 */
function standIn(): object {
  const proxy: object = new Proxy(() => undefined, {
    get: (_target, key) =>
      key === '__esModule' || key === 'then' || typeof key === 'symbol' ? undefined : proxy,
    apply: () => proxy,
  });
  return proxy;
}

/** The automatic JSX runtime a page is compiled to: an element is its type and props. */
const JSX_RUNTIME = {
  jsx: (type: unknown, props: unknown) => ({ type, props }),
  jsxs: (type: unknown, props: unknown) => ({ type, props }),
};

/**
 * Loads generated files as the app would, compiled to CommonJS and run in this process: an
 * import of a generated file is that file, anything else a stand-in.
 */
class GeneratedCode {
  private readonly loaded = new Map<string, Exports>();

  constructor(private readonly root: string) {}

  load(file: string): Exports {
    const known = this.loaded.get(file);
    if (known) return known;
    const exports: Exports = {};
    this.loaded.set(file, exports);
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      fileName: file,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        jsx: ts.JsxEmit.ReactJSX,
        esModuleInterop: true,
      },
    });
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the generated module, as the fault test means to
    const run = new Function('require', 'exports', outputText);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-call -- the generated module's body, called as CommonJS
    run((specifier: string) => this.require(specifier, file), exports);
    return exports;
  }

  /** Whether a `@generated/…` import specifier has been loaded. */
  has(specifier: string): boolean {
    const file = path.join(this.root, specifier.slice('@generated/'.length));
    return this.loaded.has(`${file}.ts`) || this.loaded.has(`${file}.tsx`);
  }

  private require(specifier: string, from: string): unknown {
    if (specifier === 'react/jsx-runtime') return JSX_RUNTIME;
    const local = specifier.startsWith('@generated/')
      ? path.join(this.root, specifier.slice('@generated/'.length))
      : specifier.startsWith('.')
        ? path.resolve(path.dirname(from), specifier)
        : undefined;
    // The request client is imported relatively (orval's mutator path): outside generated/.
    if (local === undefined || path.relative(this.root, local).startsWith('..')) return standIn();
    const file = ['.ts', '.tsx']
      .map((ext) => local + ext)
      .find((candidate) => existsSync(candidate));
    if (!file) throw new Error(`${specifier} (imported by ${from}) is not a generated file`);
    return this.load(file);
  }
}

function get(value: unknown, key: string | number): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key)
    ? Reflect.get(value, key)
    : undefined;
}

function keysOf(value: unknown): string[] {
  return typeof value === 'object' && value !== null ? Object.keys(value) : [];
}

function list(value: unknown): unknown[] {
  expect(Array.isArray(value)).toBe(true);
  return Array.isArray(value) ? value : [];
}

const texts = (items: unknown, key: string) => list(items).map((item) => get(item, key));

/** The generated names of a designed module (its files, consts, route). */
function namesOf(module: DesignedModule) {
  const fragment = fragmentNames(module.module_name);
  return { ...fragment, ...moduleNames(fragment.key, fragment.group) };
}

// --- the journey -----------------------------------------------------------------------------

describe('hostile texts from the module designer', () => {
  const ran: string[] = [];

  beforeAll(() => {
    // Anything a payload could call records itself instead of acting.
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      ran.push(`console.log ${args.map(String).join(' ')}`);
    });
    vi.spyOn(process, 'exit').mockImplementation((code) => {
      ran.push(`process.exit ${String(code)}`);
      throw new Error('process.exit ran');
    });
    vi.stubGlobal('alert', (text: unknown) => ran.push(`alert ${String(text)}`));
  });

  afterAll(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('导出契约 writes YAML of tags, paths and components only, under a one-line header', () => {
    for (const module of MODULES) {
      const { text } = fragments.get(module.module_name)!;
      const [first, second, blank] = text.split('\n');
      expect(first).toBe(
        `# /api/${module.module_name.toLowerCase()}: ${module.module_title}，由后台设计「导出契约」生成。`,
      );
      expect(second).toMatch(/^# 放入项目：/);
      expect(blank).toBe('');
      const document: unknown = parse(text);
      expect(keysOf(document)).toEqual(['tags', 'paths', 'components']);
      expect(get(get(get(document, 'tags'), 0), 'x-admin')).toMatchObject({
        title: module.module_title,
      });
    }
  });

  it('generate makes modules, pages and mocks that type-check', async () => {
    const files = MODULES.flatMap((module) => {
      const names = namesOf(module);
      return [names.moduleFile, names.pageFile, names.mockFile].map((file) => `generated/${file}`);
    });
    expect(await typecheckGenerated(generatedDir(), files)).toEqual([]);
  });

  it('the generated code gives every text back as data, and none of it runs', () => {
    const code = new GeneratedCode(generatedDir());
    const screens = get(code.load(path.join(generatedDir(), 'screens.ts')), 'generatedScreens');
    const mocks = list(get(code.load(path.join(generatedDir(), 'mocks/index.ts')), 'mockModules'));
    const menuRows = mocks.flatMap((mock) => list(get(mock, 'seed')));

    for (const module of MODULES) {
      const names = namesOf(module);
      const title = module.module_title;
      const definition = get(
        code.load(path.join(generatedDir(), names.moduleFile)),
        names.moduleConst,
      );
      expect(get(definition, 'title')).toBe(title);

      // The form: the record id, then each designed field with its label and placeholder.
      const fields = list(get(definition, 'fields'));
      expect(texts(fields, 'cf_name')).toEqual(['ID', ...CORPUS, CHOICE_LABEL]);
      expect(texts(fields.slice(1, -1), 'cf_placeholder')).toEqual(
        FIELDS.map((f) => f.placeholder),
      );
      expect(texts(get(fields.at(-1), 'optionData'), 'label')).toEqual(CORPUS);
      expect(texts(get(definition, 'columns'), 'header')).toEqual([
        'ID',
        ...CORPUS,
        CHOICE_LABEL,
        '创建时间',
      ]);

      const page = code.load(path.join(generatedDir(), names.pageFile));
      const render = get(page, 'default');
      expect(typeof render).toBe('function');
      const element: unknown =
        // eslint-disable-next-line @typescript-eslint/no-unsafe-call -- the generated page component, called to read the element it returns
        typeof render === 'function' ? render() : undefined;
      expect(get(get(element, 'props'), 'module')).toBe(definition);

      const mock = get(code.load(path.join(generatedDir(), names.mockFile)), names.mockConst);
      expect(mocks).toContain(mock);
      expect(get(mock, 'requiredFields')).toEqual(
        FIELDS.flatMap((field, index) =>
          field.required ? [{ field: `f${index + 1}`, label: field.label }] : [],
        ),
      );
      expect(list(get(mock, 'exportColumns')).map((column) => get(column, 1))).toEqual([
        'ID',
        ...CORPUS,
        CHOICE_LABEL,
        '创建时间',
      ]);

      const screen = get(screens, names.route);
      expect(get(screen, 'title')).toBe(title);
      const row = menuRows.find((candidate) => get(candidate, 'amenu_address') === names.route);
      expect(get(row, 'amenu_name')).toBe(title);
      // The hostile icon class is the menu row's data, as typed.
      expect(get(row, 'amenu_icon')).toBe(module.icon ?? 'pi pi-table');

      // Loading the module ran orval's calls too, whose doc comments carry the summaries.
      expect(code.has(names.apiImport)).toBe(true);
    }

    expect(ran).toEqual([]);
    expect(Reflect.get(globalThis, GLOBAL_MARKER)).toBeUndefined();
  });
});

describe('import-module refuses', () => {
  const RULE = 'a contract text is one line without control characters; remove it';

  /** 1-based numbers of the lines of `text` that contain `needle`. */
  function linesWith(text: string, needle: string): number[] {
    return text.split('\n').flatMap((line, index) => (line.includes(needle) ? [index + 1] : []));
  }

  async function refusal(fragment: ExportedFragment): Promise<string> {
    const error = await imported(fragment);
    expect(error).toBeInstanceOf(ImportModuleError);
    const target = path.join(contract(), 'paths', fragment.fileName);
    expect(existsSync(target), `${target} must not be written`).toBe(false);
    return error instanceof Error ? error.message : '';
  }

  it('a title with a line break (it once escaped the header comment), naming each line', async () => {
    const module: DesignedModule = {
      id: 905,
      module_name: 'InjBreak',
      module_title: 'Inj\nx-injected: {a: 1} #',
    };
    const fragment = await exported(module);
    expect(keysOf(parse(fragment.text))).toEqual(['tags', 'paths', 'components']);
    expect(fragment.text.split('\n')[0]).toBe(
      '# /api/injbreak: Inj x-injected: {a: 1} #，由后台设计「导出契约」生成。',
    );
    const file = fragment.fileName;
    const [title] = linesWith(fragment.text, 'title: "Inj\\nx-injected');
    const summaries = linesWith(fragment.text, 'summary: "Inj\\nx-injected');
    expect(summaries).toHaveLength(5);
    const calls = ['list.get', 'info.post', 'add.post', 'edit.post', 'delete.post'];
    expect((await refusal(fragment)).split('\n')).toEqual([
      `${file}:${title}: tags[0].x-admin.title holds a line feed (U+000A): ${RULE}`,
      ...calls.map(
        (call, index) =>
          `${file}:${summaries[index]}: paths./api/injbreak/${call}.summary holds a line feed (U+000A): ${RULE}`,
      ),
    ]);
  });

  it('a label, placeholder or option label with a control character, naming each line', async () => {
    const module: DesignedModule = { id: 906, module_name: 'InjControl', module_title: '控制字符' };
    const fields: Designed[] = [
      { label: 'a\u2028b', placeholder: 'c\td', required: false },
      { label: '正常', placeholder: undefined, required: false },
    ];
    const fragment = await exported(module, rowsOf(module.id, fields, ['e\0f', '正常']));
    const file = fragment.fileName;
    const at = 'components.schemas.InjControl.properties';
    const [label] = linesWith(fragment.text, 'label: "a\u2028b"');
    const [placeholder] = linesWith(fragment.text, 'placeholder: "c\\td"');
    const [option] = linesWith(fragment.text, 'label: "e\\0f"');
    expect((await refusal(fragment)).split('\n')).toEqual([
      `${file}:${label}: ${at}.f1.x-admin.label holds a line separator (U+2028): ${RULE}`,
      `${file}:${placeholder}: ${at}.f1.x-admin.placeholder holds a tab (U+0009): ${RULE}`,
      `${file}:${option}: ${at}.choice.x-admin.options[0].label holds a NUL (U+0000): ${RULE}`,
    ]);
  });

  it('a fragment with a top-level key other than tags, paths and components', async () => {
    const module: DesignedModule = { id: 907, module_name: 'InjKey', module_title: 'Inj' };
    const { fileName, text } = await exported(module);
    // What the hand-made header once wrote for the title `Inj\nx-injected: {a: 1} #`.
    const forged = text.replace(
      '# /api/injkey: Inj，',
      '# /api/injkey: Inj\nx-injected: {a: 1} #，',
    );
    expect(forged).not.toBe(text);
    expect(await refusal({ fileName, text: forged })).toBe(
      `${fileName}:2: unexpected top-level key "x-injected": a module fragment holds only tags, paths, components`,
    );
  });
});
