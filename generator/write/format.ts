/** Prettier with the repo's config, so generated files look like the rest of the code. */
import path from 'node:path';
import * as prettier from 'prettier';
import type { GeneratedFile } from '../types';

/**
 * Formats every file (parser from the extension) with the config resolved from `rootDir`.
 *
 * @example await formatFiles([{ path: 'routes.ts', content: 'export const a=1' }], process.cwd())
 * // [{ path: 'routes.ts', content: 'export const a = 1;\n' }]
 */
export async function formatFiles(
  files: GeneratedFile[],
  rootDir: string,
): Promise<GeneratedFile[]> {
  const config = (await prettier.resolveConfig(path.join(rootDir, 'generated', 'index.ts'))) ?? {};
  return Promise.all(
    files.map(async (file) => ({
      path: file.path,
      content: await prettier.format(file.content, {
        ...config,
        filepath: path.join(rootDir, 'generated', file.path),
      }),
    })),
  );
}
