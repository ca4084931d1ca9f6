// @vitest-environment node
/**
 * The CLI against broken contracts and careless runs, each on its own temp copy of the basic
 * fixture (contract + a generated/ made from it). Every refusal is exit 1 with the exact lines
 * naming what to fix, no stack trace, and generated/ byte for byte as it was.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { listFiles } from '../../generator/list-files';
import {
  copyFixture,
  REPO,
  runCli,
  tempDir,
  TSX_NODE_ARGS,
  type CliResult,
} from '../generator/helpers';

// Cases that get past the contract run orval (seconds on a shared 2-core machine).
vi.setConfig({ testTimeout: 180_000 });

let base: string;
let baseRun: CliResult;

beforeAll(async () => {
  base = await copyFixture('basic');
  baseRun = runCli(['generate'], base);
}, 180_000);

/** A fresh copy of the generated fixture project. */
async function project(): Promise<string> {
  const dir = await tempDir('fault');
  await cp(base, dir, { recursive: true });
  return dir;
}

/** One hash of every file under generated/: its path and bytes. */
async function hashGenerated(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const root = path.join(dir, 'generated');
  for (const file of await listFiles(root)) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(root, file)));
  }
  return hash.digest('hex');
}

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const text = await readFile(file, 'utf8');
  const changed = change(text);
  expect(changed, `the edit of ${file} must change it`).not.toBe(text);
  await writeFile(file, changed);
}

/** 1-based line of the first line of `file` containing `needle`. */
async function lineOf(file: string, needle: string): Promise<number> {
  const index = (await readFile(file, 'utf8')).split('\n').findIndex((l) => l.includes(needle));
  expect(index, `${needle} in ${file}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

function expectNoStack(result: CliResult): void {
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

/**
 * Runs the CLI on a broken copy and checks the refusal: its exit code (3, a contract error,
 * unless said), stderr exactly `lines`, no stack trace, nothing printed on stdout, generated/
 * untouched.
 */
async function expectRefusal(
  dir: string,
  args: string[],
  lines: (string | RegExp)[],
  code = 3,
): Promise<void> {
  const before = await hashGenerated(dir);
  const result = runCli(args, dir);
  expect(result.code, result.stderr).toBe(code);
  const printed = result.stderr.trimEnd().split('\n');
  expect(printed).toHaveLength(lines.length);
  lines.forEach((line, index) =>
    typeof line === 'string'
      ? expect(printed[index]).toBe(line)
      : expect(printed[index]).toMatch(line),
  );
  expectNoStack(result);
  expect(result.stdout).toBe('');
  expect(await hashGenerated(dir)).toBe(before);
}

describe('a normal generate run', () => {
  it('prints only its report: no orval banner, no esbuild warning', () => {
    expect(baseRun.code, baseRun.stderr).toBe(0);
    expect(baseRun.stderr).toBe('');
    expect(baseRun.stdout).not.toMatch(/orval|🎉/);
    expect(baseRun.stdout).toMatch(/^created \(\d+\):$/m);
    expect(baseRun.stdout).toMatch(/module\(s\), \d+ operation\(s\); \d+ created/);
  });
});

describe('a broken contract is refused, naming the file (and line)', () => {
  const notice = (dir: string) => path.join(dir, 'openapi/paths/adminnotice.yaml');
  const tool = (dir: string) => path.join(dir, 'openapi/paths/tool.yaml');

  it('an emptied fragment', async () => {
    const dir = await project();
    await writeFile(notice(dir), '');
    await expectRefusal(
      dir,
      ['generate'],
      [
        'paths/adminnotice.yaml: empty fragment: it defines no paths; to remove its group, delete the file',
      ],
    );
  });

  it('a fragment left with its tags but no paths', async () => {
    const dir = await project();
    await writeFile(notice(dir), 'tags:\n  - name: adminnotice\n    description: 公告管理\n');
    await expectRefusal(
      dir,
      ['generate'],
      [
        'paths/adminnotice.yaml: empty fragment: it defines no paths; to remove its group, delete the file',
      ],
    );
  });

  it('a removed paths/ folder', async () => {
    const dir = await project();
    await rm(path.join(dir, 'openapi/paths'), { recursive: true });
    await expectRefusal(
      dir,
      ['generate'],
      [
        "paths/: folder not found in openapi; the contract's calls are defined in paths/<group>.yaml",
      ],
    );
  });

  it('an emptied paths/ folder', async () => {
    const dir = await project();
    await rm(path.join(dir, 'openapi/paths'), { recursive: true });
    await mkdir(path.join(dir, 'openapi/paths'));
    await expectRefusal(
      dir,
      ['generate'],
      [
        "paths/: no fragment (*.yaml) in openapi; the contract's calls are defined in paths/<group>.yaml",
      ],
    );
  });

  it('a $ref to a schema that does not exist', async () => {
    const dir = await project();
    const line = await lineOf(notice(dir), "'#/components/schemas/AdminNoticeListEnvelope'");
    await edit(notice(dir), (text) =>
      text.replace('AdminNoticeListEnvelope', 'AdminNoticeListEnvelop'),
    );
    await expectRefusal(
      dir,
      ['generate'],
      [
        `paths/adminnotice.yaml:${line}: $ref '#/components/schemas/AdminNoticeListEnvelop' does not resolve: components.schemas has no AdminNoticeListEnvelop`,
      ],
    );
  });

  it('a $ref to a file', async () => {
    const dir = await project();
    const line = await lineOf(tool(dir), "'#/components/schemas/EmptyEnvelope'");
    await edit(tool(dir), (text) =>
      text.replace("'#/components/schemas/EmptyEnvelope'", "'./envelopes.yaml#/EmptyEnvelope'"),
    );
    await expectRefusal(
      dir,
      ['generate'],
      [
        `paths/tool.yaml:${line}: $ref './envelopes.yaml#/EmptyEnvelope' is not local: the fragments are merged into one document, so every $ref points into it, like '#/components/schemas/Name' (see openapi/README.md)`,
      ],
    );
  });

  it('a YAML syntax error', async () => {
    const dir = await project();
    const line = await lineOf(tool(dir), 'summary: 上传图片');
    await edit(tool(dir), (text) =>
      text.replace('      summary: 上传图片', '       summary: 上传图片'),
    );
    await expectRefusal(
      dir,
      ['generate'],
      [`paths/tool.yaml:${line}:8: invalid YAML: bad indentation of a mapping entry`],
    );
  });

  it('a fragment that cannot be read', async () => {
    const dir = await project();
    // Tests run as root here, where chmod cannot make a file unreadable: a folder cannot be read either.
    await mkdir(path.join(dir, 'openapi/paths/zz.yaml'));
    await expectRefusal(
      dir,
      ['generate'],
      ['paths/zz.yaml: cannot read the file (EISDIR: illegal operation on a directory, read)'],
    );
  });

  it('an operationId used twice', async () => {
    const dir = await project();
    const line = await lineOf(tool(dir), 'operationId: toolUploadimg');
    await edit(tool(dir), (text) =>
      text.replace('operationId: toolUploadimg', 'operationId: adminnoticeList'),
    );
    await expectRefusal(
      dir,
      ['generate'],
      [
        `paths/tool.yaml:${line}: operationId adminnoticeList is used by both GET /api/adminnotice/list (paths/adminnotice.yaml) and POST /api/tool/uploadimg/ (paths/tool.yaml)`,
      ],
    );
  });

  it('an x-admin missing its title', async () => {
    const dir = await project();
    const line = await lineOf(notice(dir), '    x-admin:');
    await edit(notice(dir), (text) => text.replace(/\n\s+title: 公告管理\n/, '\n'));
    await expectRefusal(
      dir,
      ['generate'],
      [`paths/adminnotice.yaml:${line}: tag adminnotice: x-admin.title is required`],
    );
  });

  it('a --contract folder that does not exist (a usage error: exit 2, named as typed)', async () => {
    const dir = await project();
    const before = await hashGenerated(dir);
    const result = runCli(['generate', '--contract', 'nowhere'], dir);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      "error: option '--contract <dir>' argument 'nowhere' is invalid. contract folder nowhere not found",
    );
    expectNoStack(result);
    expect(await hashGenerated(dir)).toEqual(before);
  });
});

describe('a bad --out is refused', () => {
  it('a file', async () => {
    const dir = await project();
    await writeFile(path.join(dir, 'out.txt'), 'notes\n');
    await expectRefusal(
      dir,
      ['generate', '--out', 'out.txt'],
      ['output folder out.txt is a file, not a folder (--out)'],
      2,
    );
  });

  it('the contract folder, or one holding it', async () => {
    const dir = await project();
    await expectRefusal(
      dir,
      ['generate', '--out', 'openapi'],
      ['output folder openapi overlaps the contract folder openapi (--out)'],
      2,
    );
    await expectRefusal(
      dir,
      ['generate', '--out', '.'],
      ['output folder . overlaps the contract folder openapi (--out)'],
      2,
    );
  });
});

describe('deleting the files of a module that left the contract', () => {
  // The module's files, its guarded calls, and the schemas only its calls used (one file each).
  const noticeSchemas = [
    'adminNotice',
    'adminNoticeListEnvelope',
    'adminNoticeListEnvelopeAllOf',
    'adminNoticeListEnvelopeAllOfData',
    'adminNoticeListEnvelopeAllOfDataAllOf',
    'adminNoticeStatus',
    'adminnoticeInfo200',
    'adminnoticeInfo200AllOf',
    'adminnoticeListParams',
    'adminnoticeRecycleParams',
    'emptyResponse',
  ];
  const noticeFiles = [
    'generated/api/adminnotice/adminnotice.ts',
    ...noticeSchemas.map((name) => `generated/api/model/${name}.ts`),
    'generated/calls/adminnotice.ts',
    'generated/mocks/notice.ts',
    'generated/modules/notice.ts',
    'generated/pages/notice/notice-page.tsx',
  ];

  it('is refused without --prune, listing the files and the fix', async () => {
    const dir = await project();
    await rm(path.join(dir, 'openapi/paths/adminnotice.yaml'));
    await expectRefusal(
      dir,
      ['generate'],
      [
        'generate would delete 16 generated file(s): module notice, tag adminnotice are no longer in the contract; nothing was written. Fix: restore the contract, or confirm with npm run cli -- generate --prune',
        ...noticeFiles.map((file) => `  ${file}`),
      ],
      2,
    );
    const dry = runCli(['generate', '--dry-run'], dir);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(
      'deleting needs --prune: module notice, tag adminnotice are no longer in the contract',
    );
  });

  it('happens with --prune', async () => {
    const dir = await project();
    await rm(path.join(dir, 'openapi/paths/adminnotice.yaml'));
    const result = runCli(['generate', '--prune'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      ['deleted (16):', ...noticeFiles.map((file) => `  ${file}`)].join('\n'),
    );
    for (const file of noticeFiles)
      await expect(readFile(path.join(dir, file), 'utf8')).rejects.toThrow(/ENOENT/);
    expect(runCli(['generate', '--check'], dir).code).toBe(0);
  });
});

describe('generate --check', () => {
  it('names a stray file not written by the generator', async () => {
    const dir = await project();
    await writeFile(path.join(dir, 'generated/x.ts'), 'export const x = 1;\n');
    await expectRefusal(
      dir,
      ['generate', '--check'],
      [
        'stray file not written by the generator: generated/x.ts',
        'Fix: move the stray file(s) out of generated/ or delete them (generate never touches a file without its banner)',
      ],
      1,
    );
    const write = runCli(['generate'], dir);
    expect(write.code, write.stderr).toBe(0);
    expect(write.stderr).toBe(
      'warning: stray file not written by the generator: generated/x.ts (left alone)\n',
    );
    expect(await readFile(path.join(dir, 'generated/x.ts'), 'utf8')).toBe('export const x = 1;\n');
  });

  it('says generated/ differs from the contract for a hand edit, with the fix', async () => {
    const dir = await project();
    await edit(path.join(dir, 'generated/modules/notice.ts'), (text) => `${text}// hand edit\n`);
    await expectRefusal(
      dir,
      ['generate', '--check'],
      [
        'generated/ differs from what the contract produces:',
        '  differing: generated/modules/notice.ts',
        'Fix: npm run cli -- generate',
      ],
      1,
    );
  });
});

describe('an internal error', () => {
  /** Runs a script that hands `reportError` an unexpected error, as the CLI's catch does. */
  async function crash(env: Record<string, string> = {}): Promise<CliResult> {
    const dir = await tempDir('crash');
    const script = path.join(dir, 'crash.ts');
    await writeFile(
      script,
      `import { reportError } from ${JSON.stringify(path.join(REPO, 'cli/fail.ts'))};\n` +
        `reportError(new TypeError('cannot read x of undefined'));\n`,
    );
    const result = spawnSync(process.execPath, [...TSX_NODE_ARGS, script], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, DEBUG: '', ...env },
    });
    return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
  }

  it('is one line without a stack trace, pointing at --debug, and exits 4', async () => {
    const result = await crash();
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      'internal error: cannot read x of undefined (run again with --debug for the stack trace)\n',
    );
  });

  it('shows its stack trace with DEBUG=1', async () => {
    const result = await crash({ DEBUG: '1' });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^TypeError: cannot read x of undefined\n\s+at /);
  });
});
