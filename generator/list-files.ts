/**
 * Directory listing shared by the render step (orval's output), the write step (generated/) and
 * the cache, and the one test of folder nesting.
 */
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Files or folders under `dir`, as sorted POSIX paths relative to it; [] when it is missing. */
async function listEntries(dir: string, folders: boolean): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isDirectory() === folders)
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/**
 * Every file under `dir`, as sorted POSIX paths relative to it; [] when `dir` does not exist.
 *
 * @example await listFiles('generated') // ['api/adminnotice/adminnotice.msw.ts', …, 'routes.ts']
 */
export function listFiles(dir: string): Promise<string[]> {
  return listEntries(dir, false);
}

/** Every folder under `dir`, likewise. */
export function listFolders(dir: string): Promise<string[]> {
  return listEntries(dir, true);
}

/** Whether `child` is `parent` or inside it. */
export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
