/**
 * The generator's one cache, node_modules/.cache/admin-generator/ (never committed: a clean clone
 * starts empty and runs every step). Each entry is named by a SHA-256 of all it depends on — READS
 * is the one list of that — so a hit is byte for byte what running would give:
 * - a step's files: orval's and openapi-typescript's (unformatted) for a contract, prettier's for
 *   one file; the lint's problems for a contract;
 * - a run record: the SHA-256 of every file a full run made from the inputs on disk, so
 *   `generate --check` with unchanged inputs and output answers without loading the generator.
 * A missing, damaged or evicted entry is a miss; `--from-scratch` reads none (and replaces them).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isJson, type Json } from './json';
import { isInside, listFiles, listFolders } from './list-files';
import { MUTATOR_PATH, mutatorSignature } from './render/render-api';
import { REPO_ROOT } from './repo-root';
import type { GeneratedFile, GenerateReport } from './types';

/** The entries' format: a new one starts a new folder, and the older folders are dropped. */
const FORMAT = 'v1';
/** Past this many entries only those of the current run stay (tests' fixtures add up). */
const KEPT_ENTRIES = 4000;

/**
 * What each step reads besides its arguments (orval's, openapi-typescript's and the lint's: the
 * contract without the extensions they ignore, render/contract-for-tools.ts; prettier's: a
 * file's path and text). A word that
 * is not a file input of keysNow is a tool, counted by the versions package-lock.json gives it
 * and every package it needs. The generator's own code is in every key: a key may be too strict
 * (an edit of the generator reruns the steps once), never too lax.
 */
const READS = {
  orval: 'generator mutator-signature orval',
  'openapi-typescript': 'generator openapi-typescript',
  prettier: 'generator prettier-config prettier',
  /** Redocly's lint of that same contract (its rules never read an extension). */
  lint: 'generator @redocly/openapi-core',
  /** A full run: what its steps read, the contract as on disk, the templates, src/core, the rest. */
  run:
    'generator mutator-signature prettier-config orval openapi-typescript prettier ' +
    'contract templates core @redocly/openapi-core ejs yaml',
};

export type Step = Exclude<keyof typeof READS, 'run'>;
type Summary = Pick<GenerateReport, 'modules' | 'operations' | 'lint'>;
type RunRecord = Summary & { files: Record<string, string> };
type Places = { rootDir: string; contractDir: string };

/** The generator's one hash: SHA-256 of length-prefixed parts, so two lists never collide. */
export function hashOf(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${Buffer.byteLength(part)}\0`).update(part);
  return hash.digest('hex');
}

/** `<folder>@version` of a tool and every package it needs (peers too), from the lock. */
function toolVersions(lock: Json, tool: string): string {
  const packages = isJson(lock.packages) ? lock.packages : {};
  const seen = new Map<string, unknown>();
  const visit = (at: string) => {
    const entry = packages[at];
    seen.set(at, isJson(entry) ? entry.version : 'missing');
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies']) {
      const needs = isJson(entry) ? entry[field] : undefined;
      for (const name of isJson(needs) ? Object.keys(needs) : []) {
        // Node's lookup: node_modules/<name> in the package's folder, then in each one above.
        let dir = at;
        while (dir && !(`${dir}/node_modules/${name}` in packages))
          dir = dir.slice(0, Math.max(dir.lastIndexOf('/node_modules/'), 0));
        const found = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
        if (found in packages && !seen.has(found)) visit(found);
      }
    }
  };
  visit(`node_modules/${tool}`);
  return [...seen]
    .map(([at, version]) => `${at}@${String(version)}`)
    .sort()
    .join('\n');
}

/**
 * A file's text, '\0missing' when it cannot be read. Read synchronously: a run reads an entry
 * for each of its ~870 files, and the promise API's four thread-pool round trips per file took
 * 4× as long as one blocking read of a small file.
 */
function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '\0missing';
  }
}

/** Every file (path and bytes) and folder under `dir`: a folder where a file belongs counts. */
async function folderHash(dir: string): Promise<string> {
  const [files, folders] = await Promise.all([listFiles(dir), listFolders(dir)]);
  const contents = files.map((file) => readText(path.join(dir, file)));
  return hashOf(folders.join('\0'), ...files.flatMap((file, i) => [file, contents[i]!]));
}

/** The key of each step and of the run: READS over the files on disk now. */
async function keysNow(at: Places): Promise<(of: keyof typeof READS) => string> {
  const inputs = new Map<string, string>();
  const reading = Object.entries({
    contract: folderHash(at.contractDir),
    templates: folderHash(path.join(at.rootDir, 'templates')),
    generator: folderHash(path.join(REPO_ROOT, 'generator')),
    core: folderHash(path.join(REPO_ROOT, 'src', 'core')),
    'mutator-signature': mutatorSignature(readText(path.join(at.rootDir, MUTATOR_PATH))),
    'prettier-config': readText(path.join(at.rootDir, '.prettierrc.json')),
  });
  await Promise.all(reading.map(async ([input, hash]) => inputs.set(input, await hash)));
  const lock = decode(readText(path.join(REPO_ROOT, 'package-lock.json')), isJson) ?? {};
  return (of) =>
    hashOf(
      FORMAT,
      of,
      ...READS[of].split(' ').map((input) => inputs.get(input) ?? toolVersions(lock, input)),
    );
}

const folderOf = (rootDir: string) =>
  path.join(rootDir, 'node_modules', '.cache', 'admin-generator', FORMAT);

/** The JSON of a cache entry when `is` accepts it; a missing or damaged one is undefined. */
function decode<T>(text: string | undefined, is: (value: unknown) => value is T): T | undefined {
  try {
    const value: unknown = text === undefined ? undefined : JSON.parse(text);
    return is(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const isFiles = (value: unknown): value is GeneratedFile[] =>
  Array.isArray(value) &&
  value.every(
    (file) => isJson(file) && typeof file.path === 'string' && typeof file.content === 'string',
  );

const isRecord = (value: unknown): value is RunRecord =>
  isJson(value) &&
  isJson(value.files) &&
  Object.values(value.files).every((hash) => typeof hash === 'string') &&
  Array.isArray(value.modules) &&
  value.modules.every((module) => typeof module === 'string') &&
  typeof value.operations === 'number' &&
  isJson(value.lint) &&
  typeof value.lint.errors === 'number' &&
  typeof value.lint.warnings === 'number';

export class GeneratorCache {
  /** Entries this run used (eviction keeps them) and made (finish writes them). */
  private readonly used = new Set<string>();
  private readonly made = new Map<string, string>();

  private constructor(
    private readonly at: Places,
    private readonly keyOf: (of: keyof typeof READS) => string,
    private readonly fromScratch: boolean,
  ) {}

  static async open(at: Places, fromScratch = false): Promise<GeneratorCache> {
    return new GeneratorCache(at, await keysNow(at), fromScratch);
  }

  /** What `step` made of `args` (`is` tells a sound entry), or `make`'s. */
  async entry<T>(
    step: Step,
    args: string[],
    make: () => Promise<T>,
    is: (value: unknown) => value is T,
  ): Promise<T> {
    const name = `${step}-${hashOf(this.keyOf(step), ...args)}`;
    this.used.add(name);
    const recalled = this.fromScratch ? undefined : readEntry(this.at.rootDir, name, is);
    if (recalled) return recalled;
    const made = await make();
    this.made.set(name, JSON.stringify(made));
    return made;
  }

  /** The files `step` made of `args`, or `make`'s. */
  files(step: Step, args: string[], make: () => Promise<GeneratedFile[]>) {
    return this.entry(step, args, make, isFiles);
  }

  /**
   * Keeps what this run made and its record, unless an input changed while it ran (a fragment
   * saved meanwhile). A cache that cannot be written only costs time.
   */
  async finish(files: readonly GeneratedFile[], summary: Summary): Promise<void> {
    const keyOf = await keysNow(this.at).catch(() => undefined);
    const run = `run-${this.keyOf('run')}`;
    if (keyOf?.('run') !== this.keyOf('run')) return;
    const hashes = Object.fromEntries(files.map((file) => [file.path, hashOf(file.content)]));
    this.made.set(run, JSON.stringify({ files: hashes, ...summary } satisfies RunRecord));
    this.used.add(run);
    const dir = folderOf(this.at.rootDir);
    try {
      if (await mkdir(dir, { recursive: true }))
        for (const old of await readdir(path.dirname(dir)))
          if (old !== FORMAT) await rm(path.join(dir, '..', old), { recursive: true, force: true });
      // Renamed into place, so a parallel run never reads half an entry.
      const write = async ([name, text]: [string, string]) => {
        await writeFile(path.join(dir, `${name}.${process.pid}.tmp`), text);
        await rename(path.join(dir, `${name}.${process.pid}.tmp`), path.join(dir, name));
      };
      await Promise.all([...this.made].map(write));
      const names = await readdir(dir);
      const unused = names.filter((name) => !this.used.has(name));
      if (names.length > KEPT_ENTRIES)
        await Promise.all(unused.map((name) => rm(path.join(dir, name), { force: true })));
    } catch {
      // A read-only node_modules, a full disk: the next run makes the entries again.
    }
  }
}

function readEntry<T>(rootDir: string, name: string, is: (value: unknown) => value is T) {
  const text = readText(path.join(folderOf(rootDir), name));
  return decode(text === '\0missing' ? undefined : text, is);
}

/**
 * The report of a run that would change nothing, when a run record proves it — the inputs hash
 * to a recorded key and the output folder holds exactly the recorded files — else undefined: run
 * `generate`, which refuses a bad output folder and names every differing file.
 *
 * @example
 * const report = await upToDate({ contractDir: 'openapi', outDir: 'generated' });
 * if (!report) await generate({ mode: 'check' });
 */
export async function upToDate(options: {
  rootDir?: string;
  contractDir: string;
  outDir: string;
}): Promise<GenerateReport | undefined> {
  const started = performance.now();
  const rootDir = options.rootDir ?? REPO_ROOT;
  const [contractDir, outDir] = [path.resolve(options.contractDir), path.resolve(options.outDir)];
  if (isInside(outDir, contractDir) || isInside(contractDir, outDir)) return undefined;
  const [record, present] = await Promise.all([
    keysNow({ rootDir, contractDir }).then((keyOf) =>
      readEntry(rootDir, `run-${keyOf('run')}`, isRecord),
    ),
    listFiles(outDir).catch(() => undefined),
  ]);
  const expected = Object.keys(record?.files ?? {}).sort();
  if (!record || present?.join('\0') !== expected.join('\0')) return undefined;
  const contents = expected.map((file) => readText(path.join(outDir, file)));
  if (contents.some((content, i) => hashOf(content) !== record.files[expected[i]!]))
    return undefined;
  const { files: _hashes, ...summary } = record;
  const durationMs = Math.round(performance.now() - started);
  const stages = { 'up-to-date': durationMs };
  return {
    created: [],
    updated: [],
    deleted: [],
    unchanged: expected,
    ...summary,
    durationMs,
    stages,
  };
}
