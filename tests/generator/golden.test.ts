// @vitest-environment node
/**
 * Golden tests: each fixture under tests/fixtures/<name>/ holds a small purpose-built contract
 * (openapi/) and the snapshot of everything the generator makes from it (expected/).
 *
 * Update the snapshots after an intended change:
 *   UPDATE_GOLDEN=1 npx vitest run tests/generator/golden.test.ts
 * then review the diff of tests/fixtures/<name>/expected/ like any code change.
 */
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, cp, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { generate, type GenerateResult } from '../../generator';
import { FIXTURES, tempDir, typecheckGenerated } from './helpers';

// Each case runs orval and/or tsc (several seconds on a shared 2-core machine).
vi.setConfig({ testTimeout: 180_000 });

const UPDATE = process.env.UPDATE_GOLDEN === '1';
// A golden fixture is a folder with its own contract (openapi/); tests/fixtures also holds
// other tests' fixtures (e.g. the editor's HTML documents).
const fixtures = readdirSync(FIXTURES)
  .filter((name) => !name.startsWith('.') && existsSync(path.join(FIXTURES, name, 'openapi')))
  .sort();

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map(async (e) =>
      e.isDirectory()
        ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`)
        : [`${prefix}${e.name}`],
    ),
  );
  return nested.flat().sort();
}

describe.each(fixtures)('fixture %s', (name) => {
  const contractDir = path.join(FIXTURES, name, 'openapi');
  const expectedDir = path.join(FIXTURES, name, 'expected');
  // One generation per fixture, shared by the assertions below (orval is the slow part).
  let result: Promise<GenerateResult> | undefined;
  const run = () =>
    (result ??= generate({
      contractDir,
      outDir: expectedDir,
      mode: UPDATE ? 'write' : 'check',
    }));

  it('matches the committed snapshot byte for byte', async () => {
    const { files } = await run();
    for (const file of files) {
      const expected = await readFile(path.join(expectedDir, file.path), 'utf8').catch(
        () => undefined,
      );
      expect(
        expected,
        `${file.path} is missing from expected/ (UPDATE_GOLDEN=1 to add it)`,
      ).toBeDefined();
      expect(file.content, `${file.path} differs (UPDATE_GOLDEN=1 to accept)`).toBe(expected);
    }
  });

  it('has no orphan in expected/ (a file the generator no longer makes)', async () => {
    const { files } = await run();
    const made = new Set(files.map((f) => f.path));
    const orphans = (await listFiles(expectedDir)).filter((file) => !made.has(file));
    expect(orphans, 'delete these from expected/ or run with UPDATE_GOLDEN=1').toEqual([]);
  });

  it('is deterministic and its cache is sound: a from-scratch run gives the same bytes', async () => {
    const { files } = await run();
    const again = await generate({
      contractDir,
      outDir: expectedDir,
      mode: 'dry-run',
      fromScratch: true,
    });
    expect(again.files).toEqual(files);
  });

  it('type-checks under the strict tsconfig', async () => {
    await run();
    expect(await typecheckGenerated(expectedDir)).toEqual([]);
  });
});

// The checks above pass by finding nothing: generated code is checked against src/'s types (as
// declarations), so a module definition that breaks them must be reported, with its file.
it('a type-check reports generated code that breaks a type of src/', async () => {
  const generatedDir = path.join(await tempDir('golden-planted'), 'generated');
  await cp(path.join(FIXTURES, 'basic', 'expected'), generatedDir, { recursive: true });
  await appendFile(
    path.join(generatedDir, 'modules/notice.ts'),
    "\nexport const planted: ModuleDefinition<AdminNotice> = { ...noticeModule, keepAlive: 'yes' };\n",
  );
  expect(await typecheckGenerated(generatedDir)).toEqual([
    expect.stringMatching(
      /^generated\/modules\/notice\.ts\(\d+,\d+\): error TS2322: .*'string'.*'boolean'/,
    ),
  ]);
});
