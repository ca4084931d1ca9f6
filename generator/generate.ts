/**
 * The generator as a library: parse → model → render → write.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isJson } from './json';
import { buildModules, ModelError } from './model/build-modules';
import { operationRights, type OperationRight } from './model/operation-rights';
import { loadContract } from './parse/load-contract';
import { LintError, lintContract, type LintProblem } from './parse/lint-contract';
import { listOperations } from './parse/operations';
import { shownPath, type ValuePath } from './parse/source-lines';
import { MUTATOR_PATH, renderApi } from './render/render-api';
import { renderOpenApiJson } from './render/render-openapi';
import { renderPermissions } from './render/render-permissions';
import { TEMPLATE_NAMES, renderTemplates, type Templates } from './render/render-templates';
import { renderTypes } from './render/render-types';
import { REPO_ROOT } from './repo-root';
import type { GeneratedFile, GenerateReport, ModuleModel, OpenApiDocument } from './types';
import { withBanner } from './write/banner';
import { inputsKey, recordRun } from './up-to-date';
import { cacheEnabled, ContentCache } from './write/content-cache';
import { formatFiles } from './write/format';
import { FormatLedger, LEDGER_PATH } from './write/format-ledger';
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
   * Run every step anew: no content cache, nothing recalled from the format ledger (which is
   * still made). The thorough, slow check.
   */
  fromScratch?: boolean;
  /**
   * Make format-ledger.json (default true). false: neither recall from nor make it — golden
   * fixtures, whose snapshot must come from a real run every time.
   */
  ledger?: boolean;
}

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

async function loadTemplates(rootDir: string): Promise<Templates> {
  const entries = await Promise.all(
    TEMPLATE_NAMES.map(
      async (name) =>
        [name, await readFile(path.join(rootDir, 'templates', name), 'utf8')] as const,
    ),
  );
  return Object.fromEntries(entries) as Templates;
}

/**
 * Runs `task` with stdout swallowed. Orval prints a success banner on every run through a
 * console.log it captured when it loaded, so only the stream itself can silence it; a
 * library call must not print. (Orval reports failures by throwing, which still surfaces.)
 */
async function withoutStdout<T>(task: () => Promise<T>): Promise<T> {
  const write = process.stdout.write;
  process.stdout.write = ((_chunk: unknown, ...rest: unknown[]) => {
    const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    done?.();
    return true;
  }) as typeof process.stdout.write;
  try {
    return await task();
  } finally {
    process.stdout.write = write;
  }
}

/**
 * Renders and formats every file, sorted by path. Each slow step — orval and openapi-typescript
 * (which read only the contract and, for orval, the mutator's signature), prettier on each
 * template-made file — is recalled from the format ledger when generated/ already holds what it
 * produces from these inputs; otherwise its unformatted output comes from the content cache or a
 * run, and is formatted (through the cache too).
 */
async function renderAll(
  document: OpenApiDocument,
  modules: ModuleModel[],
  rights: readonly OperationRight[],
  rootDir: string,
  cache: ContentCache,
  ledger: FormatLedger,
): Promise<GeneratedFile[]> {
  const contract = JSON.stringify(document);
  const mutator = await readFile(path.join(rootDir, MUTATOR_PATH), 'utf8').catch(() => '');
  const format = (files: GeneratedFile[]) =>
    formatFiles(
      files.map((file) => ({ path: file.path, content: withBanner(file.path, file.content) })),
      rootDir,
      cache,
    );
  const step = async (key: string, make: () => Promise<GeneratedFile[]>) => {
    const files = (await ledger.recall(key)) ?? (await make());
    ledger.note(key, files);
    return files;
  };
  const cachedRender = async (key: string, render: () => Promise<GeneratedFile[]>) =>
    JSON.parse(
      await cache.through(cache.key(key), async () => JSON.stringify(await render())),
    ) as GeneratedFile[];
  const orvalKey = ledger.key('orval', contract, mutator);
  const typesKey = ledger.key('openapi-typescript', contract);
  const [api, types, templates] = await Promise.all([
    step(orvalKey, async () =>
      format(await cachedRender(orvalKey, () => withoutStdout(() => renderApi(document, rootDir)))),
    ),
    step(typesKey, async () =>
      format(await cachedRender(typesKey, async () => [await renderTypes(document)])),
    ),
    loadTemplates(rootDir),
  ]);
  const made = await Promise.all(
    [
      renderOpenApiJson(document),
      renderPermissions(rights),
      ...renderTemplates(modules, templates),
    ].map((file) => step(ledger.key('prettier', file.path, file.content), () => format([file]))),
  );
  const record = ledger.file();
  return [...api, ...types, ...made.flat(), ...(record ? [record] : [])].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
}

/**
 * The model's problems, each prefixed with the file and line of the tag or schema it names
 * (`paths/adminnotice.yaml:5: tag adminnotice: x-admin.title is required`).
 */
function locateModelError(
  error: ModelError,
  document: OpenApiDocument,
  locate: (at: ValuePath) => string | undefined,
): ModelError {
  const tagNames = (document.tags ?? []).map((tag) => (isJson(tag) ? String(tag.name) : ''));
  const located = error.problems.map((problem) => {
    const tag = /^tag ([^\s:]+):/.exec(problem);
    const schema = /^components\.schemas\.([^\s.:]+)(?:\.([^\s.:]+))?:/.exec(problem);
    let at: ValuePath | undefined;
    if (tag && tagNames.includes(tag[1]!)) at = ['tags', tagNames.indexOf(tag[1]!), 'x-admin'];
    else if (schema)
      at = ['components', 'schemas', schema[1]!, ...(schema[2] ? ['properties', schema[2]] : [])];
    const where = at && locate(at);
    return where ? `${where}: ${problem}` : problem;
  });
  return new ModelError(located);
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

  await checkOutputDir(outDir, contractDir);
  // The record for upToDate: inputs hashed while the contract loads and again at the end, so a
  // run whose inputs changed meanwhile (someone saving a fragment) records nothing. An unreadable
  // folder only means no record (the run itself reports real problems).
  const unreadable = () => undefined;
  const keyBefore = cacheEnabled() ? inputsKey(rootDir, contractDir).catch(unreadable) : undefined;
  const { document, locate } = await loadContract(contractDir);
  stage('load');
  const lintProblems = await lintContract(document, locate);
  stage('lint');
  if (lintProblems.some((p) => p.severity === 'error')) throw new LintError(lintProblems);
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
  stage('model');
  const [cache, ledger] = await Promise.all([
    ContentCache.open(rootDir, cacheEnabled() && !fromScratch),
    FormatLedger.open(rootDir, outDir, { recall: !fromScratch, make: options.ledger !== false }),
  ]);
  const files = await renderAll(document, modules, rights, rootDir, cache, ledger);
  await cache.save();
  stage('render and format');
  const { stray, ...plan }: FilePlan = await planFiles(files, outDir);
  if (mode === 'check') {
    // A stale ledger is no drift: it only costs time (an entry is used only when the files'
    // hashes match it), e.g. after an edit of the mutator that changes no generated code.
    // `generate` refreshes it.
    for (const list of [plan.created, plan.updated, plan.unchanged])
      if (list.includes(LEDGER_PATH)) list.splice(list.indexOf(LEDGER_PATH), 1);
  }
  const prune = await pruneReason({ ...plan, stray }, outDir, document);
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
  if (keyBefore) {
    const key = await keyBefore;
    if (key && key === (await inputsKey(rootDir, contractDir).catch(unreadable)))
      await recordRun(rootDir, key, files, summary);
    stage('record');
  }

  const report: GenerateReport = {
    ...plan,
    ...summary,
    durationMs: Math.round(performance.now() - started),
    stages,
  };
  return { files, report, modules, lintProblems, stray, ...(prune ? { pruneReason: prune } : {}) };
}
