/**
 * The generator as a library: parse → model → render → write, each step's slow part (orval,
 * openapi-typescript, prettier, the lint) through the one cache (cache.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { withBanner } from './banner';
import { GeneratorCache } from './cache';
import { buildModules, ModelError } from './model/build-modules';
import { operationRights, type OperationRight } from './model/operation-rights';
import { loadContract, ROOT_LABEL } from './parse/load-contract';
import {
  isLintProblems,
  LintError,
  lintContract,
  locateLintProblem,
  type LintProblem,
} from './parse/lint-contract';
import { listOperations } from './parse/operations';
import { shownPath } from './parse/source-lines';
import { locateModelError } from './model/locate-model-error';
import {
  allEnded,
  BACKEND_API,
  mutatorSignature,
  renderApi,
  SOURCE_FORM_DATA_PATH,
  SOURCE_MUTATOR_PATH,
  type ApiTarget,
} from './render/render-api';
import { contractForTools, toolTrap } from './render/contract-for-tools';
import { renderOpenApiJson, renderOpenApiJsonType } from './render/render-openapi';
import { renderPermissions } from './render/render-permissions';
import { TEMPLATE_NAMES, renderTemplates, type Templates } from './render/render-templates';
import { renderTypes } from './render/render-types';
import { modelFolderOf, schemaFiles } from './render/schema-imports';
import { loadSources } from './sources/load-sources';
import { forOrval } from './sources/for-orval';
import {
  renderSources,
  SOURCE_TEMPLATE_NAMES,
  sourceScreen,
  type SourceTemplates,
} from './sources/render-sources';
import { addSourceMenuRows } from './sources/source-menu';
import { buildSources, type SourceModel } from './sources/source-model';
import { REPO_ROOT } from './repo-root';
import type { GeneratedFile, GenerateReport, ModuleModel, OpenApiDocument } from './types';
import { formatter } from './write/format';
import {
  applyPlan,
  checkOutputDir,
  OutputError,
  planFiles,
  pruneReason,
  type FilePlan,
} from './write/sync-files';

export { REPO_ROOT };

export type GenerateMode = 'write' | 'dry-run' | 'check';

export interface GenerateOptions {
  /** Contract directory (openapi.yaml + components/ + paths/). Default: <repo>/openapi. */
  contractDir?: string;
  /** Output directory. Default: <repo>/generated. */
  outDir?: string;
  /** write (default), dry-run (report only) or check (report, caller fails on drift). */
  mode?: GenerateMode;
  /** Repo root holding templates/, the mutator and the prettier config. Default: REPO_ROOT. */
  rootDir?: string;
  /**
   * Let `write` delete the files of modules or tags that left the contract (see pruneReason);
   * without it such a run writes nothing and throws an OutputError listing them.
   */
  prune?: boolean;
  /**
   * Run every step anew, reading nothing from the cache (what the run makes replaces its
   * entries): the thorough, slow check.
   */
  fromScratch?: boolean;
  /** Told as each step starts (the CLI's progress lines on a terminal, cli/progress.ts). */
  onStep?: (step: GenerateStep, index: number, total: number) => void;
}

/** The steps of a run, in order. */
export const GENERATE_STEPS = [
  'load',
  'lint',
  'model',
  'render',
  'plan',
  'write',
  'cache',
] as const;
export type GenerateStep = (typeof GENERATE_STEPS)[number];

export interface GenerateResult {
  files: GeneratedFile[];
  report: GenerateReport;
  modules: ModuleModel[];
  lintProblems: LintProblem[];
  /** Files under the output folder without the banner that the generator does not make. */
  stray: string[];
  /** Why `report.deleted` needs --prune (undefined when it does not). */
  pruneReason?: string;
}

async function loadTemplates(rootDir: string): Promise<Templates & SourceTemplates> {
  const entries = await Promise.all(
    [...new Set([...TEMPLATE_NAMES, ...SOURCE_TEMPLATE_NAMES])].map(
      async (name) =>
        [name, await readFile(path.join(rootDir, 'templates', name), 'utf8')] as const,
    ),
  );
  return Object.fromEntries(entries) as Templates & SourceTemplates;
}

/**
 * A tool that fails on a document (the contract's, a source's) stops generate naming the file and
 * the tool, with the tool's own first line — a contract problem (exit 3), not an internal error:
 * code without its types or hooks does not type-check, and must never pass for generated.
 */
const toolFailed =
  (file: string, tool: string, document: OpenApiDocument) =>
  (error: unknown): never => {
    const message = error instanceof Error ? error.message : String(error);
    // Where the tool is known to trip, when it is that (its own message names no place).
    const trap = toolTrap(document);
    const where = trap ? `${file}${trap}` : file;
    throw new ModelError([`${where}: ${tool}: ${message.split('\n')[0] ?? ''}`]);
  };

/**
 * Renders and formats every file, sorted by path. The slow steps go through the cache: orval and
 * openapi-typescript on the contract without the extensions they never read (a label edit reruns
 * neither), prettier on each bannered file.
 */
async function renderAll(
  document: OpenApiDocument,
  forTools: { document: OpenApiDocument; text: string },
  modules: ModuleModel[],
  sources: readonly SourceModel[],
  rights: readonly OperationRight[],
  rootDir: string,
  cache: GeneratorCache,
): Promise<GeneratedFile[]> {
  const contract = forTools.text;
  const prettier = formatter(rootDir);
  // `as-made`: the tool's own layout is already fixed, and prettier is the slowest step of a
  // schema edit on big files every such edit changes — JSON.stringify's 650 KB openapi.json,
  // openapi-typescript's 290 KB of types (0.9 s).
  const format = async (files: GeneratedFile[], layout: 'prettier' | 'as-made' = 'prettier') =>
    (
      await Promise.all(
        files.map(async ({ path: file, content }) => {
          const bannered = { path: file, content: withBanner(file, content) };
          if (layout === 'as-made' || file.endsWith('.json')) return [bannered];
          return cache.files('prettier', [file, bannered.content], async () => [
            {
              path: file,
              // A file that does not parse is named: which tool's output, for which source.
              content: await prettier(bannered).catch((error: unknown) => {
                const message = error instanceof Error ? error.message : String(error);
                throw new Error(
                  `generated/${file} does not parse: ${message.split('\n')[0] ?? ''}`,
                );
              }),
            },
          ]);
        }),
      )
    ).flat();
  // Each source's types and typed hooks, by the same tools and cache as the backend's (x-admin
  // stripped); its hooks call the REST mutator under the source's base path.
  // What orval reads of the REST mutator is part of its hooks' cache key, as for the backend's.
  // So is the form-data builder orval reads whole (its export's name and arity).
  const restMutator =
    sources.length > 0
      ? Promise.all([
          readFile(path.join(rootDir, SOURCE_MUTATOR_PATH), 'utf8').then(mutatorSignature),
          readFile(path.join(rootDir, SOURCE_FORM_DATA_PATH), 'utf8'),
        ]).then((texts) => texts.join('\0'))
      : Promise.resolve('');
  const sourceTypes = allEnded(
    sources.map(async (source) => {
      const bare = contractForTools(source.document);
      const text = JSON.stringify(bare);
      const target: ApiTarget = {
        folder: `sources/${source.name}/api`,
        mutatorPath: SOURCE_MUTATOR_PATH,
        formDataPath: SOURCE_FORM_DATA_PATH,
        baseUrl: source.description.basePath,
      };
      const failed = (tool: string) => toolFailed(source.label, tool, bare);
      // Awaited before either tool starts: a tool failing while the array below still awaited
      // it was a rejection nobody handled yet (reported as unhandled, or ending the process).
      const mutatorKey = await restMutator;
      const [[types], hooks] = await allEnded([
        cache
          .files('openapi-typescript', [text], async () => [await renderTypes(bare)])
          .catch(failed('openapi-typescript')),
        cache
          .files('orval', [text, JSON.stringify(target), mutatorKey], () =>
            renderApi(forOrval(bare), rootDir, target),
          )
          .catch(failed('orval')),
      ]);
      const typesFile = { path: `sources/${source.name}/types.ts`, content: types?.content ?? '' };
      return [...(await format([typesFile], 'as-made')), ...(await format(hooks))];
    }),
  ).then((files) => files.flat());
  const [api, types, templates, ownTypes] = await allEnded([
    cache
      .files('orval', [contract], () => renderApi(forTools.document, rootDir))
      .catch(toolFailed(ROOT_LABEL, 'orval', forTools.document)),
    cache
      .files('openapi-typescript', [contract], async () => [await renderTypes(forTools.document)])
      .catch(toolFailed(ROOT_LABEL, 'openapi-typescript', forTools.document))
      .then((files) => format(files, 'as-made')),
    loadTemplates(rootDir),
    sourceTypes,
  ]);
  const sourceScreens = sources.flatMap((source) => source.modules.map(sourceScreen));
  const schemas = schemaFiles(api, modelFolderOf(BACKEND_API.folder));
  const made = await format([
    ...api,
    renderOpenApiJson(document),
    renderOpenApiJsonType(),
    ...renderPermissions(rights),
    ...renderTemplates(modules, templates, schemas, sourceScreens),
    ...(sources.length > 0 ? renderSources(sources, templates) : []),
  ]);
  return [...types, ...ownTypes, ...made].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
}

/**
 * Generates everything from the contract. In `write` mode the output directory is brought in
 * line (created/updated files written, stale generator-owned files deleted — those of a module
 * or tag that left the contract only with `prune`); `dry-run` and `check` touch nothing and
 * only report. Every refusal (contract, lint, model, output folder) happens before any write.
 *
 * @example
 * const { report } = await generate({ mode: 'check' });
 * const drift = [...report.created, ...report.updated, ...report.deleted];
 * if (drift.length > 0) console.error('run `npm run cli -- generate`');
 */
export async function generate(options: GenerateOptions = {}): Promise<GenerateResult> {
  const started = performance.now();
  const rootDir = options.rootDir ?? REPO_ROOT;
  const contractDir = path.resolve(options.contractDir ?? path.join(rootDir, 'openapi'));
  const outDir = path.resolve(options.outDir ?? path.join(rootDir, 'generated'));
  const mode = options.mode ?? 'write';
  const fromScratch = options.fromScratch === true;

  const stages: Record<string, number> = {};
  let stageStart = started;
  const stage = (name: string) => {
    const now = performance.now();
    stages[name] = Math.round(now - stageStart);
    stageStart = now;
  };
  // A run that writes nothing has no write step to tell.
  const steps = GENERATE_STEPS.filter((step) => step !== 'write' || mode === 'write');
  const starting = (step: GenerateStep) =>
    options.onStep?.(step, steps.indexOf(step) + 1, steps.length);

  await checkOutputDir(outDir, contractDir);
  starting('load');
  // The inputs are hashed while the contract loads (and again by cache.finish, which keeps
  // nothing of a run whose inputs changed meanwhile). A refused contract never awaits it.
  const opening = GeneratorCache.open({ rootDir, contractDir }, fromScratch);
  opening.catch(() => undefined);
  const { document, locate } = await loadContract(contractDir);
  const forTools = contractForTools(document);
  const forToolsText = JSON.stringify(forTools);
  const cache = await opening;
  stage('load');
  starting('lint');
  const lintProblems = (
    await cache.entry('lint', [forToolsText], () => lintContract(forTools), isLintProblems)
  ).map((problem) => locateLintProblem(problem, locate));
  stage('lint');
  if (lintProblems.some((p) => p.severity === 'error')) throw new LintError(lintProblems);
  starting('model');
  let modules: ModuleModel[];
  try {
    modules = buildModules(document, locate);
  } catch (error) {
    throw error instanceof ModelError ? locateModelError(error, document, locate) : error;
  }
  const { rights, problems: rightsProblems } = operationRights(document);
  if (rightsProblems.length > 0)
    throw new ModelError(
      rightsProblems.map(({ at, message }) => {
        const where = locate(at);
        return where ? `${where}: ${message}` : message;
      }),
    );
  const sourceProblems: string[] = [];
  const sources = buildSources(await loadSources(contractDir), sourceProblems);
  addSourceMenuRows(modules, sources, sourceProblems);
  if (sourceProblems.length > 0) throw new ModelError(sourceProblems);
  stage('model');
  starting('render');
  const files = await renderAll(
    document,
    { document: forTools, text: forToolsText },
    modules,
    sources,
    rights,
    rootDir,
    cache,
  );
  stage('render and format');
  starting('plan');
  const { stray, ...plan }: FilePlan = await planFiles(files, outDir);
  const prune = pruneReason({ ...plan, stray }, outDir, document);
  stage('plan');
  if (mode === 'write') {
    if (prune && options.prune !== true)
      throw new OutputError(
        [
          `generate would delete ${plan.deleted.length} generated file(s): ${prune}; nothing was written. ` +
            `Fix: restore the contract, or confirm with npm run cli -- generate --prune`,
          ...plan.deleted.map((file) => `  ${shownPath(path.join(outDir, file))}`),
        ].join('\n'),
      );
    starting('write');
    await applyPlan(files, { ...plan, stray }, outDir);
    stage('write');
  }
  const summary = {
    modules: modules.map((m) => m.key),
    operations: listOperations(document.paths).length,
    lint: {
      errors: lintProblems.filter((p) => p.severity === 'error').length,
      warnings: lintProblems.filter((p) => p.severity === 'warn').length,
    },
  };
  starting('cache');
  await cache.finish(files, summary);
  stage('cache');

  const report: GenerateReport = {
    ...plan,
    ...summary,
    durationMs: Math.round(performance.now() - started),
    stages,
  };
  return { files, report, modules, lintProblems, stray, ...(prune ? { pruneReason: prune } : {}) };
}
