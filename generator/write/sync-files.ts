/**
 * Write step: compare the generated files with the output directory (one plan for every mode),
 * then write only under it; --dry-run and --check stop at the plan.
 */
import { mkdir, readFile, readdir, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listFiles } from '../list-files';
import type { GeneratedFile } from '../types';
import { hasBanner } from './banner';

export interface FilePlan {
  created: string[];
  updated: string[];
  unchanged: string[];
  /** Files the generator owns (bannered) that it no longer makes. */
  deleted: string[];
}

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Compares `files` with what `outDir` holds, byte for byte.
 *
 * @example
 * const plan = await planFiles(files, 'generated');
 * plan.updated; // ['modules/notice.ts']
 */
export async function planFiles(files: GeneratedFile[], outDir: string): Promise<FilePlan> {
  const plan: FilePlan = { created: [], updated: [], unchanged: [], deleted: [] };
  const wanted = new Set(files.map((f) => f.path));
  const [current, existing] = await Promise.all([
    Promise.all(files.map((file) => readIfExists(path.join(outDir, file.path)))),
    listFiles(outDir),
  ]);
  files.forEach((file, index) => {
    const content = current[index];
    if (content === undefined) plan.created.push(file.path);
    else if (content === file.content) plan.unchanged.push(file.path);
    else plan.updated.push(file.path);
  });
  for (const file of existing) {
    if (wanted.has(file)) continue;
    const content = await readIfExists(path.join(outDir, file));
    // openapi.json carries its banner as x-generated, which hasBanner also finds.
    if (content !== undefined && hasBanner(content)) plan.deleted.push(file);
  }
  for (const list of Object.values(plan)) list.sort();
  return plan;
}

async function removeEmptyDirs(dir: string, root: string): Promise<void> {
  let current = dir;
  while (current.startsWith(root) && current !== root) {
    const entries = await readdir(current).catch(() => ['?']);
    if (entries.length > 0) return;
    await rmdir(current);
    current = path.dirname(current);
  }
}

/** Applies a plan: writes created/updated files and deletes stale generator-owned ones. */
export async function applyPlan(
  files: GeneratedFile[],
  plan: FilePlan,
  outDir: string,
): Promise<void> {
  const root = path.resolve(outDir);
  const toWrite = new Set([...plan.created, ...plan.updated]);
  for (const file of files) {
    if (!toWrite.has(file.path)) continue;
    const target = path.resolve(root, file.path);
    // Defence in depth: a path can never escape the output directory.
    if (!target.startsWith(root + path.sep))
      throw new Error(`refusing to write outside ${root}: ${file.path}`);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.content);
  }
  for (const stale of plan.deleted) {
    const target = path.resolve(root, stale);
    await rm(target, { force: true });
    await removeEmptyDirs(path.dirname(target), root);
  }
}
