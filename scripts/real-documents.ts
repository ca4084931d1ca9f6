/**
 * `npm run bench:real [-- <name> …]`: issue 50's measure of the pipeline on the published
 * documents in tests/fixtures/openapi/real/. For each document, in a temporary copy of the
 * committed contract (`git archive HEAD openapi`, so another engineer's unfinished edit of
 * openapi/ does not decide the figures): `import-openapi` → `generate` → a typecheck of the
 * source's generated code (and the src/ it imports) under the project's strict options → the
 * source's REST mock (`cli mock-server --source`) checked by `cli verify --source --writes` (a
 * credential given for any security scheme: the mock takes any). Prints one table — document |
 * operations | resources | screens | of the resources with a list or lookup, how many became
 * screens a person can open (scripts/real-screens.ts; issue 50 asks ≥ 90 %) | left out
 * (reasons, from import-report.txt) | exit codes | verify's counts and what it wrote — then the
 * pages nothing leads to and the first lines of each failing step.
 *
 * Heavy (generate and tsc per document): run it under the machine's heavy lock,
 * `flock /tmp/heavy.lock npm run bench:real`. Exits 1 when a step of any document failed.
 */
import { mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT as ROOT } from '../generator/repo-root';
import { countScreens, screensCell, type ScreenCount } from './real-screens';
import { verifyAgainstMock, verifyCell } from './real-verify';
import { copyCommitted, runStep, type StepResult } from './real-workspace';

const DOCUMENTS_DIR = path.join(ROOT, 'tests/fixtures/openapi/real');
/** A step that has not ended in this time is stopped and counted as failed. */
const STEP_TIMEOUT_MS = 15 * 60_000;
/** Lines of a failing step's output shown under the table. */
const SHOWN_LINES = 6;

interface ImportSummary {
  resources: number;
  operations: number;
  mapped: number;
  leftOut: number;
}

interface DocumentRow {
  name: string;
  import: StepResult;
  generate?: StepResult;
  typecheck?: StepResult;
  verify?: StepResult;
  summary?: ImportSummary;
  screens?: number;
  /** Of the resources with a list or a lookup, how many became screens a person can open. */
  reached?: ScreenCount;
  /** Left-out reasons with how many operations each. */
  reasons: Map<string, number>;
}

/** Runs a command in the repository (scripts/real-workspace.ts); never throws. */
const run = (command: string, args: string[], cwd = ROOT): Promise<StepResult> =>
  runStep(command, args, { cwd, timeoutMs: STEP_TIMEOUT_MS });

const cli = (args: string[]) => run(process.execPath, [path.join(ROOT, 'cli/run.mjs'), ...args]);

/** `tests/fixtures/openapi/real/<name>.(yaml|yml|json)`, optionally only the names asked for. */
async function documents(only: string[]): Promise<{ name: string; file: string }[]> {
  const files = (await readdir(DOCUMENTS_DIR)).filter((file) => /\.(ya?ml|json)$/.test(file));
  const all = files.sort().map((file) => ({
    name: file.replace(/\.[^.]+$/, ''),
    file: path.join(DOCUMENTS_DIR, file),
  }));
  return only.length === 0 ? all : all.filter((document) => only.includes(document.name));
}

/** The report's "left out:" lines, grouped by reason (the text after the operation). */
function leftOutReasons(report: string): Map<string, number> {
  const reasons = new Map<string, number>();
  const section = report.split('\nleft out:\n')[1]?.split('\n\n')[0] ?? '';
  for (const line of section.split('\n')) {
    const reason = /^\s+[A-Z]+ \S+: (.*?)(?: — left out)?$/.exec(line)?.[1];
    if (reason) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  return reasons;
}

/** import-openapi's --json summary, or undefined when it printed none. */
function importSummary(output: string): ImportSummary | undefined {
  try {
    const parsed: unknown = JSON.parse(output.slice(output.indexOf('{')));
    if (typeof parsed !== 'object' || parsed === null || !('summary' in parsed)) return undefined;
    const { summary } = parsed;
    if (typeof summary !== 'object' || summary === null) return undefined;
    const count = (key: string) => {
      const value: unknown = key in summary ? Reflect.get(summary, key) : undefined;
      return typeof value === 'number' ? value : 0;
    };
    return {
      resources: count('resources'),
      operations: count('operations'),
      mapped: count('mapped'),
      leftOut: count('leftOut'),
    };
  } catch {
    return undefined;
  }
}

async function countPages(folder: string): Promise<number> {
  const files = await readdir(folder).catch(() => []);
  return files.filter((file) => file.endsWith('.tsx')).length;
}

/** A project beside the temp contract: tsc checks the source's generated code with src/. */
async function writeTypecheckProject(dir: string, name: string): Promise<string> {
  await symlink(path.join(ROOT, 'src'), path.join(dir, 'src'));
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const config = {
    extends: path.join(ROOT, 'tsconfig.base.json'),
    compilerOptions: {
      noEmit: true,
      baseUrl: '.',
      paths: { '@/*': ['src/*'], '@generated/*': ['generated/*'] },
    },
    include: [`generated/sources/${name}/**/*`, `generated/sources/${name}/document.json`],
  };
  const file = path.join(dir, 'tsconfig.json');
  await writeFile(file, JSON.stringify(config, null, 2));
  return file;
}

async function measure(name: string, file: string): Promise<DocumentRow> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `real-documents-${name}-`));
  try {
    const contract = path.join(dir, 'openapi');
    await copyCommitted(dir, ['openapi']);
    const imported = await cli([
      'import-openapi',
      file,
      '--name',
      name,
      '--contract',
      contract,
      '--json',
    ]);
    const row: DocumentRow = { name, import: imported, reasons: new Map() };
    row.summary = importSummary(imported.output);
    const report = await readFile(
      path.join(contract, 'sources', name, 'import-report.txt'),
      'utf8',
    ).catch(() => '');
    row.reasons = leftOutReasons(report);
    if (imported.exitCode !== 0) return row;
    const out = path.join(dir, 'generated');
    row.generate = await cli(['generate', '--contract', contract, '--out', out]);
    row.screens = await countPages(path.join(out, 'sources', name, 'pages'));
    row.reached = await countScreens(contract, out, name);
    if (row.generate.exitCode !== 0) return row;
    const project = await writeTypecheckProject(dir, name);
    row.typecheck = await run(process.execPath, [
      path.join(ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      project,
    ]);
    // After the typecheck whatever it said: the mock and verify read the annotated document.
    row.verify = await verifyAgainstMock(contract, name);
    return row;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const exitText = (step: StepResult | undefined) =>
  step ? `${step.exitCode} (${step.seconds.toFixed(0)} s)` : '–';

function reasonsText(row: DocumentRow): string {
  if (row.reasons.size === 0) return row.summary ? `${row.summary.leftOut}` : '–';
  const parts = [...row.reasons]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${n}× ${reason}`);
  return `${row.summary?.leftOut ?? ''}: ${parts.join('; ')}`;
}

function printTable(rows: DocumentRow[]): void {
  console.log(
    '| document | operations | resources | screens | list/lookup resources reached (≥ 90 %) | left out (reasons) | import | generate | typecheck | verify --writes |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) {
    const cells = [
      row.name,
      row.summary ? `${row.summary.operations}` : '–',
      row.summary ? `${row.summary.resources}` : '–',
      row.screens === undefined ? '–' : `${row.screens}`,
      screensCell(row.reached),
      reasonsText(row).replaceAll('|', '\\|'),
      exitText(row.import),
      exitText(row.generate),
      exitText(row.typecheck),
      verifyCell(row.verify),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
}

/** The list/lookup resources whose page nothing leads to (no menu entry, no parent row). */
function printUnreached(rows: DocumentRow[]): void {
  for (const row of rows) {
    const keys = row.reached?.unreached ?? [];
    if (keys.length === 0) continue;
    console.log(`\n${row.name} — ${keys.length} page(s) no menu entry or parent row leads to:`);
    console.log(`  ${keys.join(', ')}`);
  }
}

/**
 * The first lines of each step that failed, so a reader sees why without running it again —
 * verify's passing and skipped calls left out (hundreds of them come before the failures).
 */
function printFailures(rows: DocumentRow[]): void {
  for (const row of rows) {
    const steps: [string, StepResult | undefined][] = [
      ['import-openapi', row.import],
      ['generate', row.generate],
      ['typecheck', row.typecheck],
      ['verify --writes', row.verify],
    ];
    for (const [label, step] of steps) {
      if (!step || step.exitCode === 0) continue;
      const lines = step.output.trim().split('\n');
      const telling = lines.filter((line) => !/^\s*(ok|skip(ped)?)\b/.test(line));
      console.log(`\n${row.name} — ${label} exited ${step.exitCode} (${lines.length} lines):`);
      for (const line of telling.slice(0, SHOWN_LINES)) console.log(`  ${line.slice(0, 300)}`);
    }
  }
}

const only = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const rows: DocumentRow[] = [];
for (const { name, file } of await documents(only)) {
  console.error(`measuring ${name}…`);
  rows.push(await measure(name, file));
}
printTable(rows);
printUnreached(rows);
printFailures(rows);
const failed = rows.some((row) =>
  [row.import, row.generate, row.typecheck, row.verify].some(
    (step) => !step || step.exitCode !== 0,
  ),
);
process.exitCode = failed ? 1 : 0;
