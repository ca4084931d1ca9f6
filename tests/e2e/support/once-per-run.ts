/**
 * A build the files of one e2e run share (the real documents' demo, the production build):
 * made by the first file that asks, in a folder of the
 * run's (global-setup), while the other files wait for it. A run of files that need none makes
 * none.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { watch } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { isRecord, textOf } from '@/core/guards';

const DONE = 'build-done.json';

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Resolves when `file` appears in `folder` (a watch, checked once more after it is set up). */
function appeared(folder: string, file: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(folder, () => {
      void exists(path.join(folder, file)).then((found) => {
        if (!found) return;
        watcher.close();
        resolve();
      });
    });
    void exists(path.join(folder, file)).then((found) => {
      if (!found) return;
      watcher.close();
      resolve();
    });
  });
}

/**
 * The run's folder `name`, once `make` has filled it: called by the first file that asks, awaited
 * by the others. Throws (in every file) with `make`'s error when it failed.
 */
export async function oncePerRun(
  name: string,
  make: (folder: string) => Promise<void>,
): Promise<string> {
  const folder = path.join(inject('runDir'), name);
  let builder = true;
  try {
    // mkdir without `recursive` fails when the folder exists: one file of the run builds.
    await mkdir(folder);
  } catch {
    builder = false;
  }
  if (builder) {
    let error = '';
    try {
      await make(folder);
    } catch (failure) {
      error = failure instanceof Error ? failure.message : `${name} failed`;
    }
    await writeFile(path.join(folder, DONE), JSON.stringify({ error }));
  } else {
    await appeared(folder, DONE);
  }
  const outcome: unknown = JSON.parse(await readFile(path.join(folder, DONE), 'utf8'));
  const error = isRecord(outcome) ? textOf(outcome.error) : 'unreadable outcome';
  if (error) throw new Error(`${name} was not made: ${error}`);
  return folder;
}
