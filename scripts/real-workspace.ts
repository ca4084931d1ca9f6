/**
 * A temporary copy of the committed repository, where the published documents of
 * tests/fixtures/openapi/real/ are imported, generated and built without touching the working
 * tree: `npm run bench:real` copies the contract into one (scripts/real-documents.ts), the
 * real-documents journey the whole repository (tests/e2e/support/real-documents-build.ts).
 * What is copied is `git archive HEAD`, so another engineer's unfinished edit does not decide
 * what is measured; where the tree is no git checkout (an exported older commit), its files.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../generator/repo-root';

/** Folders of the tree that a copy never takes: built, installed or cached output. */
const NOT_COPIED = new Set(['.git', 'node_modules', 'dist']);
/**
 * Caches the tools keep under node_modules: the CLI's bundle and the generator's cache (whose
 * manifests name the repository they were made from), vite's. A workspace keeps its own, so
 * running the CLI there does not make the working tree's next run bundle again.
 */
const OWN_CACHES = new Set(['.cache', '.vite', '.vite-temp']);

export interface StepResult {
  exitCode: number;
  output: string;
  seconds: number;
}

/** Runs a command and collects its output; never throws. Stopped after `timeoutMs`. */
export function runStep(
  command: string,
  args: string[],
  { cwd = REPO_ROOT, timeoutMs, env }: { cwd?: string; timeoutMs: number; env?: NodeJS.ProcessEnv },
): Promise<StepResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const done = (exitCode: number, extra = '') => {
      clearTimeout(timer);
      resolve({
        exitCode,
        output: Buffer.concat(chunks).toString('utf8') + extra,
        seconds: (performance.now() - started) / 1000,
      });
    };
    child.on('error', (error) => done(127, String(error)));
    child.on('close', (code, signal) => done(code ?? 128, signal ? `\nstopped by ${signal}` : ''));
  });
}

/**
 * The committed `paths` (all of the repository when none) into `dir`: `git archive HEAD`, or a
 * copy of the working tree's files where it is no git checkout.
 */
export async function copyCommitted(dir: string, paths: string[] = []): Promise<void> {
  const quoted = paths.map((entry) => `'${entry}'`).join(' ');
  const archived = await runStep(
    'bash',
    ['-o', 'pipefail', '-c', `git archive HEAD ${quoted} | tar -x -C '${dir}'`],
    { timeoutMs: 120_000 },
  );
  if (archived.exitCode === 0) return;
  const entries = paths.length > 0 ? paths : await readdir(REPO_ROOT);
  for (const entry of entries.filter((name) => !NOT_COPIED.has(name))) {
    await rm(path.join(dir, entry), { recursive: true, force: true });
    await cp(path.join(REPO_ROOT, entry), path.join(dir, entry), { recursive: true });
  }
}

/**
 * `dir/node_modules`: a folder of links to the repository's installed packages, with caches of
 * its own (OWN_CACHES).
 */
export async function linkNodeModules(dir: string): Promise<void> {
  const installed = path.join(REPO_ROOT, 'node_modules');
  const linked = path.join(dir, 'node_modules');
  await mkdir(linked);
  for (const entry of await readdir(installed)) {
    if (OWN_CACHES.has(entry)) continue;
    await symlink(path.join(installed, entry), path.join(linked, entry));
  }
}
