/** Prettier with the repo's config, so generated files look like the rest of the code. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Options } from 'prettier';
import { isJson } from '../json';
import type { GeneratedFile } from '../types';

/**
 * A formatter of the generated TypeScript files with the options of `<rootDir>/.prettierrc.json`
 * (a plain options file: the cache keys prettier's output by its text). Prettier's standalone
 * build with its TypeScript parser is loaded on the first call only — a third of the CPU of its
 * Node entry, which a label edit would otherwise pay for two small files; a run whose files all
 * come from the cache loads nothing.
 *
 * @example await formatter(process.cwd())({ path: 'screens.ts', content: 'export const a=1' })
 * // 'export const a = 1;\n'
 */
export function formatter(rootDir: string): (file: GeneratedFile) => Promise<string> {
  let loaded: Promise<(file: GeneratedFile) => Promise<string>> | undefined;
  const load = async () => {
    const [prettier, typescript, estree, configText] = await Promise.all([
      import('prettier/standalone'),
      import('prettier/plugins/typescript'),
      import('prettier/plugins/estree'),
      readFile(path.join(rootDir, '.prettierrc.json'), 'utf8'),
    ]);
    const parsed: unknown = JSON.parse(configText);
    const config: Options = isJson(parsed) ? parsed : {};
    return (file: GeneratedFile) => {
      if (!/\.tsx?$/.test(file.path))
        throw new Error(`${file.path}: the generator formats TypeScript files only`);
      return prettier.format(file.content, {
        ...config,
        parser: 'typescript',
        // Each plugin module's default export is the plugin (estree's typings declare nothing).
        plugins: [typescript.default, estree.default],
        filepath: path.join(rootDir, 'generated', file.path),
      });
    };
  };
  return async (file) => (await (loaded ??= load()))(file);
}
