/**
 * The generator as a library: parse → model → render → write.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildModules } from './model/build-modules';
import { loadContract } from './parse/load-contract';
import { LintError, lintContract, type LintProblem } from './parse/lint-contract';
import { listOperations } from './parse/operations';
import { renderApi } from './render/render-api';
import { renderOpenApiJson } from './render/render-openapi';
import { TEMPLATE_NAMES, renderTemplates, type Templates } from './render/render-templates';
import { renderTypes } from './render/render-types';
import type { GeneratedFile, GenerateReport, ModuleModel, OpenApiDocument } from './types';
import { withBanner } from './write/banner';
import { formatFiles } from './write/format';
import { applyPlan, planFiles, type FilePlan } from './write/sync-files';

/** The repo root, found from this file so temp-dir runs (tests, bench) still find templates. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
}

export interface GenerateResult {
  files: GeneratedFile[];
  report: GenerateReport;
  modules: ModuleModel[];
  lintProblems: LintProblem[];
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

/** Renders every file in memory (unformatted, unbannered), sorted by path. */
async function renderAll(
  document: OpenApiDocument,
  modules: ModuleModel[],
  rootDir: string,
): Promise<GeneratedFile[]> {
  const [api, types, templates] = await Promise.all([
    renderApi(document, rootDir),
    renderTypes(document),
    loadTemplates(rootDir),
  ]);
  return [renderOpenApiJson(document), types, ...api, ...renderTemplates(modules, templates)].sort(
    (a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
}

/**
 * Generates everything from the contract. In `write` mode the output directory is brought in
 * line (created/updated files written, stale generator-owned files deleted); `dry-run` and
 * `check` touch nothing and only report.
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

  const { document } = await loadContract(contractDir);
  const lintProblems = await lintContract(document);
  if (lintProblems.some((p) => p.severity === 'error')) throw new LintError(lintProblems);
  const modules = buildModules(document);
  const rendered = await renderAll(document, modules, rootDir);
  const files = await formatFiles(
    rendered.map((file) => ({ path: file.path, content: withBanner(file.path, file.content) })),
    rootDir,
  );
  const plan: FilePlan = await planFiles(files, outDir);
  if (mode === 'write') await applyPlan(files, plan, outDir);

  const report: GenerateReport = {
    ...plan,
    modules: modules.map((m) => m.key),
    operations: listOperations(document.paths).length,
    lint: {
      errors: lintProblems.filter((p) => p.severity === 'error').length,
      warnings: lintProblems.filter((p) => p.severity === 'warn').length,
    },
    durationMs: Math.round(performance.now() - started),
  };
  return { files, report, modules, lintProblems };
}
