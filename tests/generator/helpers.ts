/**
 * Shared helpers of the generator tests: run the CLI as a user would, and type-check a
 * generated/ directory inside a throwaway project laid out like the repo.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, watch } from 'node:fs';
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tempDir } from '../temp-dirs';
import { listFiles } from '../../generator/list-files';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FIXTURES = path.join(REPO, 'tests/fixtures');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * node's arguments that run a TypeScript file through tsx's loader: what the `tsx` command
 * starts, without its launcher process in front (a quarter of a second less per run). The
 * file's exit code, stdout and stderr are its own.
 */
export const TSX_NODE_ARGS = [
  '--import',
  pathToFileURL(path.join(REPO, 'node_modules/tsx/dist/loader.mjs')).href,
];

/** The CLI's source entry. */
export const CLI_SOURCE = path.join(REPO, 'cli/index.ts');

/**
 * node's arguments that run the CLI as `npm run cli` does, before the CLI's own: through its
 * launcher (cli/run.mjs), which runs one bundle of the CLI's source, made again whenever a file
 * of it changed — what users run, and ~0.3 s less per run than every module through tsx's loader
 * (the tests start the CLI ~115 times).
 */
export const CLI_NODE_ARGS = [path.join(REPO, 'cli/run.mjs')];

/** Runs the CLI in `cwd` (a temp copy of a fixture, usually), as `npm run cli` does. */
export function runCli(args: string[], cwd: string): CliResult {
  const result = spawnSync(process.execPath, [...CLI_NODE_ARGS, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export { tempDir };

/** Copies a fixture's contract to `<temp>/openapi` and returns the temp dir. */
export async function copyFixture(name: string): Promise<string> {
  const dir = await tempDir(name);
  await cp(path.join(FIXTURES, name, 'openapi'), path.join(dir, 'openapi'), { recursive: true });
  return dir;
}

/**
 * tsc's incremental states of the type-checks below (never committed: a clean clone starts
 * cold). tsc keys each file by a hash of its text and rechecks a file when it or the signature
 * of anything it imports changed, so a warm state gives the errors a cold run gives; what it
 * saves is checking src/ and the unchanged generated files again. A check starts from the state
 * of the last check of the same files (the same test, run again), else from the latest check's
 * (src/ is the same), and leaves its state as both. Per repo folder: a state's paths are
 * relative to the (same-depth) temp project.
 */
const typecheckStates = (files: readonly string[]) => {
  const name = (...parts: readonly string[]) =>
    path.join(
      REPO,
      'node_modules/.cache/admin-typecheck',
      `${createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 16)}.tsbuildinfo`,
    );
  return { own: name(REPO, ...files), latest: name(REPO) };
};

/**
 * src/'s declarations, where `npm run typecheck` (tsc -b, the app project) leaves them. A check
 * of generated code sees src/ through them: tsc then checks the generated files alone instead of
 * every src/ file they import as well (what made each check ~20 CPU-seconds), against the same
 * types. Errors inside src/ were never a generated check's to report.
 */
const SRC_DECLARATIONS = path.join(REPO, 'node_modules/.cache/tsc/app/src');
const DECLARATIONS_LOCK = path.join(REPO, 'node_modules/.cache/tsc/app.lock');
/** A lock older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 300_000;

let declarationsReady: Promise<void> | undefined;

/**
 * Resolves when the lock dir is gone: its holder finished (a watch on the folder that holds it,
 * checked once more after the watch is set), or it is older than STALE_LOCK_MS (removed here).
 */
async function lockReleased(): Promise<void> {
  const age = await stat(DECLARATIONS_LOCK).then(
    (lock) => Date.now() - lock.mtimeMs,
    () => undefined,
  );
  if (age === undefined) return;
  await new Promise<void>((resolve) => {
    const release = () => {
      watcher.close();
      clearTimeout(stale);
      resolve();
    };
    const watcher = watch(path.dirname(DECLARATIONS_LOCK), () => {
      if (!existsSync(DECLARATIONS_LOCK)) release();
    });
    const stale = setTimeout(
      () => {
        rmSync(DECLARATIONS_LOCK, { recursive: true, force: true });
        release();
      },
      Math.max(0, STALE_LOCK_MS - age),
    );
    if (!existsSync(DECLARATIONS_LOCK)) release();
  });
}

/**
 * Brings src/'s declarations up to date (tsc -b: a few hundred milliseconds when they are), once
 * per test process. The test files of a run share them: one process builds at a time, under a
 * lock dir; the others wait for it to go and then find them up to date.
 */
function srcDeclarations(): Promise<void> {
  declarationsReady ??= (async () => {
    await mkdir(path.dirname(DECLARATIONS_LOCK), { recursive: true });
    for (;;) {
      try {
        await mkdir(DECLARATIONS_LOCK);
        break;
      } catch {
        await lockReleased();
      }
    }
    try {
      const result = spawnSync(
        process.execPath,
        [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.app.json'],
        { cwd: REPO, encoding: 'utf8', timeout: 180_000 },
      );
      if (result.status !== 0)
        throw new Error(`tsc -b tsconfig.app.json failed:\n${result.stdout}${result.stderr}`);
    } finally {
      await rm(DECLARATIONS_LOCK, { recursive: true, force: true });
    }
  })();
  return declarationsReady;
}

/**
 * Type-checks `generatedDir` under the repo's strict compiler options, in a temp project
 * where it sits at generated/ next to src/ (its declarations, symlinked) and node_modules/
 * (symlinked) — the only layout the generated imports are meant for. Returns tsc's error lines
 * in the generated files: src/ is checked by the root `npm run typecheck`, and a fixture's
 * generated/ lacks the real contract's tags that src/ imports. `include` narrows the check to
 * some files (and what they import), as paths in the project: `generated/modules/notice.ts`.
 * tsc starts from a kept state (typecheckStates) and leaves its own, renamed into place: a
 * parallel check reads the old state or the new one, whole.
 */
export async function typecheckGenerated(
  generatedDir: string,
  include: readonly string[] = ['generated'],
): Promise<string[]> {
  await srcDeclarations();
  const project = await tempDir('typecheck');
  const state = path.join(project, 'tsconfig.tsbuildinfo');
  await cp(generatedDir, path.join(project, 'generated'), { recursive: true });
  await symlink(SRC_DECLARATIONS, path.join(project, 'src'), 'dir');
  await symlink(path.join(REPO, 'node_modules'), path.join(project, 'node_modules'), 'dir');
  const kept = typecheckStates([...include, '\0', ...(await listFiles(generatedDir))]);
  await cp(kept.own, state)
    .catch(() => cp(kept.latest, state))
    .catch(() => undefined);
  const root = JSON.parse(await readFile(path.join(REPO, 'tsconfig.base.json'), 'utf8')) as {
    compilerOptions: Record<string, unknown>;
  };
  await writeFile(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        ...root.compilerOptions,
        noEmit: true,
        incremental: true,
        tsBuildInfoFile: 'tsconfig.tsbuildinfo',
        types: ['node', 'vite/client'],
      },
      include,
    }),
  );
  const result = spawnSync(
    process.execPath,
    [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-p', '.', '--pretty', 'false'],
    { cwd: project, encoding: 'utf8', timeout: 180_000 },
  );
  if (result.status === null) throw new Error(`tsc did not finish: ${String(result.error)}`);
  await mkdir(path.dirname(kept.latest), { recursive: true });
  for (const keep of [kept.own, kept.latest])
    await cp(state, `${keep}.${process.pid}`)
      .then(() => rename(`${keep}.${process.pid}`, keep))
      .catch(() => undefined);
  // With cwd at the project, tsc names files relative to it: src/…, generated/modules/….
  return result.stdout
    .split('\n')
    .filter((line) => line.includes('error TS') && !line.startsWith('src/'));
}
