/**
 * The production build (no mock in the page) that the journeys against a real HTTP backend share
 * — nginx, the contract walk through Prism, large uploads: built once per e2e run, by the first
 * file that asks, into the run's folder (global-setup), while other files wait for it. A run of
 * one file that needs no production build builds none.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { watch } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { isRecord, textOf } from '@/core/guards';
import { shippedBuild } from './shipped-build';

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

/** The folder of the production build (`dist/` of `vite build --mode production`). */
export async function productionBuild(): Promise<string> {
  const folder = path.join(inject('runDir'), 'production');
  const outDir = path.join(folder, 'dist');
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
      delete process.env.API_TARGET;
      await shippedBuild({
        mode: 'production',
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true },
      });
    } catch (failure) {
      error = failure instanceof Error ? failure.message : 'vite build failed';
    }
    await writeFile(path.join(folder, DONE), JSON.stringify({ error }));
  } else {
    await appeared(folder, DONE);
  }
  const outcome: unknown = JSON.parse(await readFile(path.join(folder, DONE), 'utf8'));
  const error = isRecord(outcome) ? textOf(outcome.error) : 'unreadable outcome';
  if (error) throw new Error(`the production build failed: ${error}`);
  return outDir;
}
