/**
 * Write step: compare the generated files with the output directory (one plan for every mode),
 * then write only under it; --dry-run and --check stop at the plan.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OutputError } from '../errors';
import { isJson } from '../json';
import { isInside, listFiles } from '../list-files';
import { shownPath } from '../parse/source-lines';
import type { GeneratedFile, OpenApiDocument } from '../types';
import { hasBanner } from '../banner';

export interface FilePlan {
  created: string[];
  updated: string[];
  unchanged: string[];
  /** Files the generator owns (bannered) that it no longer makes. */
  deleted: string[];
  /** Files without the banner that the generator does not make: never touched, --check fails. */
  stray: string[];
}

export { OutputError } from '../errors';

/**
 * Refuses an output folder that is a file, or that is, holds or sits inside the contract
 * folder (writing there would mix generated files with the contract).
 */
export async function checkOutputDir(outDir: string, contractDir: string): Promise<void> {
  const found = await stat(outDir).catch((error: NodeJS.ErrnoException) => error.code);
  if (found === 'ENOTDIR')
    throw new OutputError(`output folder ${shownPath(outDir)} is inside a file (--out)`);
  if (typeof found === 'object' && !found.isDirectory())
    throw new OutputError(`output folder ${shownPath(outDir)} is a file, not a folder (--out)`);
  if (isInside(outDir, contractDir) || isInside(contractDir, outDir))
    throw new OutputError(
      `output folder ${shownPath(outDir)} overlaps the contract folder ${shownPath(contractDir)} (--out)`,
    );
}

/** Read synchronously, as the cache reads its entries (see readText in ../cache.ts). */
function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new OutputError(`cannot read ${shownPath(file)} (${(error as Error).message})`);
  }
}

/** Plain code-unit order: the report must not depend on a locale. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Compares `files` with what `outDir` holds, byte for byte.
 *
 * @example
 * const plan = await planFiles(files, 'generated');
 * plan.updated; // ['modules/notice.ts']
 */
export async function planFiles(files: GeneratedFile[], outDir: string): Promise<FilePlan> {
  const plan: FilePlan = { created: [], updated: [], unchanged: [], deleted: [], stray: [] };
  const wanted = new Set(files.map((f) => f.path));
  const current = files.map((file) => readIfExists(path.join(outDir, file.path)));
  const existing = await listFiles(outDir).catch((error: Error) => {
    throw new OutputError(`cannot read ${shownPath(outDir)} (${error.message})`);
  });
  files.forEach((file, index) => {
    const content = current[index];
    if (content === undefined) plan.created.push(file.path);
    else if (content === file.content) plan.unchanged.push(file.path);
    else plan.updated.push(file.path);
  });
  for (const file of existing) {
    if (wanted.has(file)) continue;
    const content = readIfExists(path.join(outDir, file));
    if (content === undefined) continue;
    // openapi.json carries its banner as x-generated, which hasBanner also finds.
    (hasBanner(content) ? plan.deleted : plan.stray).push(file);
  }
  for (const list of [plan.created, plan.updated, plan.unchanged, plan.deleted, plan.stray])
    list.sort(byCodeUnits);
  return plan;
}

/** The tags and x-admin modules of a contract: what generated files are made for. */
function groupsOf(document: unknown): Set<string> {
  const groups = new Set<string>();
  const tags = isJson(document) && Array.isArray(document.tags) ? document.tags : [];
  for (const tag of tags) {
    if (!isJson(tag)) continue;
    groups.add(`tag ${String(tag.name)}`);
    const admin = tag['x-admin'];
    if (isJson(admin) && typeof admin.module === 'string') groups.add(`module ${admin.module}`);
  }
  return groups;
}

/**
 * Why deleting `plan.deleted` needs the user's `--prune`, or undefined when it does not.
 * Stale files of modules and tags the contract still has (a file the generator now names
 * differently) go without asking. Files of a module or tag that left the contract — or that
 * can no longer be told apart because generated/openapi.json, the record of the last run, is
 * gone — are only deleted on request: an emptied or lost fragment must not wipe a module.
 *
 * @example
 * pruneReason(plan, 'generated', document);
 * // 'module notice, tag adminnotice are no longer in the contract'
 */
export function pruneReason(
  plan: FilePlan,
  outDir: string,
  document: OpenApiDocument,
): string | undefined {
  if (plan.deleted.length === 0) return undefined;
  const record = path.join(outDir, 'openapi.json');
  const text = readIfExists(record);
  let previous: unknown;
  try {
    previous = text === undefined ? undefined : JSON.parse(text);
  } catch {
    previous = undefined;
  }
  if (!isJson(previous))
    return `${shownPath(record)}, the record of the last run, is missing or unreadable, so nothing shows which modules they served`;
  const now = groupsOf(document);
  const gone = [...groupsOf(previous)].filter((group) => !now.has(group)).sort(byCodeUnits);
  if (gone.length === 0) return undefined;
  return `${gone.join(', ')} ${gone.length === 1 ? 'is' : 'are'} no longer in the contract`;
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
  try {
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
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // File-system refusals (permissions, a file where a folder must go) are the user's to fix.
    if (code === undefined) throw error;
    throw new OutputError(`cannot write ${shownPath(root)} (${(error as Error).message})`);
  }
}
