/**
 * The add-a-module loop of `npm run bench`: `new-module` + `generate` + `npm run typecheck` in a
 * clone, the first time (no typecheck state yet, as after a clean clone) and again after each
 * further module (the incremental projects' state is kept), beside the typecheck as one
 * program, not incremental — how `npm run typecheck` ran before the projects were split; and
 * the loop with `cli watch` running, which regenerates and type-checks in a warm process.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { addCpu, cli, cpuSeconds, npmRun, timed } from './bench-runs';

export interface LoopFigures {
  /** Whole loops (new-module + generate + typecheck), the first one alone. */
  first: number[];
  after: number[];
  /** The parts of the loops after the first. */
  newModule: number[];
  generate: number[];
  typecheck: number[];
  /** The typecheck as one program over every file, from nothing (the old layout). */
  onePass: number[];
  /** `new-module` until `cli watch` has regenerated and type-checked it (watchLoopFigures). */
  watched: number[];
}

/** One loop: its parts' wall and CPU seconds summed into `into`. */
function loopOnce(clone: string, n: number, into: number[], parts?: number[][]): void {
  const [newModule = [], generate = [], typecheck = []] = parts ?? [];
  const name = `benchmod${n}`;
  const steps: [number[], () => void][] = [
    [
      newModule,
      () =>
        cli(
          clone,
          ['new-module', name, '--title', `基准${n}`, '--route', `/system/${name}`],
          newModule,
        ),
    ],
    [generate, () => cli(clone, ['generate'], generate)],
    [typecheck, () => npmRun(clone, 'typecheck', [], typecheck)],
  ];
  let wall = 0;
  let cpu = 0;
  for (const [runs, step] of steps) {
    step();
    wall += runs.at(-1)!;
    cpu += cpuSeconds.get(runs)?.at(-1) ?? 0;
  }
  into.push(wall);
  if (cpuSeconds.has(typecheck)) addCpu(into, cpu);
}

/** The old `npm run typecheck`: one program over everything, not incremental. */
function onePassTypecheck(clone: string, into: number[]): void {
  timed(
    clone,
    [process.execPath, 'node_modules/typescript/bin/tsc', '-p', 'tsconfig.watch.json'],
    into,
  );
}

/** `after` loops after the first, in `clone` (whose generator cache may be warm). */
export async function loopFigures(clone: string, after: number): Promise<LoopFigures> {
  const figures: LoopFigures = {
    first: [],
    after: [],
    newModule: [],
    generate: [],
    typecheck: [],
    onePass: [],
    watched: [],
  };
  loopOnce(clone, 0, figures.first);
  for (let n = 1; n <= after; n += 1)
    loopOnce(clone, n, figures.after, [figures.newModule, figures.generate, figures.typecheck]);
  onePassTypecheck(clone, figures.onePass);
  figures.watched = await watchLoopFigures(clone, after);
  return figures;
}

/** Resolves when `output()` matches `pattern` from `from` on (polled: the bench waits anyway). */
async function printed(output: () => string, from: number, pattern: RegExp): Promise<void> {
  const deadline = performance.now() + 120_000;
  while (!pattern.test(output().slice(from))) {
    if (performance.now() > deadline) throw new Error(`no ${pattern} in:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The loop with `cli watch` running (started once, its first check not counted): from
 * `new-module` to the watcher's type-check verdict on what it regenerated, `runs` times.
 */
export async function watchLoopFigures(clone: string, runs: number): Promise<number[]> {
  const cli = (args: string[]) => [path.join(clone, 'cli', 'run.mjs'), ...args];
  const watcher = spawn(process.execPath, cli(['watch']), { cwd: clone });
  let output = '';
  watcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  watcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const loops: number[] = [];
  try {
    await printed(() => output, 0, /^watching /m);
    for (let n = 0; n < runs; n += 1) {
      const from = output.length;
      const started = performance.now();
      const name = `watchmod${n}`;
      const args = ['new-module', name, '--title', `监视${n}`, '--route', `/system/${name}`];
      await new Promise((resolve, reject) =>
        spawn(process.execPath, cli(args), { cwd: clone, stdio: 'ignore' })
          .once('exit', resolve)
          .once('error', reject),
      );
      // Its own verdict: the one after what the change regenerated (not a late one before).
      await printed(() => output, from, /^generated: [^\n]*\n(?:[^\n]*\n)*?type check: /m);
      loops.push((performance.now() - started) / 1000);
    }
  } finally {
    watcher.kill('SIGTERM');
  }
  return loops;
}
