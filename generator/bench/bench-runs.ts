/**
 * What the benches share: a throwaway clone of the working tree with a cache of its own, `npm
 * run` in it timed (wall and CPU seconds), and figures printed as min/median/max.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../repo-root';

/**
 * What a clone needs to run the CLI and typecheck: the code, the contract, its output, the
 * tests and the configs.
 */
const CLONED = [
  'cli',
  'generator',
  'generated',
  'openapi',
  'src',
  'templates',
  'tests',
  'scripts',
  'package.json',
  'package-lock.json',
  '.prettierrc.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.app.json',
  'tsconfig.node.json',
  'tsconfig.tests.json',
  'tsconfig.watch.json',
  'vite.config.ts',
  'vitest.config.ts',
  'vitest.e2e.config.ts',
];

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** `min/median/max s of n`, e.g. `1.02/1.10/1.31 s of 3`. */
export function seconds(values: number[]): string {
  const [min, max] = [Math.min(...values), Math.max(...values)];
  return `${min.toFixed(2)}/${median(values).toFixed(2)}/${max.toFixed(2)} s (min/median/max of ${values.length})`;
}

/**
 * A copy of the working tree whose node_modules links every installed package but has a
 * .cache of its own: exactly a clean clone after `npm install`.
 */
export async function makeClone(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'admin-bench-clone-'));
  await Promise.all(
    CLONED.map((entry) =>
      cp(path.join(REPO_ROOT, entry), path.join(dir, entry), { recursive: true }),
    ),
  );
  await mkdir(path.join(dir, 'node_modules'));
  const installed = (await readdir(path.join(REPO_ROOT, 'node_modules'))).filter(
    (name) => name !== '.cache',
  );
  await Promise.all(
    installed.map((name) =>
      symlink(path.join(REPO_ROOT, 'node_modules', name), path.join(dir, 'node_modules', name)),
    ),
  );
  return dir;
}

/** Where GNU time is, to count a run's CPU seconds (on a shared machine, wall time waits too). */
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/** CPU seconds (user + system) of the runs whose wall times are pushed into a list, by list. */
export const cpuSeconds = new WeakMap<number[], number[]>();

/** Adds one run's CPU seconds to the list kept for `into`. */
export function addCpu(into: number[], seconds: number): void {
  cpuSeconds.set(into, [...(cpuSeconds.get(into) ?? []), seconds]);
}

/**
 * One run of `command` in `dir`, its wall time in seconds pushed into `into` (and its CPU
 * seconds, when GNU time is there); a failure stops the bench.
 */
export function timed(dir: string, command: string[], into: number[]): void {
  const usage = path.join(dir, '.bench-cpu');
  const run = GNU_TIME ? [GNU_TIME, '-f', '%U %S', '-o', usage, ...command] : command;
  const started = performance.now();
  const result = spawnSync(run[0]!, run.slice(1), { cwd: dir, encoding: 'utf8' });
  into.push((performance.now() - started) / 1000);
  if (result.status !== 0)
    throw new Error(`${command.join(' ')} failed in ${dir}:\n${result.stdout}${result.stderr}`);
  if (!GNU_TIME) return;
  const [user = 0, system = 0] = readFileSync(usage, 'utf8').trim().split(' ').map(Number);
  addCpu(into, user + system);
}

/** `npm run <script> -- …` in `dir` (see timed). */
export function npmRun(dir: string, script: string, args: string[], into: number[]): void {
  timed(dir, ['npm', 'run', '-s', script, ...(args.length > 0 ? ['--', ...args] : [])], into);
}

/** `npm run cli -- …` in `dir` (see npmRun). */
export function cli(dir: string, args: string[], into: number[]): void {
  npmRun(dir, 'cli', args, into);
}

/** ` CPU min/median/max` of the runs in `runs`, when GNU time counted them. */
export function cpuText(runs: number[]): string {
  const cpu = cpuSeconds.get(runs);
  return cpu ? `, CPU ${seconds(cpu).replace(/ \(.*/, '')}` : '';
}
