/**
 * The add-a-module loop of `npm run bench`: `new-module` + `generate` + `npm run typecheck` in a
 * clone, the first time (no typecheck state yet, as after a clean clone) and again after each
 * further module (the incremental projects' state is kept), beside the typecheck as one
 * program, not incremental — how `npm run typecheck` ran before the projects were split.
 */
import { writeFile } from 'node:fs/promises';
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
async function onePassTypecheck(clone: string, into: number[]): Promise<void> {
  const config = path.join(clone, 'tsconfig.one-pass.json');
  const include = ['src', 'generated', 'generator', 'cli', 'scripts', 'tests', 'vite.config.ts'];
  await writeFile(
    config,
    JSON.stringify({
      extends: './tsconfig.base.json',
      // vite.config.ts names its .ts imports with the extension (tsconfig.node.json allows it too).
      compilerOptions: { noEmit: true, allowImportingTsExtensions: true },
      include: [...include, 'vitest.config.ts', 'vitest.e2e.config.ts'],
      exclude: ['node_modules', 'tests/fixtures/**/expected/**'],
    }),
  );
  timed(clone, [process.execPath, 'node_modules/typescript/bin/tsc', '-p', config], into);
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
  };
  loopOnce(clone, 0, figures.first);
  for (let n = 1; n <= after; n += 1)
    loopOnce(clone, n, figures.after, [figures.newModule, figures.generate, figures.typecheck]);
  await onePassTypecheck(clone, figures.onePass);
  return figures;
}
