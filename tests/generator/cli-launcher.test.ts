// @vitest-environment node
/**
 * `npm run cli` runs cli/run.mjs: the CLI from a cached bundle, made again when a file in it
 * changed, and `mock-server` under tsx. Checked in a copy of the code with a cache of its own
 * (its node_modules links each package), so the repo's bundle is left alone.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, REPO, tempDir } from './helpers';

let root = '';

function launch(args: string[], cwd = root) {
  const result = spawnSync(process.execPath, [path.join(root, 'cli/run.mjs'), ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 170_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const manifest = async () =>
  JSON.parse(
    await readFile(path.join(root, 'node_modules/.cache/admin-cli/manifest.json'), 'utf8'),
  ) as {
    dir: string;
    inputs: Record<string, string>;
  };

beforeAll(async () => {
  root = await tempDir('launcher');
  for (const entry of [
    'cli',
    'generator',
    'src',
    'templates',
    'package.json',
    'tsconfig.base.json',
    '.prettierrc.json',
  ])
    await cp(path.join(REPO, entry), path.join(root, entry), { recursive: true });
  await mkdir(path.join(root, 'node_modules'));
  for (const name of await readdir(path.join(REPO, 'node_modules')))
    if (name !== '.cache')
      await symlink(path.join(REPO, 'node_modules', name), path.join(root, 'node_modules', name));
});

describe('cli/run.mjs', () => {
  it('runs the CLI from a bundle of its code, without the mock engine or generated code', async () => {
    const run = launch(['--version']);
    expect(run.stdout.trim()).toBe('0.2.0');
    const { inputs } = await manifest();
    expect(Object.keys(inputs)).toEqual(
      expect.arrayContaining(['cli/index.ts', 'generator/generate.ts', 'package.json']),
    );
    expect(Object.keys(inputs).filter((file) => /^(src\/mocks|generated)\//.test(file))).toEqual(
      [],
    );
  });

  it('bundles again when a file of the bundle changed', async () => {
    const before = (await manifest()).dir;
    expect(launch(['--version']).stdout.trim()).toBe('0.2.0');
    expect((await manifest()).dir).toBe(before);
    const manifestFile = path.join(root, 'package.json');
    const text = await readFile(manifestFile, 'utf8');
    await writeFile(manifestFile, text.replace('"version": "0.2.0"', '"version": "0.2.1"'));
    expect(launch(['--version']).stdout.trim()).toBe('0.2.1');
    expect((await manifest()).dir).not.toBe(before);
  });

  it('generates as the tsx-run CLI does, and names the repo from the source (REPO_ROOT)', async () => {
    const dir = await copyFixture('basic');
    const run = launch(['generate', '--contract', 'openapi', '--out', 'generated'], dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(launch(['generate', '--check'], dir).stdout).toMatch(/^generated\/ is up to date/);
  }, 180_000);

  it('runs mock-server under tsx (it loads the mock engine and generated code)', () => {
    const run = launch(['mock-server', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--port');
  });
});
