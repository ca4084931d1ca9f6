// @vitest-environment node
/**
 * The CLI's contract with CI: `--version`, one exit code per kind of outcome for every command
 * (0 ok, 1 drift or verification failure, 2 usage error, 3 contract error, 4 internal error:
 * tests/fault/cli.fault.test.ts), and the JSON documents of `generate --check --json`,
 * `lint --json` and `verify --json`, validated by schemas/cli-report.schema.json, and
 * `verify --reporter junit`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { SchemaObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCliAsync, startMockServerProcess, within, type RunningProcess } from './cli-process';
import manifest from '../../package.json' with { type: 'json' };
import { CLI_SOURCE, copyFixture, REPO, runCli, type CliResult } from './helpers';

vi.setConfig({ testTimeout: 180_000 });

const schema: SchemaObject = JSON.parse(
  await readFile(path.join(REPO, 'schemas/cli-report.schema.json'), 'utf8'),
);
const validateReport = new Ajv2020({ allErrors: true, strict: true }).compile<Report>(schema);

interface Report {
  command: string;
  version: string;
  ok: boolean;
  exitCode: number;
  summary: Record<string, number>;
  findings: Record<string, unknown>[];
}

/** The run's stdout as a report, after checking it against the schema. */
function reportOf(result: CliResult): Report {
  const parsed: unknown = JSON.parse(result.stdout);
  if (!validateReport(parsed))
    throw new Error(`not a CLI report: ${JSON.stringify(validateReport.errors)}`);
  expect(parsed.exitCode).toBe(result.code);
  return parsed;
}

const VERSION = manifest.version;

describe('cli --version and usage errors (exit 2)', () => {
  it('prints the version and exits 0; the help lists the exit codes', () => {
    const version = runCli(['--version'], REPO);
    expect([version.code, version.stdout]).toEqual([0, `${VERSION}\n`]);
    const help = runCli(['--help'], REPO);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Exit codes (every command):');
    expect(help.stdout).toMatch(/ {2}2 {2}usage error/);
  });

  it.each([
    [['generate', '--bogus'], "error: unknown option '--bogus'"],
    [['frobnicate'], "error: unknown command 'frobnicate'"],
    [
      ['generate', '--check', '--dry-run'],
      "option '--check' cannot be used with option '--dry-run'",
    ],
    [['generate', '--json'], '--json goes with --check'],
    [['mock-server'], "error: required option '--port <port>' not specified"],
    [['mock-server', '--port', 'abc'], 'invalid --port abc'],
    [['watch', '--contract', 'no-such-folder'], 'contract folder no-such-folder not found'],
    [['watch', '--tsconfig', 'no-such.json'], `no tsconfig at ${REPO}/no-such.json`],
    [['verify', '--base-url', 'ftp://x'], 'invalid --base-url ftp://x: only http and https'],
    [
      ['verify', '--base-url', 'http://127.0.0.1:9', '--reporter', 'xml'],
      "argument 'xml' is invalid. Allowed choices are text, json, junit.",
    ],
    [
      ['verify', '--base-url', 'http://127.0.0.1:9'],
      'verify needs the password: --password-env NAME',
    ],
    [
      ['verify', '--base-url', 'http://127.0.0.1:9', '--password-env', 'CLI_TEST_UNSET'],
      '--password-env CLI_TEST_UNSET: the environment variable is not set or empty',
    ],
  ])('%j exits 2: %s', (args, message) => {
    const result = runCli(args, REPO);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('shows no password, and no default one, in the help of verify', () => {
    const help = runCli(['verify', '--help'], REPO).stdout;
    expect(help).toContain('--password-env <NAME>');
    expect(help).not.toMatch(/--password </);
    expect(help).not.toContain('Admin@123456');
  });
});

describe('generate --check (exit 1 on drift) and lint (exit 3) as JSON', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await copyFixture('basic');
    expect(runCli(['generate'], dir).code).toBe(0);
  });

  it('reports an up-to-date output as ok, then each drifted file as one finding', async () => {
    const clean = reportOf(runCli(['generate', '--check', '--json'], dir));
    expect(clean).toMatchObject({ command: 'generate --check', ok: true, exitCode: 0 });
    expect(clean.findings).toEqual([]);

    const fragment = path.join(dir, 'openapi/paths/adminnotice.yaml');
    await writeFile(
      fragment,
      (await readFile(fragment, 'utf8')).replace('title: 公告管理', 'title: 通知公告'),
    );
    await writeFile(path.join(dir, 'generated/notes.txt'), 'mine\n');
    const drift = runCli(['generate', '--check', '--json'], dir);
    expect(drift.code).toBe(1);
    const report = reportOf(drift);
    expect(report.findings).toContainEqual({
      kind: 'differing',
      file: 'generated/modules/notice.ts',
      fix: 'npm run cli -- generate',
    });
    expect(report.findings).toContainEqual(
      expect.objectContaining({ kind: 'stray', file: 'generated/notes.txt' }),
    );
    expect(report.summary.stray).toBe(1);
  });

  it('lint exits 3 with one object per problem, naming rule, file and line', () => {
    const result = runCli(['lint', '--json'], dir);
    expect(result.code).toBe(3);
    const report = reportOf(result);
    expect(report.summary.warnings).toBe(report.findings.length);
    expect(report.findings).toContainEqual({
      severity: 'warning',
      rule: 'no-unused-components',
      message: expect.any(String),
      pointer: '#/components/schemas/CashBody',
      file: expect.stringMatching(/\.yaml$/),
      line: expect.any(Number),
    });
  });

  it('a contract that does not load exits 3, in text and with --json alike', async () => {
    const broken = await copyFixture('basic');
    await writeFile(path.join(broken, 'openapi/paths/tool.yaml'), 'paths: [unclosed\n');
    for (const args of [['lint'], ['lint', '--json'], ['generate']]) {
      const result = runCli(args, broken);
      expect([args, result.code], result.stderr).toEqual([args, 3]);
      expect(result.stderr).toContain('paths/tool.yaml');
      expect(result.stderr).not.toContain('    at ');
    }
  });
});

describe('verify against `cli mock-server` (exit 0 / 1), as JSON and JUnit', () => {
  let server: RunningProcess & { found: string };
  const env = { ...process.env, CLI_TEST_PASSWORD: 'Admin@123456' };
  beforeAll(async () => {
    server = await startMockServerProcess();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('--json: every operation one finding, all ok, valid against the schema', async () => {
    const result = await runCliAsync(
      ['verify', '--base-url', server.found, '--password-env', 'CLI_TEST_PASSWORD', '--json'],
      { env },
    );
    expect(result.code, result.stderr).toBe(0);
    const report = reportOf(result);
    expect(report.summary.operations).toBe(report.findings.length);
    expect(report.summary.ok).toBeGreaterThan(40);
    expect(report.summary).toMatchObject({ schema: 0, failed: 0 });
    expect(report.findings).toContainEqual({
      operationId: 'adminnoticeList',
      method: 'GET',
      path: '/api/adminnotice/list',
      outcome: 'ok',
      detail: '',
    });
  });

  it('--reporter junit: one test case per operation, skipped ones marked', async () => {
    const result = await runCliAsync(
      ['verify', '--base-url', server.found, '--password-env', 'CLI_TEST_PASSWORD'].concat([
        '--reporter',
        'junit',
      ]),
      { env },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
    const tests = Number(
      /<testsuite name="cli verify" tests="(\d+)" failures="0"/.exec(result.stdout)?.[1],
    );
    expect(tests).toBeGreaterThan(40);
    expect(result.stdout.match(/<testcase /g)).toHaveLength(tests);
    expect(result.stdout).toContain(
      '<testcase classname="cli verify" name="GET /api/adminnotice/list (adminnoticeList)"/>',
    );
  });

  it('asks for the password, without echoing it, when run in a terminal', async () => {
    // util-linux `script` runs the CLI on a pseudo-terminal; the password is typed at the prompt.
    // Through the tsx launcher, as ever: started without it, this case failed now and then.
    const tsx = path.join(REPO, 'node_modules/tsx/dist/cli.mjs');
    const command = [process.execPath, tsx, CLI_SOURCE, 'verify', '--base-url', server.found]
      .map((part) => `'${part}'`)
      .join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.endsWith('password for admin: ')) child.stdin.write('Admin@123456\r');
    });
    const code = await within(
      new Promise<number | null>((resolve) => child.once('close', resolve)),
      120_000,
      'verify in a terminal',
    );
    expect(code, output).toBe(0);
    expect(output).toContain('password for admin: ');
    expect(output).not.toContain('Admin@123456');
    expect(output).toMatch(/\d+ operation\(s\): \d+ ok, 0 schema error\(s\), 0 failed/);
  });

  it('a refused sign-in and a server that does not answer exit 1', async () => {
    const refused = await runCliAsync(
      ['verify', '--base-url', server.found, '--password-env', 'CLI_TEST_WRONG'],
      { env: { ...env, CLI_TEST_WRONG: 'not-the-password' } },
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^sign-in failed: HTTP 200, status \d+/);
    // A port that was just free: nothing listens there.
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const nobody = await runCliAsync(
      ['verify', '--base-url', `http://127.0.0.1:${closed}`, '--password-env', 'CLI_TEST_PASSWORD'],
      { env },
    );
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('sign-in failed: ECONNREFUSED');
  });
});
