/**
 * Orval's schemas, one file each (`<api folder>/model/<name>.ts`), each imported from its own
 * file (orval's `indexFiles: false`).
 *
 * Orval otherwise writes every schema to one `api.schemas.ts` (or imports them through the model
 * folder's index). Adding a module to the contract changed that file, and TypeScript's
 * incremental check rechecks every file that imports a changed declaration, directly or through
 * other files: 590 files, nearly the whole app. With each schema in its own file, a new
 * module's schemas are new files that no existing file imports.
 */
import type { GeneratedFile } from '../types';

/** The schema folder of an orval output folder (`api` → `api/model`). */
export const modelFolderOf = (apiFolder: string): string => `${apiFolder}/model`;

/** The names a schema file declares at its top level. */
const DECLARED = /^export (?:type|interface|const|enum|function|class) ([A-Za-z_$][\w$]*)/gm;

/**
 * Each schema name orval declared, with its file's path under `generated/` without the
 * extension (`AdminNotice` → `api/model/adminNotice`).
 */
export function schemaFiles(
  files: readonly GeneratedFile[],
  modelFolder: string,
): Map<string, string> {
  const byName = new Map<string, string>();
  for (const file of files) {
    if (!file.path.startsWith(`${modelFolder}/`) || !file.path.endsWith('.ts')) continue;
    for (const [, name] of file.content.matchAll(DECLARED))
      byName.set(name!, file.path.replace(/\.ts$/, ''));
  }
  return byName;
}
