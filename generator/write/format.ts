/** Prettier with the repo's config, so generated files look like the rest of the code. */
import path from 'node:path';
import type { GeneratedFile } from '../types';
import type { ContentCache } from './content-cache';

/**
 * Formats every file (parser from the extension) with the config resolved from `rootDir`.
 * With a cache, a file whose unformatted text was formatted before is not formatted again;
 * prettier is loaded only when some file needs it.
 *
 * @example await formatFiles([{ path: 'screens.ts', content: 'export const a=1' }], process.cwd())
 * // [{ path: 'screens.ts', content: 'export const a = 1;\n' }]
 */
export async function formatFiles(
  files: GeneratedFile[],
  rootDir: string,
  cache?: ContentCache,
): Promise<GeneratedFile[]> {
  let formatter: Promise<(file: GeneratedFile) => Promise<string>> | undefined;
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
  const format = async (file: GeneratedFile) => (await (formatter ??= load()))(file);
  return Promise.all(
    files.map(async (file) => ({
      path: file.path,
      content: cache
        ? await cache.through(cache.key('prettier', file.path, file.content), () => format(file))
        : await format(file),
    })),
  );
}
