/**
 * The demo with the published documents of tests/fixtures/openapi/real/ imported (issue 50), for
 * tests/e2e/real-documents.e2e.ts: once per e2e run, in a workspace of the run's folder — a copy
 * of the committed repository (scripts/real-workspace.ts) — `cli import-openapi` of each document
 * that has screens, one `cli generate`, and `vite build --mode demo` into the workspace's own
 * dist/. The shared dist/ and generated/ of the working tree are not touched. Cloud Hypervisor,
 * which has no list or lookup resource, is imported into a contract of its own in the workspace:
 * its journey reads the import report. Each step's time is printed.
 */
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  copyCommitted,
  linkNodeModules,
  runStep,
  type StepResult,
} from '../../../scripts/real-workspace';
import { oncePerRun } from './once-per-run';

/** The documents whose resources become screens, by source name (their file's name). */
export const SCREEN_DOCUMENTS = ['realworld', 'kratos', 'listmonk', 'openai', 'digitalocean'];
/** The document without a list or lookup resource: imported only for its report. */
export const REPORT_ONLY_DOCUMENT = 'cloud-hypervisor';

const DOCUMENTS_DIR = 'tests/fixtures/openapi/real';
/** A step that takes longer has failed (generate of 187 DigitalOcean screens included). */
const STEP_TIMEOUT_MS = 10 * 60_000;

export interface RealDocumentsBuild {
  /** The workspace: its openapi/ holds the imported sources. */
  workspace: string;
  /** The built demo. */
  outDir: string;
  /** Where Cloud Hypervisor was imported (its sources/cloud-hypervisor/import-report.txt). */
  reportOnlyContract: string;
}

async function documentFile(name: string): Promise<string> {
  const files = await readdir(DOCUMENTS_DIR);
  const file = files.find((entry) => entry.replace(/\.[^.]+$/, '') === name);
  if (!file) throw new Error(`no document ${name} in ${DOCUMENTS_DIR}`);
  return path.resolve(DOCUMENTS_DIR, file);
}

/** The first lines of a failed step, for the error that stops the journey. */
function failure(label: string, step: StepResult): string {
  const lines = step.output.trim().split('\n').slice(0, 20).join('\n');
  return `${label} exited ${step.exitCode} after ${step.seconds.toFixed(0)} s:\n${lines}`;
}

/** Imports, generates and builds in `workspace`; throws with the failing step's output. */
async function buildRealDemo(workspace: string): Promise<void> {
  const started = performance.now();
  await copyCommitted(workspace);
  await linkNodeModules(workspace);
  const cli = (args: string[]) =>
    runStep(process.execPath, [path.join(workspace, 'cli/run.mjs'), ...args], {
      cwd: workspace,
      timeoutMs: STEP_TIMEOUT_MS,
    });
  const timings: string[] = [`copy ${((performance.now() - started) / 1000).toFixed(1)} s`];
  for (const name of SCREEN_DOCUMENTS) {
    const imported = await cli(['import-openapi', await documentFile(name), '--name', name]);
    if (imported.exitCode !== 0) throw new Error(failure(`import-openapi ${name}`, imported));
    timings.push(`import ${name} ${imported.seconds.toFixed(1)} s`);
  }
  await mkdir(path.join(workspace, 'report-only'));
  const reportOnly = await cli([
    'import-openapi',
    await documentFile(REPORT_ONLY_DOCUMENT),
    '--name',
    REPORT_ONLY_DOCUMENT,
    '--contract',
    'report-only',
  ]);
  if (reportOnly.exitCode !== 0)
    throw new Error(failure(`import-openapi ${REPORT_ONLY_DOCUMENT}`, reportOnly));
  const generated = await cli(['generate']);
  if (generated.exitCode !== 0) throw new Error(failure('generate', generated));
  timings.push(`generate ${generated.seconds.toFixed(1)} s`);
  const environment: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  delete environment.API_TARGET;
  const built = await runStep(
    process.execPath,
    [path.join(workspace, 'node_modules/vite/bin/vite.js'), 'build', '--mode', 'demo'],
    { cwd: workspace, timeoutMs: STEP_TIMEOUT_MS, env: environment },
  );
  if (built.exitCode !== 0) throw new Error(failure('vite build --mode demo', built));
  timings.push(`vite build ${built.seconds.toFixed(1)} s`);
  const total = (performance.now() - started) / 1000;
  console.log(`real documents' demo built in ${total.toFixed(1)} s (${timings.join(', ')})`);
}

/** The workspace with the real documents' demo built (once per run, support/once-per-run.ts). */
export async function realDocumentsBuild(): Promise<RealDocumentsBuild> {
  const folder = await oncePerRun('real-documents', async (into) => {
    const workspace = path.join(into, 'workspace');
    await mkdir(workspace);
    await buildRealDemo(workspace);
  });
  const workspace = path.join(folder, 'workspace');
  return {
    workspace,
    outDir: path.join(workspace, 'dist'),
    reportOnlyContract: path.join(workspace, 'report-only'),
  };
}
