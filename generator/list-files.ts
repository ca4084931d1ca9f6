/**
 * Directory listing shared by the render step (orval's output), the write step (generated/) and
 * the cache, and the one test of folder nesting.
 */
import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';

/**
 * Files or folders under `dir`, as sorted POSIX paths relative to it; [] when it is missing.
 * A walk of one blocking read per folder: it reads each folder whole at one instant, and avoids
 * Node 20's recursive readdir, whose async form has a history of bugs (nodejs/node#48858,
 * #56006) — and a clean-clone CI run once listed a file of orval's output that then could not
 * be opened. Blocking costs nothing here: the callers wait for the listing anyway.
 */
function listEntries(dir: string, folders: boolean): string[] {
  const found: string[] = [];
  const walk = (at: string, prefix: string, entries: Dirent[]) => {
    for (const entry of entries) {
      const relative = `${prefix}${entry.name}`;
      if (!entry.isDirectory()) {
        if (!folders) found.push(relative);
        continue;
      }
      if (folders) found.push(relative);
      const inner = path.join(at, entry.name);
      walk(inner, `${relative}/`, readdirSync(inner, { withFileTypes: true }));
    }
  };
  let top: Dirent[];
  try {
    top = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  walk(dir, '', top);
  return found.sort();
}

/**
 * Every file under `dir`, as sorted POSIX paths relative to it; [] when `dir` does not exist.
 *
 * @example await listFiles('generated') // ['api/adminnotice/adminnotice.msw.ts', …, 'routes.ts']
 */
export function listFiles(dir: string): Promise<string[]> {
  return Promise.resolve().then(() => listEntries(dir, false));
}

/** Every folder under `dir`, likewise. */
export function listFolders(dir: string): Promise<string[]> {
  return Promise.resolve().then(() => listEntries(dir, true));
}

/** Whether `child` is `parent` or inside it. */
export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
