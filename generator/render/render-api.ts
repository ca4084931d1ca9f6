/**
 * generated/api/** from orval: react-query hooks, query keys and plain functions through our
 * one mutator. No faker MSW handlers: the project's stateful mock backend is the mock. Orval
 * only writes to disk, so it runs in a temp dir laid out like the repo (generated/api next to
 * src/lib/request) — its relative mutator import is then already right for generated/ — and the
 * files are read back for the in-memory pipeline.
 */
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { listFiles } from '../list-files';
import { modelFolderOf } from './schema-imports';
import type { GeneratedFile, OpenApiDocument } from '../types';

/** The mutator, relative to the repo root. */
export const MUTATOR_PATH = 'src/lib/request/index.ts';

/**
 * What orval reads of the mutator (@orval/core's generateMutator): whether it exports ErrorType
 * and BodyType, and `request`'s declaration up to the parenthesis closing its parameters.
 * `declaration` is undefined when `request` is not so declared.
 */
function readMutator(text: string): { types: string[]; declaration?: string; code: string } {
  const code = text.replaceAll(/\/\/.*|\/\*[\s\S]*?\*\//g, ''); // orval's own comment removal
  const types = ['ErrorType', 'BodyType'].filter(
    (name) => code.includes(`export type ${name}`) || code.includes(`export interface ${name}`),
  );
  const start = code.search(/^export (async )?function request\b/m);
  for (let end = start, depth = 0; start >= 0 && end < code.length; end += 1) {
    depth += code[end] === '(' ? 1 : code[end] === ')' ? -1 : 0;
    if (code[end] === ')' && depth === 0)
      return { types, declaration: code.slice(start, end + 1), code };
  }
  return { types, code };
}

/**
 * The mutator as far as orval's output depends on it; a file whose `request` is not declared as
 * readMutator expects counts whole.
 */
export function mutatorSignature(text: string): string {
  const { types, declaration, code } = readMutator(text);
  return declaration ? `${types.join()} ${declaration}` : code;
}

/**
 * A stand-in for the mutator holding only what orval reads of it: orval bundles the mutator
 * with everything it imports and parses the bundle to count `request`'s parameters — a second
 * of every run for ours, which imports the session and the toasts. Undefined when the mutator
 * is not declared as readMutator expects (orval then reads the real one).
 */
export function mutatorStandIn(text: string): string | undefined {
  const { types, declaration } = readMutator(text);
  if (!declaration) return undefined;
  const typeLines = types.map((name) => `export type ${name}<T> = T;\n`).join('');
  return `${typeLines}${declaration} {}\n`;
}

/** The REST mutator of an imported source's hooks (src/lib/rest-source/mutator.ts). */
export const SOURCE_MUTATOR_PATH = 'src/lib/rest-source/mutator.ts';

/** What builds a source's multipart bodies (see the file: orval's own builder mistypes unions). */
export const SOURCE_FORM_DATA_PATH = 'src/lib/rest-source/form-data.ts';

/**
 * Where orval writes and what it calls: the spec backend's API (generated/api, the envelope
 * mutator), or an imported source's (generated/sources/<name>/api, the REST mutator, every URL
 * under the source's base path).
 */
export interface ApiTarget {
  /** Output folder, relative to generated/: `api` or `sources/<name>/api`. */
  folder: string;
  mutatorPath: string;
  baseUrl?: string;
  /** Builds multipart bodies (exports `formDataOf`); orval's inline builder where absent. */
  formDataPath?: string;
}

export const BACKEND_API: ApiTarget = { folder: 'api', mutatorPath: MUTATOR_PATH };

/** Orval's config: one place for every option, so the choices are reviewable. */
function orvalOptions(workDir: string, target: ApiTarget) {
  return {
    input: { target: path.join(workDir, 'openapi.json') },
    output: {
      target: path.join(workDir, 'generated', target.folder, 'api.ts'),
      ...(target.baseUrl ? { baseUrl: target.baseUrl } : {}),
      mode: 'tags-split' as const,
      // One file per schema, each imported from its own file (see ./schema-imports.ts).
      schemas: path.join(workDir, 'generated', modelFolderOf(target.folder)),
      indexFiles: false,
      client: 'react-query' as const,
      // Formatting is ours (repo prettier config), so orval's must stay off.
      prettier: false,
      clean: false,
      mock: false,
      override: {
        mutator: { path: path.join(workDir, target.mutatorPath), name: 'request' },
        ...(target.formDataPath
          ? { formData: { path: path.join(workDir, target.formDataPath), name: 'formDataOf' } }
          : {}),
        // Types, not interfaces: interfaces are not assignable to Record<string, unknown>,
        // which the generic ModuleDefinition rows are.
        useTypeOverInterfaces: true,
        query: { useQuery: true, useMutation: true, signal: true },
      },
    },
  };
}

/**
 * The silenced runs in flight, stdout's own write while any is (see withoutStdout), and who
 * reads what the runs print meanwhile (renderApi looks for orval's failure line there).
 */
const silenced: {
  runs: number;
  write?: typeof process.stdout.write;
  readers: Set<(text: string) => void>;
} = { runs: 0, readers: new Set() };

/**
 * Runs `task` with stdout swallowed. Orval prints a success banner on every run through a
 * console.log it captured when it loaded, so only the stream itself can silence it; a library
 * call must not print. (Orval reports failures by throwing, which still surfaces.) Runs overlap
 * (the backend's and each source's orval): the first one in swaps the stream's write, the last
 * one out puts it back — each run restoring what it found left the swallowing write in place
 * whenever the runs ended out of order, and everything printed after the run was lost.
 */
export async function withoutStdout<T>(task: () => Promise<T>): Promise<T> {
  if (silenced.runs === 0) {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- kept only to be put back as it was, never called detached
    silenced.write = process.stdout.write;
    process.stdout.write = (chunk: unknown, ...rest: unknown[]) => {
      const text =
        typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString() : '';
      for (const read of silenced.readers) read(text);
      rest.find((arg): arg is () => void => typeof arg === 'function')?.();
      return true;
    };
  }
  silenced.runs += 1;
  try {
    return await task();
  } finally {
    silenced.runs -= 1;
    if (silenced.runs === 0 && silenced.write) process.stdout.write = silenced.write;
  }
}

/**
 * Promise.all that, when a task fails, still waits for the others to end before failing with the
 * first failure (in `tasks`' order). A tool run left going after generate failed outlives it —
 * orval keeps stdout silenced while it runs, so in `watch`, or a test file after it, what was
 * printed next was swallowed.
 *
 * @example const [types, hooks] = await allEnded([renderTypes(bare), renderApi(bare, root, target)]);
 */
export async function allEnded<T extends readonly unknown[] | []>(
  tasks: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  for (const task of await Promise.allSettled(tasks))
    if (task.status === 'rejected') throw task.reason;
  return Promise.all(tasks);
}

/** Orval failed on a document (its own message, e.g. `TypeError: s.charAt is not a function`). */
export class OrvalError extends Error {
  constructor(message: string) {
    super(`orval failed: ${message}`);
    this.name = 'OrvalError';
  }
}

let orvalRuns = 0;

/**
 * Runs orval on the merged contract (silently); an OrvalError when orval reports a failure.
 *
 * @example
 * const files = await renderApi(document, process.cwd());
 * files.map((f) => f.path); // ['api/adminnotice/adminnotice.ts', 'api/model/adminNotice.ts', …]
 */
export async function renderApi(
  document: OpenApiDocument,
  rootDir: string,
  target: ApiTarget = BACKEND_API,
): Promise<GeneratedFile[]> {
  const { generate } = await import('orval');
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'admin-orval-'));
  try {
    await writeFile(path.join(workDir, 'openapi.json'), JSON.stringify(document));
    // Orval reads the mutator to learn its arity, and writes its import relative to the output:
    // the stand-in at the mutator's repo-relative path serves both (else a symlinked src/).
    const standIn = mutatorStandIn(await readFile(path.join(rootDir, target.mutatorPath), 'utf8'));
    if (standIn) {
      await mkdir(path.dirname(path.join(workDir, target.mutatorPath)), { recursive: true });
      await writeFile(path.join(workDir, target.mutatorPath), standIn);
      // The form-data builder is read whole (orval checks its export); it imports only by alias,
      // which orval's bundling leaves out.
      if (target.formDataPath) {
        const copy = path.join(workDir, target.formDataPath);
        await mkdir(path.dirname(copy), { recursive: true });
        await copyFile(path.join(rootDir, target.formDataPath), copy);
      }
    } else await symlink(path.join(rootDir, 'src'), path.join(workDir, 'src'), 'dir');
    // Orval logs a failure ("🛑 <project> - <stack>") instead of throwing it; each run names its
    // project apart, so the line read back is its own even while runs overlap.
    orvalRuns += 1;
    const projectName = `admin-${orvalRuns}`;
    let printed = '';
    // eslint-disable-next-line no-control-regex -- chalk's colour codes around orval's line
    const read = (text: string) => (printed += text.replace(/\u001b\[[0-9;]*m/g, ''));
    silenced.readers.add(read);
    try {
      await withoutStdout(() => generate(orvalOptions(workDir, target), workDir, { projectName }));
    } finally {
      silenced.readers.delete(read);
    }
    const failure = printed.split('\n').find((line) => line.includes(`🛑 ${projectName} - `));
    if (failure !== undefined)
      throw new OrvalError(
        failure.slice(failure.indexOf(`${projectName} - `) + projectName.length + 3),
      );
    const apiDir = path.join(workDir, 'generated', target.folder);
    const written = await listFiles(apiDir).catch(() => []);
    // Where orval's log is not stdout (a test runner's console), its failure still shows as
    // nothing written: a document with paths always gets at least one file.
    if (written.length === 0)
      throw new OrvalError('it wrote no files (its own message is printed when run from the CLI)');
    // Read at once, blocking: ~700 small files take ~30 ms this way, against ~110 ms through
    // fs/promises (see ../cache.ts).
    return written.map((file) => ({
      path: `${target.folder}/${file}`,
      content: readFileSync(path.join(apiDir, file), 'utf8'),
    }));
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
