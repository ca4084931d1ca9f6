/**
 * The unit tests' temp dirs: made in the system's temp folder, removed when the test file that
 * made them is done (tests/setup-tests.ts), and checked for at the end of the run
 * (tests/unit-global-setup.ts).
 *
 * The removal is a hook of the setup file, not of this module: Vitest runs a setup file again
 * before every test file, while a module shared by the files of a worker (isolate: false) is
 * loaded once, and a hook it registered on load belonged to the first file only: the other
 * files' dirs were left behind (86 dirs, 32 MB a unit run).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The dirs made since the last removal: the running file's (a worker runs one file at a time). */
const made: string[] = [];

/** What every temp dir of the run `run` starts with. */
export function tempDirStem(run: string | undefined = process.env.ADMIN_TEST_RUN): string {
  return run === undefined ? 'admin-' : `admin-${run}-`;
}

/** A new empty dir in the system's temp folder, removed when the test file is done. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${tempDirStem()}${prefix}-`));
  made.push(dir);
  return dir;
}

/** Removes the dirs made since the last call. */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}
