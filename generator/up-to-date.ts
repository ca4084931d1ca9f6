/**
 * The fast answer to "is the output folder what generate would make?", without loading the
 * generator's parsers and renderers (Redocly, orval, openapi-typescript, prettier, ejs).
 *
 * Every full run records, in node_modules/.cache/admin-generator/runs/<key>.json, the SHA-256
 * of every file it produced, under a key that is the SHA-256 of all its inputs: the contract
 * folder, templates/, the generator's own code and src/core, the mutator, the prettier config,
 * the lock file and the installed versions of the tools. When the inputs hash to a recorded key
 * and the output folder holds exactly those files with exactly those hashes, the output is up to
 * date by construction. Anything else — a changed input, an edited, missing or extra output file,
 * no record — is "not known", and the caller runs the full generate, which finds and reports the
 * difference.
 * GENERATE_CACHE=0 turns the record off, like the content cache.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GenerateOptions } from './generate';
import { isInside, listFiles, listFolders } from './list-files';
import { MUTATOR_PATH } from './render/render-api';
import { REPO_ROOT } from './repo-root';
import type { GenerateReport, GeneratedFile } from './types';
import { cacheDir, cacheEnabled, sha256 } from './write/content-cache';

const RECORD_VERSION = 1;
/** Runs remembered: the real contract and its recent edits outlive a test suite's fixture runs. */
const KEPT_RUNS = 64;

/** Tools whose output (or verdict) is part of the generated files. */
const TOOLS = ['orval', 'openapi-typescript', 'prettier', '@redocly/openapi-core', 'ejs', 'yaml'];

/** What a full run produced from one set of inputs. */
interface RecordedRun {
  version: typeof RECORD_VERSION;
  /** Output path → SHA-256 of its content. */
  files: Record<string, string>;
  modules: string[];
  operations: number;
  lint: GenerateReport['lint'];
}

async function readOrUndefined(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/**
 * Every entry under `dir`, labelled `<label>/<relative path>` (folders with a trailing slash);
 * none for a missing folder. Folders count too: a folder where a fragment is expected (e.g.
 * `paths/x.yaml/`) is a contract error the full run must report, not an unchanged input.
 */
async function folderInputs(label: string, dir: string): Promise<[string, string][]> {
  const [files, folders] = await Promise.all([listFiles(dir), listFolders(dir)]);
  return [
    ...files.map((file): [string, string] => [`${label}/${file}`, path.join(dir, file)]),
    ...folders.map((folder): [string, string] => [`${label}/${folder}/`, path.join(dir, folder)]),
  ];
}

/**
 * The SHA-256 of everything the output depends on. Whole folders are hashed (not only the files
 * a run reads), so a key can only be too strict — a stray note in openapi/ costs one full run —
 * never too lax.
 */
export async function inputsKey(rootDir: string, contractDir: string): Promise<string> {
  const folders = await Promise.all([
    folderInputs('contract', contractDir),
    folderInputs('templates', path.join(rootDir, 'templates')),
    folderInputs('generator', path.join(REPO_ROOT, 'generator')),
    folderInputs('core', path.join(REPO_ROOT, 'src', 'core')),
  ]);
  const single: [string, string][] = [
    MUTATOR_PATH,
    'package.json',
    'package-lock.json',
    '.prettierrc.json',
  ].map((file) => [`root/${file}`, path.join(rootDir, file)]);
  const tools: [string, string][] = TOOLS.map((name) => [
    `tool/${name}`,
    path.join(REPO_ROOT, 'node_modules', name, 'package.json'),
  ]);
  const inputs = [...folders.flat(), ...single, ...tools];
  const contents = await Promise.all(inputs.map(([, file]) => readOrUndefined(file)));
  const hash = createHash('sha256').update(`inputs ${RECORD_VERSION}`);
  inputs.forEach(([label], index) => {
    const content = contents[index];
    hash.update(`\0${label}\0${content === undefined ? 'missing' : content.length}\0`);
    if (content !== undefined) hash.update(content);
  });
  return hash.digest('hex');
}

function runsDir(rootDir: string): string {
  return path.join(cacheDir(rootDir), 'runs');
}

/** The record of `key`, or undefined (none, or a damaged one: nothing is known). */
async function readRun(rootDir: string, key: string): Promise<RecordedRun | undefined> {
  try {
    const file = path.join(runsDir(rootDir), `${key}.json`);
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { version?: unknown };
    if (parsed.version !== RECORD_VERSION) return undefined;
    // Touched on use, so the records still in use are the last to go (see recordRun).
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined);
    // Written only by recordRun below: the version is the one check its shape needs.
    return parsed as RecordedRun;
  } catch {
    return undefined;
  }
}

/**
 * Remembers what the inputs hashing to `key` produce: one file per key, replaced atomically, so
 * runs recording at the same time (parallel tests) never lose each other's record. Only the
 * KEPT_RUNS most recently used records are kept.
 */
export async function recordRun(
  rootDir: string,
  key: string,
  files: GeneratedFile[],
  report: Pick<GenerateReport, 'modules' | 'operations' | 'lint'>,
): Promise<void> {
  const run: RecordedRun = {
    version: RECORD_VERSION,
    files: Object.fromEntries(files.map((file) => [file.path, sha256(file.content)])),
    modules: report.modules,
    operations: report.operations,
    lint: report.lint,
  };
  const dir = runsDir(rootDir);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${key}.json`);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(run));
  await rename(temporary, file);
  const records = (await readdir(dir)).filter((name) => name.endsWith('.json'));
  if (records.length <= KEPT_RUNS) return;
  const used = await Promise.all(
    records.map(async (name) => ({
      name,
      at: (await stat(path.join(dir, name)).catch(() => undefined))?.mtimeMs ?? 0,
    })),
  );
  used.sort((a, b) => b.at - a.at);
  await Promise.all(
    used.slice(KEPT_RUNS).map(({ name }) => rm(path.join(dir, name), { force: true })),
  );
}

/**
 * The report of a run that would change nothing, when the record proves it; undefined when it
 * does not (then run `generate`, which also refuses a bad output folder and names every file
 * that differs).
 *
 * @example
 * const report = await upToDate({ mode: 'check' });
 * if (!report) await generate({ mode: 'check' });
 */
export async function upToDate(options: GenerateOptions = {}): Promise<GenerateReport | undefined> {
  if (!cacheEnabled()) return undefined;
  const started = performance.now();
  const rootDir = options.rootDir ?? REPO_ROOT;
  const contractDir = path.resolve(options.contractDir ?? path.join(rootDir, 'openapi'));
  const outDir = path.resolve(options.outDir ?? path.join(rootDir, 'generated'));
  if (isInside(outDir, contractDir) || isInside(contractDir, outDir)) return undefined;
  const [run, present] = await Promise.all([
    inputsKey(rootDir, contractDir).then((key) => readRun(rootDir, key)),
    listFiles(outDir).catch(() => undefined),
  ]);
  if (!run || !present) return undefined;
  const expected = Object.keys(run.files).sort();
  if (present.length !== expected.length || present.some((file, i) => file !== expected[i]))
    return undefined;
  const contents = await Promise.all(
    expected.map((file) => readOrUndefined(path.join(outDir, file))),
  );
  const same = contents.every(
    (content, i) => content !== undefined && sha256(content) === run.files[expected[i]!],
  );
  if (!same) return undefined;
  const durationMs = Math.round(performance.now() - started);
  return {
    created: [],
    updated: [],
    deleted: [],
    unchanged: expected,
    modules: run.modules,
    operations: run.operations,
    lint: run.lint,
    durationMs,
    stages: { 'up-to-date': durationMs },
  };
}
