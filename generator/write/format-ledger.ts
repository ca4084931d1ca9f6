/**
 * The format ledger, generated/format-ledger.json: for each slow step of the last run — orval,
 * openapi-typescript, and prettier on each template-made file — the SHA-256 of its inputs and of
 * the final (bannered, formatted) files it produced. It is committed with the rest of generated/,
 * so a clean clone (CI, a new developer) that has no content cache yet still does not re-run
 * orval and prettier over output that is already on disk: when a step's inputs hash to the key
 * the ledger recorded and generated/ holds exactly the files recorded for it, those files are the
 * step's output. Any other case — a changed contract, template, mutator, step code, tool version
 * or prettier config, or a file edited by hand — misses, and the step runs.
 *
 * The ledger is written by `generate` like the other generated files (deterministic: the same
 * inputs give the same ledger), but `generate --check` does not report a stale one: it only costs
 * time, and it goes stale without any generated code changing (an edit of the mutator or of the
 * step code). Unlike the content cache it is
 * part of the repo, so GENERATE_CACHE=0 (a machine without a cache) still uses it; a
 * from-scratch run (`generate --check --from-scratch`) ignores it but still makes it.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isInside, listFiles } from '../list-files';
import { MUTATOR_PATH } from '../render/render-api';
import { REPO_ROOT } from '../repo-root';
import type { GeneratedFile } from '../types';
import { BANNER_TEXT } from './banner';
import { readText, sha256 } from './content-cache';

export const LEDGER_PATH = 'format-ledger.json';
const LEDGER_VERSION = 1;

/** Tools whose output a ledger entry stands for. */
const TOOLS = ['orval', '@orval/core', 'openapi-typescript', 'prettier'];

/**
 * Code between a step's inputs and its final files, whose change must invalidate every entry:
 * the renderers, the banner, the formatter and the run that puts them together.
 */
const STEP_CODE = [
  'generator/render',
  'generator/write/banner.ts',
  'generator/write/format.ts',
  'generator/generate.ts',
];

/** Step key → output path → SHA-256 of the final file. */
type Steps = Record<string, Record<string, string>>;

/** Everything a step's output depends on besides its own inputs, hashed once per run. */
async function ledgerSalt(rootDir: string): Promise<string> {
  const codeFiles = (
    await Promise.all(
      STEP_CODE.map(async (entry) => {
        const full = path.join(REPO_ROOT, entry);
        if (entry.endsWith('.ts')) return [full];
        return (await listFiles(full)).map((file) => path.join(full, file));
      }),
    )
  ).flat();
  const labelled: [string, string][] = [
    ...codeFiles.map((file): [string, string] => [path.relative(REPO_ROOT, file), file]),
    ...TOOLS.map((tool): [string, string] => [
      `tool/${tool}`,
      path.join(REPO_ROOT, 'node_modules', tool, 'package.json'),
    ]),
    ['root/.prettierrc.json', path.join(rootDir, '.prettierrc.json')],
    ['root/mutator', path.join(rootDir, MUTATOR_PATH)],
  ];
  const contents = await Promise.all(
    labelled.map(async ([label, file]) => {
      const text = await readText(file);
      // A tool counts by its version only: its package.json also lists paths of this machine.
      if (!label.startsWith('tool/')) return text;
      try {
        return String((JSON.parse(text) as { version?: unknown }).version);
      } catch {
        return 'missing';
      }
    }),
  );
  const hash = createHash('sha256').update(`ledger ${LEDGER_VERSION}`);
  labelled.forEach(([label], index) => {
    const text = contents[index]!;
    hash.update(`\0${label}\0${text.length}\0`).update(text);
  });
  return hash.digest('hex');
}

async function readSteps(outDir: string): Promise<Steps> {
  try {
    const parsed = JSON.parse(await readFile(path.join(outDir, LEDGER_PATH), 'utf8')) as {
      version?: unknown;
      steps?: unknown;
    };
    if (parsed.version !== LEDGER_VERSION || typeof parsed.steps !== 'object' || !parsed.steps)
      return {};
    return parsed.steps as Steps;
  } catch {
    return {};
  }
}

export class FormatLedger {
  private readonly noted: Steps = {};

  private constructor(
    private readonly outDir: string,
    private readonly salt: string,
    private readonly recorded: Steps,
    private readonly kept: boolean,
  ) {}

  /**
   * The ledger in `outDir` (empty when missing or damaged). `recall` false: it recalls nothing (a
   * from-scratch run) but still makes the file; `make` false: neither.
   */
  static async open(
    rootDir: string,
    outDir: string,
    { recall = true, make = true }: { recall?: boolean; make?: boolean } = {},
  ): Promise<FormatLedger> {
    const [salt, recorded] = await Promise.all([
      ledgerSalt(rootDir),
      recall && make ? readSteps(outDir) : Promise.resolve({}),
    ]);
    return new FormatLedger(outDir, salt, recorded, make);
  }

  /** The key of a step with these inputs. */
  key(step: string, ...inputs: string[]): string {
    const hash = createHash('sha256').update(this.salt).update(step);
    for (const input of inputs) hash.update(`\0${input.length}\0`).update(input);
    return `${step}:${hash.digest('hex')}`;
  }

  /**
   * The final files recorded for `key`, read from the output folder, when every one is there with
   * exactly the recorded hash; undefined otherwise (the step must run).
   */
  async recall(key: string): Promise<GeneratedFile[] | undefined> {
    const entry = this.recorded[key];
    if (!entry) return undefined;
    const paths = Object.keys(entry);
    // Only plain relative paths inside the output folder: a damaged or hand-made ledger must
    // not make a run read (or write) a file elsewhere.
    const inside = (file: string) =>
      path.posix.normalize(file) === file &&
      !path.isAbsolute(file) &&
      isInside(path.join(this.outDir, file), this.outDir) &&
      path.join(this.outDir, file) !== this.outDir;
    if (paths.length === 0 || !paths.every(inside)) return undefined;
    const contents = await Promise.all(
      paths.map((file) => readFile(path.join(this.outDir, file), 'utf8').catch(() => undefined)),
    );
    const files: GeneratedFile[] = [];
    for (const [index, content] of contents.entries()) {
      if (content === undefined || sha256(content) !== entry[paths[index]!]) return undefined;
      files.push({ path: paths[index]!, content });
    }
    return files;
  }

  /** Records what the step of `key` produced in this run (for the ledger this run writes). */
  note(key: string, files: readonly GeneratedFile[]): void {
    this.noted[key] = Object.fromEntries(files.map((file) => [file.path, sha256(file.content)]));
  }

  /** This run's ledger: the steps it ran or recalled, in a stable order (none when not kept). */
  file(): GeneratedFile | undefined {
    if (!this.kept) return undefined;
    const steps = Object.fromEntries(
      Object.keys(this.noted)
        .sort()
        .map((key) => {
          const files = this.noted[key]!;
          return [
            key,
            Object.fromEntries(
              Object.keys(files)
                .sort()
                .map((p) => [p, files[p]]),
            ),
          ];
        }),
    );
    return {
      path: LEDGER_PATH,
      content: `${JSON.stringify({ 'x-generated': BANNER_TEXT, version: LEDGER_VERSION, steps }, null, 2)}\n`,
    };
  }
}
