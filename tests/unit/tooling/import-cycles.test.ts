// @vitest-environment node
/**
 * The import-cycle check (scripts/import-cycles.ts, part of `npm run lint`) on small planted
 * projects: it names a cycle through an alias, a re-export and a lazy import(), and lets pass
 * what loads nothing back at run time (type-only imports, packages).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findImportCycles, repositoryScope } from '../../../scripts/import-cycles';
import { tempDir } from '../../generator/helpers';

async function project(files: Record<string, string>): Promise<string> {
  const root = await tempDir('cycles');
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  return root;
}

const cyclesIn = async (files: Record<string, string>) =>
  findImportCycles(repositoryScope(await project(files)));

describe('import cycles', () => {
  it('names a cycle through the @/ alias, an index file and a re-export', async () => {
    expect(
      await cyclesIn({
        'src/core/a.ts': "import { b } from '@/lib/b';\nexport const a = () => b;\n",
        'src/lib/b/index.ts': "export { c as b } from './c';\n",
        'src/lib/b/c.tsx': "import { a } from '../../core/a';\nexport const c = a;\n",
        'src/lib/free.ts': "import { a } from '@/core/a';\nexport const free = a;\n",
      }),
    ).toEqual([['src/core/a.ts', 'src/lib/b/index.ts', 'src/lib/b/c.tsx', 'src/core/a.ts']]);
  });

  it('counts a lazy import() back to the module that imported the lazy one', async () => {
    expect(
      await cyclesIn({
        'src/app/screens.ts': "export const load = () => import('@/features/page');\n",
        'src/features/page.tsx': "import { load } from '@/app/screens';\nexport default load;\n",
      }),
    ).toEqual([['src/app/screens.ts', 'src/features/page.tsx', 'src/app/screens.ts']]);
  });

  it('finds a cycle between the CLI and the generator written with .js suffixes', async () => {
    expect(
      await cyclesIn({
        'cli/run.ts':
          "import { generate } from '../generator/generate.js';\nexport const run = generate;\n",
        'generator/generate.ts':
          "import { run } from '../cli/run.js';\nexport const generate = () => run;\n",
      }),
    ).toHaveLength(1);
  });

  it('lets type-only imports, packages and one-way imports pass', async () => {
    expect(
      await cyclesIn({
        'src/a.ts':
          "import type { B } from './b';\nimport React from 'react';\nexport type A = B;\nexport const a = React;\n",
        'src/b.ts':
          "import { a } from './a';\nexport type { A } from './a';\nexport type B = typeof a;\n",
      }),
    ).toEqual([]);
  });
});
