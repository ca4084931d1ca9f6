/**
 * `npm run bench`: wall times of the generator as people and CI meet it, each the median of
 * several fresh `npm run cli` processes in a throwaway clone of the working tree (its own
 * node_modules/.cache, so the repo's cache and the other engineers' runs are left alone):
 * `generate --check` with nothing changed (warm cache), `generate --check` on a clean clone (cold
 * cache), `generate` after an x-admin label edit and after a schema edit (warm cache, a new value
 * each time so no earlier run is recalled); then orval alone, and `generate` in memory (dry run)
 * from scratch on the real contract and on a synthetic contract with 10× the modules, made by
 * replicating every fragment with renamed groups, operationIds, tags, schemas, module keys and
 * routes; and the add-a-module loop (loop-bench.ts). Not a timed test. Last, the issue-25
 * targets (add-a-module loop, label edit, --check) beside orval alone, min/median/max each, with
 * the CPU seconds of each (GNU time): on a shared machine wall time also counts the waiting.
 */
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addCpu, cli, cpuText, makeClone, median, seconds } from './bench-runs';
import { loopFigures, type LoopFigures } from './loop-bench';

// The generator's own load time is part of every CLI run: measured, not hidden in the first run.
const loadStarted = performance.now();
const { REPO_ROOT, generate, loadContract } = await import('../index');
console.log(`loading the generator: ${((performance.now() - loadStarted) / 1000).toFixed(2)} s`);
const { renderApi } = await import('../render/render-api');
const { contractForTools } = await import('../render/contract-for-tools');

const COPIES = 10;

/** Edits one fragment of the clone (the change must happen: a bench of nothing is no bench). */
async function editFragment(dir: string, change: (text: string) => string): Promise<void> {
  const file = path.join(dir, 'openapi/paths/adminnotice.yaml');
  const text = await readFile(file, 'utf8');
  const changed = change(text);
  if (changed === text) throw new Error('the bench edit did not change adminnotice.yaml');
  await writeFile(file, changed);
}

interface CliFigures {
  warm: number[];
  label: number[];
  /** orval alone, run right after each label edit and check: the same load as theirs. */
  orval: number[];
  loop: LoopFigures;
}

/** orval alone on the real contract as the generator hands it over (its unformatted files). */
async function orvalOnce(into: number[]): Promise<void> {
  const { document } = await loadContract(path.join(REPO_ROOT, 'openapi'));
  const input = contractForTools(document);
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  await renderApi(input, REPO_ROOT);
  into.push((performance.now() - started) / 1000);
  const { user, system } = process.cpuUsage(startedCpu);
  addCpu(into, (user + system) / 1e6);
}

async function cliFigures(): Promise<CliFigures> {
  const clone = await makeClone();
  const cache = path.join(clone, 'node_modules', '.cache');
  try {
    const cold: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      await rm(cache, { recursive: true, force: true });
      cli(clone, ['generate', '--check'], cold);
    }
    const warm: number[] = [];
    const orval: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      cli(clone, ['generate', '--check'], warm);
      if (run % 2 === 0) await orvalOnce(orval);
    }
    console.log(`generate --check, nothing changed: ${seconds(warm)}`);
    console.log(`generate --check on a clean clone (no cache): ${seconds(cold)}`);

    // A new value each run: no run may be answered by a cache entry of an earlier edit.
    const label: number[] = [];
    for (let run = 1; run <= 3; run += 1) {
      await editFragment(clone, (text) =>
        text.replace(/label: 公告标题\d*\n/, `label: 公告标题${run}\n`),
      );
      cli(clone, ['generate'], label);
      await orvalOnce(orval);
    }
    console.log(`generate after an x-admin label edit: ${seconds(label)}`);
    const schema: number[] = [];
    for (let run = 1; run <= 3; run += 1) {
      await editFragment(clone, (text) =>
        text.replace(
          /(description: One notice\.[^\n]*?)(?: \(edit \d+\))?\n/,
          `$1 (edit ${run})\n`,
        ),
      );
      cli(clone, ['generate'], schema);
    }
    console.log(`generate after a schema edit: ${seconds(schema)}`);
    const loop = await loopFigures(clone, 3);
    console.log(
      `add-a-module loop, the first (no typecheck state): ${seconds(loop.first)}${cpuText(loop.first)}`,
    );
    console.log(`add-a-module loop, after it: ${seconds(loop.after)}${cpuText(loop.after)}`);
    console.log(`  new-module ${seconds(loop.newModule)}${cpuText(loop.newModule)}`);
    console.log(`  generate   ${seconds(loop.generate)}${cpuText(loop.generate)}`);
    console.log(`  typecheck  ${seconds(loop.typecheck)}${cpuText(loop.typecheck)}`);
    console.log(
      `typecheck as one program, not incremental (before): ${seconds(loop.onePass)}${cpuText(loop.onePass)}`,
    );
    console.log(`add-a-module loop with \`cli watch\` running: ${seconds(loop.watched)}`);
    return { warm, label, orval, loop };
  } finally {
    await rm(clone, { recursive: true, force: true });
  }
}

/** orval alone, three runs in a row. */
async function orvalAlone(): Promise<void> {
  const runs: number[] = [];
  for (let run = 0; run < 3; run += 1) await orvalOnce(runs);
  console.log(`orval alone (real contract): ${seconds(runs)}`);
}

/**
 * The developer loop's targets beside orval alone, measured in the same run (issue 25): the
 * add-a-module loop after the first in ≤ 6 s; a label edit regenerates in ≤ 1.5 s and no slower
 * than orval alone; `--check` with nothing changed answers in ≤ 1 s.
 */
function printTargets({ warm, label, orval, loop }: CliFigures): void {
  const row = (runs: number[], target: number | undefined, atMostOrval: boolean) => {
    const ratio = median(runs) / median(orval);
    const met = target !== undefined && median(runs) <= target && (!atMostOrval || ratio <= 1);
    const goal =
      target === undefined
        ? ''
        : ` (target ≤ ${target} s${atMostOrval ? ' and ≤ 1× orval alone' : ''}): ${met ? 'met' : 'NOT met'}`;
    return `${seconds(runs)}${cpuText(runs)} = ${ratio.toFixed(2)}× orval alone${goal}`;
  };
  console.log(`beside orval alone (${seconds(orval)}${cpuText(orval)}, run between them):`);
  console.log(`  add-a-module loop, the first:         ${row(loop.first, undefined, false)}`);
  console.log(`  add-a-module loop, after the first:   ${row(loop.after, 6, false)}`);
  console.log(`  the same with \`cli watch\` running:   ${row(loop.watched, 6, false)}`);
  console.log(`  generate after an x-admin label edit: ${row(label, 1.5, true)}`);
  console.log(`  generate --check, nothing changed:    ${row(warm, 1, false)}`);
}

/** Renames one fragment for copy `n`: every identifier that must stay unique gets a suffix. */
function replicate(
  text: string,
  n: number,
  document: { groups: string[]; schemas: string[] },
): string {
  let result = text;
  for (const schema of document.schemas) {
    result = result.replace(
      new RegExp(`(?<![A-Za-z0-9])${schema}(?![A-Za-z0-9])`, 'g'),
      `${schema}X${n}`,
    );
  }
  for (const group of document.groups) {
    // Top-level tag entries and operation tags only: parameters also have `- name:`.
    result = result.replace(
      new RegExp(`(^  - name: |tags: \\[)${group}\\b`, 'gm'),
      `$1${group}x${n}`,
    );
  }
  return (
    result
      // A menu place and the menu table belong to one module: copies stay out of the menu.
      .replace(/^ +(menu: \{.*\}|menuTable: true)\n/gm, '')
      .replace(/operationId: ([A-Za-z0-9]+)/g, `operationId: $1X${n}`)
      .replace(/module: ([a-z0-9-]+)/g, `module: $1-x${n}`)
      .replace(/route: (\/[A-Za-z0-9/_-]+)/g, `route: $1-x${n}`)
      .replace(/^( {2})('?)(\/[^\s']+?)('?):\s*$/gm, `$1$2$3x${n}$4:`)
  );
}

async function syntheticContract(copies: number): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'admin-bench-'));
  await cp(path.join(REPO_ROOT, 'openapi'), dir, { recursive: true });
  const pathsDir = path.join(dir, 'paths');
  const fragments = (await readdir(pathsDir)).filter((f) => f.endsWith('.yaml'));
  for (const file of fragments) {
    const text = await readFile(path.join(pathsDir, file), 'utf8');
    const groups = [...text.matchAll(/^\s+- name: ([A-Za-z0-9]+)/gm)].map((m) => m[1]!);
    const schemasBlock = text.split(/^components:/m)[1] ?? '';
    const schemas = [...schemasBlock.matchAll(/^ {4}([A-Z][A-Za-z0-9]*):/gm)].map((m) => m[1]!);
    for (let n = 1; n < copies; n += 1) {
      await writeFile(
        path.join(pathsDir, `${file.replace('.yaml', '')}-x${n}.yaml`),
        replicate(text, n, { groups, schemas }),
      );
    }
  }
  return dir;
}

/** `generate` in memory from scratch: every step runs (a change that touches every file). */
async function fromScratch(label: string, contractDir: string): Promise<void> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'admin-bench-out-'));
  const started = performance.now();
  const { report, files } = await generate({
    contractDir,
    outDir,
    mode: 'dry-run',
    fromScratch: true,
  });
  const wall = ((performance.now() - started) / 1000).toFixed(1);
  const stages = Object.entries(report.stages)
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)}`)
    .join(', ');
  console.log(
    `${label}, from scratch: ${report.modules.length} modules, ${report.operations} operations, ${files.length} files — ${wall} s (${stages})`,
  );
  await rm(outDir, { recursive: true, force: true });
}

const figures = await cliFigures();
await orvalAlone();
printTargets(figures);
await fromScratch('real contract', path.join(REPO_ROOT, 'openapi'));
const synthetic = await syntheticContract(COPIES);
try {
  await fromScratch(`synthetic ×${COPIES}`, synthetic);
} finally {
  await rm(synthetic, { recursive: true, force: true });
}
