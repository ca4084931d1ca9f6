// @vitest-environment node
/**
 * The format ledger (generated/format-ledger.json): a clean clone — no content cache, no run
 * record — checks generated/ without running orval or prettier over output that is already right,
 * and still finds every drift: a file edited by hand, a changed template-made file. A stale
 * ledger costs time, not a failed check.
 * Recalled output is the same as a from-scratch run's.
 */
import { cp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { generate, type GenerateOptions } from '../../generator';
import { sha256 } from '../../generator/write/content-cache';
import { copyFixture, REPO } from './helpers';

vi.setConfig({ testTimeout: 180_000 });

const calls = vi.hoisted(() => ({ orval: 0, prettier: 0 }));

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

vi.mock('prettier', async (importOriginal) => {
  const actual = await importOriginal<typeof import('prettier')>();
  return {
    ...actual,
    format: (...args: Parameters<typeof actual.format>) => {
      calls.prettier += 1;
      return actual.format(...args);
    },
  };
});

describe('generate --check on a clean clone with the format ledger', () => {
  let dir: string;
  const at = (file: string) => path.join(dir, file);
  const options = (): GenerateOptions => ({
    rootDir: dir,
    contractDir: at('openapi'),
    outDir: at('generated'),
    mode: 'check',
  });
  /** What a fresh clone lacks: the content cache and the run record under node_modules/.cache. */
  const cloneAfresh = () => rm(at('node_modules'), { recursive: true, force: true });
  const drift = async () => {
    const { report } = await generate(options());
    return [...report.created, ...report.updated, ...report.deleted];
  };

  beforeAll(async () => {
    // A repo of its own (its own node_modules/.cache), with the real templates, mutator and config.
    dir = await copyFixture('basic');
    await symlink(path.join(REPO, 'templates'), at('templates'), 'dir');
    await symlink(path.join(REPO, 'src'), at('src'), 'dir');
    await cp(path.join(REPO, '.prettierrc.json'), at('.prettierrc.json'));
    await cp(path.join(REPO, 'package-lock.json'), at('package-lock.json'));
    await generate({ ...options(), mode: 'write' });
  });

  beforeEach(async () => {
    await cloneAfresh();
    calls.orval = 0;
    calls.prettier = 0;
  });
  afterEach(() => vi.unstubAllEnvs());

  it('is used on a machine without a cache (GENERATE_CACHE=0)', async () => {
    vi.stubEnv('GENERATE_CACHE', '0');
    expect(await drift()).toEqual([]);
    expect(calls).toEqual({ orval: 0, prettier: 0 });
  });

  it('passes without running orval or prettier when generated/ holds what the ledger records', async () => {
    const ledger = await readFile(at('generated/format-ledger.json'), 'utf8');
    expect(ledger).toContain('"api/adminnotice/adminnotice.ts"');
    expect(await drift()).toEqual([]);
    expect(calls).toEqual({ orval: 0, prettier: 0 });
  });

  it('gives the same files as a from-scratch run', async () => {
    const recalled = (await generate(options())).files;
    const fresh = await generate({ ...options(), fromScratch: true });
    expect(calls.orval).toBe(1);
    expect(fresh.files).toEqual(recalled);
    expect([...fresh.report.updated, ...fresh.report.created]).toEqual([]);
  });

  it('names an orval file edited by hand (orval runs again)', async () => {
    const file = at('generated/api/adminnotice/adminnotice.ts');
    const original = await readFile(file, 'utf8');
    await writeFile(file, `${original}\nexport const edited = 1;\n`);
    try {
      expect(await drift()).toEqual(['api/adminnotice/adminnotice.ts']);
      expect(calls.orval).toBe(1);
    } finally {
      await writeFile(file, original);
    }
  });

  it('formats only the template-made file that was edited', async () => {
    const file = at('generated/modules/notice.ts');
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace('notice', 'notices'));
    try {
      expect(await drift()).toEqual(['modules/notice.ts']);
      expect(calls).toEqual({ orval: 0, prettier: 1 });
    } finally {
      await writeFile(file, original);
    }
  });

  it('takes a stale ledger for no drift: the steps run, and generate refreshes it', async () => {
    const file = at('generated/format-ledger.json');
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace(/"orval:[0-9a-f]+"/, '"orval:0"'));
    try {
      const { report } = await generate(options());
      expect([...report.created, ...report.updated, ...report.deleted]).toEqual([]);
      expect(report.unchanged).not.toContain('format-ledger.json');
      expect(calls.orval).toBe(1);
      const { report: written } = await generate({ ...options(), mode: 'write' });
      expect(written.updated).toEqual(['format-ledger.json']);
      expect(await readFile(file, 'utf8')).toBe(original);
    } finally {
      await writeFile(file, original);
    }
  });

  it('recalls nothing from an entry that names a file outside generated/', async () => {
    const file = at('generated/format-ledger.json');
    const original = await readFile(file, 'utf8');
    const ledger = JSON.parse(original) as { steps: Record<string, Record<string, string>> };
    const [typesKey] = Object.keys(ledger.steps).filter((key) =>
      key.startsWith('openapi-typescript:'),
    );
    const contract = await readFile(at('openapi/openapi.yaml'), 'utf8');
    // The entry of the types step now claims a file two levels up, with its true hash.
    ledger.steps[typesKey!] = {
      '../openapi/openapi.yaml': sha256(contract),
    };
    await writeFile(file, JSON.stringify(ledger));
    try {
      const { files } = await generate(options());
      expect(files.map((made) => made.path)).not.toContain('../openapi/openapi.yaml');
      expect(files.map((made) => made.path)).toContain('types/openapi.ts');
    } finally {
      await writeFile(file, original);
    }
  });
});
