// @vitest-environment node
/**
 * x-admin.tree and x-admin.screen on a tag: the tree in the module definition and a tree-table
 * page, no page for a hand-written screen, and every bad declaration refused with its file and
 * line.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { generate, ModelError, type GenerateResult } from '../../generator';
import { copyFixture, typecheckGenerated } from './helpers';

// The tree case runs orval on a changed contract and tsc on what it made.
vi.setConfig({ testTimeout: 180_000 });

const FILE = 'paths/adminnotice.yaml';
let dir: string;
const contractDir = () => path.join(dir, 'openapi');

/**
 * The fixture's notice tag with `lines` added to its x-admin, and the entity and list call given
 * what a tree needs: a parent field (pid, also a list parameter) and a level.
 */
async function declare(...lines: string[]): Promise<void> {
  const file = path.join(contractDir(), FILE);
  const text = await readFile(file, 'utf8');
  // Each addition goes in before its anchor line.
  const edits: [string, string][] = [
    ['      keepAlive: true\n', lines.map((line) => `      ${line}\n`).join('')],
    [
      '        - { name: status, in: query, required: false, schema: { type: integer } }\n',
      '        - { name: pid, in: query, required: false, schema: { type: integer } }\n',
    ],
    [
      '        create_time:\n',
      '        pid: { type: integer }\n        level: { type: integer }\n',
    ],
  ];
  let changed = text;
  for (const [anchor, added] of edits) {
    expect(changed).toContain(anchor);
    changed = changed.replace(anchor, `${added}${anchor}`);
  }
  await writeFile(file, changed);
}

/** 1-based line of the first line of the fragment containing `needle`. */
async function lineOf(needle: string): Promise<number> {
  const lines = (await readFile(path.join(contractDir(), FILE), 'utf8')).split('\n');
  return lines.findIndex((line) => line.includes(needle)) + 1;
}

const fileOf = (result: GenerateResult, name: string) =>
  result.files.find((file) => file.path === name)?.content;

beforeEach(async () => {
  dir = await copyFixture('basic');
});

describe('x-admin.tree', () => {
  it('puts the tree in the module definition and makes a tree-table page that type-checks', async () => {
    await declare('tree: { parentField: pid, lazy: true, leaf: { field: level, value: 3 } }');
    const outDir = path.join(dir, 'generated');
    const result = await generate({ contractDir: contractDir(), outDir });
    expect(fileOf(result, 'modules/notice.ts')).toContain(
      "tree: { parentField: 'pid', lazyChildren: true, leaf: { field: 'level', value: 3 } },",
    );
    const page = fileOf(result, 'pages/notice/notice-page.tsx');
    expect(page).toContain("import { CrudTreePage } from '@/components/crud';");
    expect(page).toContain('return <CrudTreePage module={noticeModule} />;');
    expect(
      await typecheckGenerated(outDir, [
        'generated/pages/notice/notice-page.tsx',
        'generated/screens.ts',
      ]),
    ).toEqual([]);
  });

  it('loads a tree whole unless it says lazy, and a whole tree has no leaf level', async () => {
    await declare('tree: { parentField: pid }');
    const result = await generate({
      contractDir: contractDir(),
      outDir: path.join(dir, 'generated'),
      mode: 'dry-run',
    });
    expect(result.modules[0]?.tree).toEqual({ parentField: 'pid', lazyChildren: false });
  });

  it.each([
    {
      declared: 'tree: { parentField: parent_id }',
      message: 'x-admin.tree.parentField parent_id is not a property of AdminNotice (id, ',
    },
    {
      declared: 'tree: { parentField: pid, lazy: true, leaf: { field: levl, value: 3 } }',
      message: 'x-admin.tree.leaf.field levl is not a property of AdminNotice',
    },
    {
      declared: 'tree: { parentField: pid, leaf: { field: level, value: 3 } }',
      message: 'x-admin.tree.leaf only applies to a lazy tree (lazy: true)',
    },
    {
      declared: 'tree: { parentField: level, lazy: true }',
      message:
        'x-admin.tree.lazy asks for children as list {level: id}, but the list call (GET /api/adminnotice/list) has no query parameter level',
    },
    {
      declared: 'tree: { parent: pid }',
      message: 'x-admin.tree must be { parentField: <field>, lazy?: true|false, leaf?:',
    },
    {
      declared: 'tree: { parentField: pid, lazy: sometimes }',
      message: 'x-admin.tree must be { parentField: <field>',
    },
    {
      declared: 'screen: handwritten',
      message: 'x-admin.screen "handwritten" is not one of generated, hand-written',
    },
  ])('refuses $declared at its file and line', async ({ declared, message }) => {
    await declare(declared);
    const error = await generate({
      contractDir: contractDir(),
      outDir: path.join(dir, 'generated'),
      mode: 'dry-run',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelError);
    const line = await lineOf(declared);
    expect(String(error)).toContain(`${FILE}:${line}: tag adminnotice: ${message}`);
  });
});

describe('x-admin.screen: hand-written', () => {
  it('makes no page but the module, its mock and a registry entry without load', async () => {
    await declare('screen: hand-written');
    const result = await generate({
      contractDir: contractDir(),
      outDir: path.join(dir, 'generated'),
      mode: 'dry-run',
    });
    const made = result.files.map((file) => file.path);
    expect(made).toEqual(expect.arrayContaining(['modules/notice.ts', 'mocks/notice.ts']));
    expect(made.filter((file) => file.startsWith('pages/'))).toEqual([]);
    const screens = fileOf(result, 'screens.ts');
    expect(screens).toContain("permissionKey: 'ADMINNOTICE',");
    expect(screens).toContain('handWritten: true,');
    expect(screens).not.toMatch(/^ +load:/m);
  });
});
