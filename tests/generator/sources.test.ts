// @vitest-environment node
/**
 * `generate` reads the imported sources (openapi/sources/<name>/openapi.yaml, written by
 * `cli import-openapi`): typed functions and hooks per operation (orval, through the REST
 * mutator), and per resource a module definition whose calls go through the REST adapter, a
 * page (a lookup page where the API lists nothing), a screen and a permission key per
 * capability; the output type-checks. Text of the source lands only as literals and
 * comment-safe text, and a source that does not parse is refused naming its file.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ContractError, generate, type GenerateResult } from '../../generator';
import { copyFixture, REPO, typecheckGenerated } from './helpers';

vi.setConfig({ testTimeout: 180_000 });

let dir: string;
const contractDir = () => path.join(dir, 'openapi');
const sourceFile = () => path.join(contractDir(), 'sources/petstore/openapi.yaml');

const fileOf = (result: GenerateResult, name: string) =>
  result.files.find((file) => file.path === name)?.content ?? '';

beforeEach(async () => {
  dir = await copyFixture('basic');
  for (const name of ['petstore', 'library'])
    await cp(path.join(REPO, 'openapi/sources', name), path.join(contractDir(), 'sources', name), {
      recursive: true,
    });
});

describe('generate with an imported source', () => {
  it('makes modules over the REST adapter, pages and screens that type-check', async () => {
    const outDir = path.join(dir, 'generated');
    const result = await generate({ contractDir: contractDir(), outDir });
    const pet = fileOf(result, 'sources/petstore/modules/pet.ts');
    // The pet module has actions (findPetsByTags, updatePetWithForm): their runner is imported too.
    expect(pet).toContain("import { restActions, restModule } from '@/lib/rest-source';");
    expect(pet).toContain("route: '/petstore/pet',");
    expect(pet).toContain("list: {\n        method: 'GET',\n        path: '/pet/findByStatus',");
    // A list of texts is edited one per line.
    expect(pet).toMatch(/cf_fieldname: 'photoUrls',[^}]*valueFormat: 'lines'/);
    // A category is chosen among those the pets have (Petstore lists no categories).
    expect(pet).toMatch(
      /cf_fieldname: 'category',[\s\S]*?field: 'category',[\s\S]*?valueFormat: 'reference'/,
    );
    expect(fileOf(result, 'sources/petstore/pages/store-order-page.tsx')).toContain(
      'return <CrudLookupPage module={petstoreStoreOrderModule} />;',
    );
    expect(fileOf(result, 'screens.ts')).toContain(
      "load: () => import('./sources/petstore/pages/pet-page'),",
    );
    const index = fileOf(result, 'sources/index.ts');
    for (const key of ['PETSTORE_PET_ADD', 'PETSTORE_PET_DELETE', 'PETSTORE_STOREORDER_ADD'])
      expect(index).toContain(`'${key}'`);
    expect(fileOf(result, 'sources/petstore/source.ts')).toContain(
      "basePath: '/sources/petstore',",
    );
    // The library names its books' key (an ISBN): typed on add. A book's author is an Author
    // record, chosen from the authors list.
    const books = fileOf(result, 'sources/library/modules/books.ts');
    expect(books).toMatch(/cf_fieldname: 'isbn',(?:(?!cf_name)[\s\S])*keyEntry: 'add'/);
    expect(books).toMatch(
      /cf_fieldname: 'author',[\s\S]*?path: '\/authors'[\s\S]*?valueFormat: 'reference'/,
    );
    // Its limit parameter declares a maximum: the list offers no larger page.
    expect(books).toContain(
      "pagination: { style: 'offset', offset: 'offset', limit: 'limit', maxSize: 100 }",
    );
    // Its PATCH is declared as a JSON merge patch: the edit says so in its Content-Type.
    expect(books).toMatch(
      /edit: \{\s*method: 'PATCH',[^)]*?contentType: 'application\/merge-patch\+json'/,
    );
    // Typed functions and hooks per operation (orval), through the REST mutator, every URL under
    // the source's base path.
    const hooks = fileOf(result, 'sources/petstore/api/pet/pet.ts');
    expect(hooks).toContain("from '../../../../../src/lib/rest-source/mutator';");
    expect(hooks).toContain('url: `/sources/petstore/pet/findByStatus`');
    expect(hooks).toContain('export function useGetPetById');
    // A nested collection (a book's reviews) is a sub-screen of its parent, opened from its rows.
    expect(fileOf(result, 'screens.ts')).toContain(
      "'/library/books-reviews': {\n    path: '/library/books-reviews',\n    title: '书评',\n    parentPath: '/library/books',",
    );
    expect(fileOf(result, 'sources/library/pages/books-page.tsx')).toContain(
      "nested={[{ title: '书评', route: '/library/books-reviews', param: 'isbn' }]}",
    );
    expect(
      await typecheckGenerated(outDir, [
        'generated/sources/index.ts',
        'generated/sources/petstore/pages/pet-page.tsx',
        'generated/sources/petstore/pages/store-order-page.tsx',
        'generated/sources/petstore/api/pet/pet.ts',
        'generated/screens.ts',
      ]),
    ).toEqual([]);
  });

  it('writes the source\u2019s own text as literals and comment-safe text only', async () => {
    const hostile = "宠物*/ alert('x'); /* </script> ${globalThis}";
    const text = await readFile(sourceFile(), 'utf8');
    await writeFile(
      sourceFile(),
      text
        .replace('    title: 宠物商店\n', `    title: ${JSON.stringify(hostile)}\n`)
        .replace('      title: 宠物\n', `      title: ${JSON.stringify(hostile)}\n`),
    );
    const result = await generate({
      contractDir: contractDir(),
      outDir: path.join(dir, 'generated'),
      mode: 'dry-run',
    });
    const source = fileOf(result, 'sources/petstore/source.ts');
    const pet = fileOf(result, 'sources/petstore/modules/pet.ts');
    for (const code of [source, pet]) {
      // In a comment the text cannot end it; in code it is a string literal, and the closing
      // script tag is escaped there too.
      const comments = code.split('\n').filter((line) => line.trimStart().startsWith('/**'));
      expect(comments.join('\n')).toContain("宠物*\\/ alert('x');");
      expect(comments.join('\n')).not.toContain("宠物*/ alert('x');");
      expect(code).not.toContain('</script>');
    }
    expect(source).toContain(`title: "宠物*/ alert('x'); /* <\\/script> \${globalThis}",`);
    expect(pet).toContain(`title: "宠物*/ alert('x'); /* <\\/script> \${globalThis}",`);
  });

  it('refuses a source that does not parse, naming its file', async () => {
    await writeFile(sourceFile(), 'openapi: 3.0.2\npaths: [unclosed\n');
    const run = generate({
      contractDir: contractDir(),
      mode: 'dry-run',
      outDir: path.join(dir, 'generated'),
    });
    await expect(run).rejects.toBeInstanceOf(ContractError);
    await expect(run).rejects.toThrow(/^sources\/petstore\/openapi\.yaml: /);
  });
});
