/** Prettier with the repo's config, so generated files look like the rest of the code. */
import path from 'node:path';
import type { GeneratedFile } from '../types';

/**
 * A formatter of files (parser from the extension) with the config resolved from `rootDir`;
 * prettier is loaded on its first call only, so a run whose files all come from the cache never
 * loads it.
 *
 * @example await formatter(process.cwd())({ path: 'screens.ts', content: 'export const a=1' })
 * // 'export const a = 1;\n'
 */
export function formatter(rootDir: string): (file: GeneratedFile) => Promise<string> {
  let loaded: Promise<(file: GeneratedFile) => Promise<string>> | undefined;
  const load = async () => {
    const prettier = await import('prettier');
    const config =
      (await prettier.resolveConfig(path.join(rootDir, 'generated', 'index.ts'))) ?? {};
    return (file: GeneratedFile) =>
      prettier.format(file.content, {
        ...config,
        filepath: path.join(rootDir, 'generated', file.path),
      });
  };
  return async (file) => (await (loaded ??= load()))(file);
}
