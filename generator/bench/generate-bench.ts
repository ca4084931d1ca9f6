/**
 * `npm run bench`: wall time of `npm run cli -- generate --check` (median of 5, each run a fresh
 * process) with the run record of an earlier run and as CI runs it on a clean clone, of the up-to-date check alone, and of `generate` (dry-run, in
 * memory) on the real contract and on a synthetic contract with 10× the modules, made by
 * replicating every fragment with renamed groups, operationIds, tags, schemas, module keys and
 * routes. Not a timed test.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// The generator's own load time is part of every CLI run: measured, not hidden in the first run.
const loadStarted = performance.now();
const { REPO_ROOT, generate } = await import('../index');
console.log(`loading the generator: ${((performance.now() - loadStarted) / 1000).toFixed(2)} s`);
const { upToDate } = await import('../up-to-date');

const COPIES = 10;
const CLI_RUNS = 5;

/**
 * `npm run cli -- generate --check` in the repo, CLI_RUNS times: each wall time and the median.
 * `cleanClone`: as on a clean clone (CI, a new developer) — no run record and no content cache
 * (GENERATE_CACHE=0), only the committed format ledger.
 */
function cliCheck(cleanClone: boolean): void {
  const seconds: number[] = [];
  let failed = false;
  for (let run = 0; run < CLI_RUNS; run += 1) {
    const started = performance.now();
    const result = spawnSync('npm', ['run', '-s', 'cli', '--', 'generate', '--check'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: cleanClone ? { ...process.env, GENERATE_CACHE: '0' } : process.env,
    });
    seconds.push((performance.now() - started) / 1000);
    failed ||= result.status !== 0;
  }
  const sorted = [...seconds].sort((a, b) => a - b);
  console.log(
    `npm run cli -- generate --check${cleanClone ? ' on a clean clone' : ''}: median ${sorted[Math.floor(CLI_RUNS / 2)]!.toFixed(2)} s of ${CLI_RUNS} (${seconds.map((s) => s.toFixed(2)).join(', ')})` +
      (failed ? ' — generated/ differs from the contract, so these are full runs' : ''),
  );
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

async function time(label: string, contractDir: string, fromScratch = false): Promise<void> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'admin-bench-out-'));
  const started = performance.now();
  const { report, files } = await generate({ contractDir, outDir, mode: 'dry-run', fromScratch });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const stages = Object.entries(report.stages)
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)}`)
    .join(', ');
  console.log(
    `${label}: ${report.modules.length} modules, ${report.operations} operations, ${files.length} files — ${seconds} s (${stages})`,
  );
  await rm(outDir, { recursive: true, force: true });
}

cliCheck(false);
cliCheck(true);
const checkStarted = performance.now();
const known = await upToDate();
console.log(
  `up-to-date check alone: ${((performance.now() - checkStarted) / 1000).toFixed(2)} s (${known ? 'answered from the record' : 'not known: a full run follows'})`,
);

// From scratch (every step runs: the cost of a contract change that touches every file), then
// with the content cache (a developer's next run). Dry runs into an empty folder: no ledger.
await time('real contract, from scratch', path.join(REPO_ROOT, 'openapi'), true);
await time('real contract, cache filled', path.join(REPO_ROOT, 'openapi'));
await time('real contract, cached', path.join(REPO_ROOT, 'openapi'));
const synthetic = await syntheticContract(COPIES);
try {
  await time(`synthetic ×${COPIES}`, synthetic, true);
} finally {
  await rm(synthetic, { recursive: true, force: true });
}
