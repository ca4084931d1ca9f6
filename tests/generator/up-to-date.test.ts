// @vitest-environment node
/**
 * `generate --check` answered from the record of the last run (generator/up-to-date.ts) must
 * still catch every drift: an edited, missing or extra generated file and a changed contract
 * fail with the file named, exactly as a full run reports them.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { upToDate } from '../../generator/up-to-date';
import { copyFixture, runCli } from './helpers';

// Full runs take orval and prettier (several seconds on a shared 2-core machine).
vi.setConfig({ testTimeout: 180_000 });

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
    const file = at('generated/modules/notice.ts');
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace('noticeModule', 'noticeModuleEdited'));
    expect(await upToDate(options())).toBeUndefined();
    const check = runCli(['generate', '--check'], dir);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('generated/ differs from what the contract produces:');
    expect(check.stderr).toContain('  differing: generated/modules/notice.ts');

    await writeFile(file, original);
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
    const fragment = at('openapi/paths/adminnotice.yaml');
    const original = await readFile(fragment, 'utf8');
    await writeFile(fragment, original.replace('title: 公告管理', 'title: 通知公告'));
    expect(await upToDate(options())).toBeUndefined();
    const check = runCli(['generate', '--check'], dir);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('  differing: generated/modules/notice.ts');
    expect(check.stderr).toContain('Fix: npm run cli -- generate');

    await writeFile(fragment, original);
    expect(await upToDate(options())).toBeDefined();
    expect(runCli(['generate', '--check'], dir).code).toBe(0);
  });

  it('is off with GENERATE_CACHE=0: every check is a full run', async () => {
    vi.stubEnv('GENERATE_CACHE', '0');
    try {
      expect(await upToDate(options())).toBeUndefined();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
