// @vitest-environment node
/**
 * The generator's one cache (generator/cache.ts). `generate --check` answered from a run record
 * still catches every drift, naming the file exactly as a full run does; a step runs again only
 * when what it reads changed — an x-admin edit reruns neither orval, openapi-typescript nor the
 * lint, a schema edit reruns them —; a clean clone (no cache) and a from-scratch run give the same files;
 * a damaged entry is a miss; nothing of the cache is committed.
 */
import { cp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { generate, type GenerateOptions } from '../../generator';
import { upToDate } from '../../generator/cache';
import { contractForTools } from '../../generator/render/contract-for-tools';
import { mutatorSignature, mutatorStandIn } from '../../generator/render/render-api';
import { loadContract } from '../../generator/parse/load-contract';
import { listFiles } from '../../generator/list-files';
import { copyFixture, REPO, runCli } from './helpers';

// Full runs take orval and prettier (several seconds on a shared 2-core machine).
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const calls = vi.hoisted(() => ({ orval: 0, types: 0, prettier: 0, lint: 0 }));

vi.mock('../../generator/render/render-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../generator/render/render-api')>();
  return {
    ...actual,
    renderApi: (...args: Parameters<typeof actual.renderApi>) => {
      calls.orval += 1;
      return actual.renderApi(...args);
    },
  };
});

vi.mock('../../generator/render/render-types', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../generator/render/render-types')>();
  return {
    ...actual,
    renderTypes: (...args: Parameters<typeof actual.renderTypes>) => {
      calls.types += 1;
      return actual.renderTypes(...args);
    },
  };
});

vi.mock('../../generator/parse/lint-contract', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../generator/parse/lint-contract')>();
  return {
    ...actual,
    lintContract: (...args: Parameters<typeof actual.lintContract>) => {
      calls.lint += 1;
      return actual.lintContract(...args);
    },
  };
});

vi.mock('prettier/standalone', async (importOriginal) => {
  const actual = await importOriginal<typeof import('prettier/standalone')>();
  return {
    ...actual,
    format: (...args: Parameters<typeof actual.format>) => {
      calls.prettier += 1;
      return actual.format(...args);
    },
  };
});

async function edit(file: string, change: (text: string) => string): Promise<() => Promise<void>> {
  const original = await readFile(file, 'utf8');
  const changed = change(original);
  expect(changed, `the edit of ${file} must change it`).not.toBe(original);
  await writeFile(file, changed);
  return () => writeFile(file, original);
}

describe('generate --check after a recorded run', () => {
  let dir: string;
  const at = (file: string) => path.join(dir, file);
  const options = () => ({ contractDir: at('openapi'), outDir: at('generated') });

  beforeAll(async () => {
    dir = await copyFixture('basic');
    const first = runCli(['generate'], dir);
    expect(first.code, first.stderr).toBe(0);
  });

  it('passes from the record when nothing changed', async () => {
    const report = await upToDate(options());
    expect(report?.unchanged).toContain('modules/notice.ts');
    const check = runCli(['generate', '--check'], dir);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toContain(`generated/ is up to date (${report?.unchanged.length} files).`);
  });

  it('fails naming a generated file edited by hand, and passes once it is restored', async () => {
    const restore = await edit(at('generated/modules/notice.ts'), (text) =>
      text.replace('noticeModule', 'noticeModuleEdited'),
    );
    expect(await upToDate(options())).toBeUndefined();
    const check = runCli(['generate', '--check'], dir);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('generated/ differs from what the contract produces:');
    expect(check.stderr).toContain('  differing: generated/modules/notice.ts');

    await restore();
    expect(await upToDate(options())).toBeDefined();
    expect(runCli(['generate', '--check'], dir).code).toBe(0);
  });

  it('fails naming a deleted generated file and a stray one', async () => {
    const page = at('generated/pages/notice/notice-page.tsx');
    const original = await readFile(page, 'utf8');
    await rm(page);
    await writeFile(at('generated/notes.txt'), 'not made by the generator\n');
    expect(await upToDate(options())).toBeUndefined();
    const check = runCli(['generate', '--check'], dir);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('  missing: generated/pages/notice/notice-page.tsx');
    expect(check.stderr).toContain('stray file not written by the generator: generated/notes.txt');

    await writeFile(page, original);
    await rm(at('generated/notes.txt'));
    expect(runCli(['generate', '--check'], dir).code).toBe(0);
  });

  it('fails naming the file a contract change affects, and passes again once it is undone', async () => {
    const restore = await edit(at('openapi/paths/adminnotice.yaml'), (text) =>
      text.replace('title: 公告管理', 'title: 通知公告'),
    );
    expect(await upToDate(options())).toBeUndefined();
    const check = runCli(['generate', '--check'], dir);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('  differing: generated/modules/notice.ts');
    expect(check.stderr).toContain('Fix: npm run cli -- generate');

    await restore();
    expect(await upToDate(options())).toBeDefined();
    expect(runCli(['generate', '--check'], dir).code).toBe(0);
  });

  it('runs in full with --from-scratch, and still passes', () => {
    const check = runCli(['generate', '--check', '--from-scratch'], dir);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toContain('generated/ is up to date');
  });
});

describe('the steps', () => {
  let dir: string;
  const at = (file: string) => path.join(dir, file);
  const cacheDir = () => at('node_modules/.cache/admin-generator/v1');
  const options = (): GenerateOptions => ({
    rootDir: dir,
    contractDir: at('openapi'),
    outDir: at('generated'),
    mode: 'check',
  });
  const drift = async (extra: Partial<GenerateOptions> = {}) => {
    const { report } = await generate({ ...options(), ...extra });
    return [...report.created, ...report.updated, ...report.deleted];
  };

  beforeAll(async () => {
    // A repo of its own (its own node_modules/.cache), with the real templates, mutator and config.
    dir = await copyFixture('basic');
    await symlink(path.join(REPO, 'templates'), at('templates'), 'dir');
    await symlink(path.join(REPO, 'src'), at('src'), 'dir');
    await cp(path.join(REPO, '.prettierrc.json'), at('.prettierrc.json'));
    await generate({ ...options(), mode: 'write' });
  });

  beforeEach(() => {
    Object.assign(calls, { orval: 0, types: 0, prettier: 0, lint: 0 });
  });
  afterEach(async () => {
    // Back to the generated state, so each case starts from a warm cache of the fixture.
    expect(await drift()).toEqual([]);
  });

  it('runs nothing when nothing changed', async () => {
    expect(await drift()).toEqual([]);
    expect(calls).toEqual({ orval: 0, types: 0, prettier: 0, lint: 0 });
  });

  it('on a clean clone (no cache) runs every step and finds generated/ right', async () => {
    await rm(at('node_modules'), { recursive: true, force: true });
    expect(await drift()).toEqual([]);
    expect(calls.orval).toBe(1);
    expect(calls.types).toBe(1);
  });

  it('reruns neither orval, openapi-typescript nor the lint for an x-admin edit, and formats only what changed', async () => {
    const restore = await edit(at('openapi/paths/adminnotice.yaml'), (text) =>
      text.replace('label: 公告标题', 'label: 通知标题'),
    );
    try {
      const changed = await drift();
      expect(changed).toContain('modules/notice.ts');
      expect(changed.some((file) => file.startsWith('api/') || file.startsWith('types/'))).toBe(
        false,
      );
      expect(calls.orval).toBe(0);
      expect(calls.types).toBe(0);
      expect(calls.lint).toBe(0);
      // openapi.json carries the label too but is never formatted; the rest is cached.
      expect(calls.prettier).toBeLessThan(changed.length);
    } finally {
      await restore();
    }
  });

  it('reruns orval and openapi-typescript for a schema edit', async () => {
    const restore = await edit(at('openapi/paths/adminnotice.yaml'), (text) =>
      text.replace('maxLength: 100\n', 'maxLength: 100\n          description: 标题文字\n'),
    );
    try {
      const changed = await drift();
      expect(changed).toContain('types/openapi.ts');
      expect(calls.orval).toBe(1);
      expect(calls.types).toBe(1);
      expect(calls.lint).toBe(1);
    } finally {
      await restore();
    }
  });

  it('gives the same files from scratch as from the cache, and reads no entry then', async () => {
    const cached = await generate(options());
    const fresh = await generate({ ...options(), fromScratch: true });
    expect(calls.orval).toBe(1);
    expect(fresh.files).toEqual(cached.files);
  });

  it('takes a damaged entry for a miss', async () => {
    for (const entry of await readdir(cacheDir()))
      await writeFile(path.join(cacheDir(), entry), '{"damaged":');
    expect(await drift()).toEqual([]);
    expect(calls.orval).toBe(1);
    expect(calls.types).toBe(1);
  });

  it('keeps only the current run’s entries once there are too many', async () => {
    await Promise.all(
      Array.from({ length: 4001 }, (_, i) => writeFile(path.join(cacheDir(), `old-${i}`), '')),
    );
    expect(await drift()).toEqual([]);
    const kept = await readdir(cacheDir());
    expect(kept.some((entry) => entry.startsWith('old-'))).toBe(false);
    expect(kept.some((entry) => entry.startsWith('orval-'))).toBe(true);
    expect(await drift()).toEqual([]);
    expect(calls.orval).toBe(0);
  });

  it('leaves nothing of itself in generated/', async () => {
    expect(await listFiles(at('generated'))).not.toContain('format-ledger.json');
    expect(await listFiles(path.join(REPO, 'generated'))).not.toContain('format-ledger.json');
  });
});

describe('what the steps read', () => {
  it('hands orval and openapi-typescript the contract without the extensions they ignore, and nothing else changed', async () => {
    const { document } = await loadContract(path.join(REPO, 'openapi'));
    const text = JSON.stringify(contractForTools(document));
    expect(text).not.toContain('"x-admin"');
    expect(text).not.toContain('"x-inferred"');
    const stripped: unknown = JSON.parse(JSON.stringify(document), (key: string, value: unknown) =>
      key.startsWith('x-') ? undefined : value,
    );
    expect(JSON.parse(text)).toEqual(stripped);
    expect(JSON.stringify(document)).toContain('"x-admin"');
    expect(JSON.stringify(document)).toContain('"x-inferred"');
  });

  it('keeps what the tools read: enum names, data and fields whose name starts with x-', () => {
    const record = {
      type: 'object',
      'x-admin': { seed: [] },
      properties: { 'x-id': { type: 'integer', 'x-admin': { label: '编号' } } },
      example: { 'x-id': 1 },
    };
    const level = {
      type: 'integer',
      enum: [1, 2],
      'x-enumNames': ['On', 'Off'],
      'x-inferred': true,
    };
    const document = {
      openapi: '3.1.0',
      'x-generated': 'banner',
      paths: { '/api/x/list': { get: { 'x-admin': { capability: 'list' }, responses: {} } } },
      components: { schemas: { 'x-record': record, Level: level } },
    };
    expect(contractForTools(document)).toEqual({
      openapi: '3.1.0',
      paths: { '/api/x/list': { get: { responses: {} } } },
      components: {
        schemas: {
          'x-record': {
            type: 'object',
            properties: { 'x-id': { type: 'integer' } },
            example: { 'x-id': 1 },
          },
          Level: { type: 'integer', enum: [1, 2], 'x-enumNames': ['On', 'Off'] },
        },
      },
    });
  });

  it('counts the mutator by its signature: a body or comment edit is none, a parameter is', async () => {
    const mutator = await readFile(path.join(REPO, 'src/lib/request/index.ts'), 'utf8');
    const signature = mutatorSignature(mutator);
    expect(signature).toContain('export async function request<T>(');
    expect(mutatorSignature(`${mutator}\n// a note\nexport const more = 1;\n`)).toBe(signature);
    const body = (text: string) =>
      text.replace('return envelope as T;', 'return envelope as T; // the body, edited');
    expect(mutatorSignature(body(mutator).replace('// the body, edited', 'void 0;'))).toBe(
      signature,
    );
    expect(
      mutatorSignature(
        mutator.replace('options?: RequestOptions)', 'options?: RequestOptions, x?: 1)'),
      ),
    ).not.toBe(signature);
    expect(mutatorSignature(mutator.replace('export type ErrorType', 'type ErrorType'))).not.toBe(
      signature,
    );
    // Declared another way: the whole file counts, body edits included.
    const arrow = mutator.replace(
      'export async function request',
      'export const request = async function',
    );
    expect(mutatorSignature(arrow)).not.toBe(
      mutatorSignature(body(arrow).replace('// the body, edited', 'void 0;')),
    );
  });

  it('gives orval a stand-in for the mutator with its signature and types and nothing it imports', async () => {
    const mutator = await readFile(path.join(REPO, 'src/lib/request/index.ts'), 'utf8');
    const standIn = mutatorStandIn(mutator) ?? '';
    expect(standIn).toContain(
      'export async function request<T>(config: RequestConfig, options?: RequestOptions) {}',
    );
    expect(standIn).toContain('export type ErrorType<T> = T;');
    expect(standIn).toContain('export type BodyType<T> = T;');
    expect(standIn).not.toContain('import');
    expect(mutatorSignature(standIn)).toBe(mutatorSignature(mutator));
    // Declared another way, orval reads the real file.
    expect(
      mutatorStandIn(
        mutator.replace('export async function request', 'export const request = async function'),
      ),
    ).toBeUndefined();
  });
});
