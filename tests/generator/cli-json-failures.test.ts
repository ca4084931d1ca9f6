// @vitest-environment node
/**
 * A CLI that always answers (issue 52 item 4): run with `--json`, every failure prints one JSON
 * document on stdout, valid against schemas/cli-report.schema.json, with the exit code it exits
 * with and what went wrong — bad YAML, a duplicate operationId, a file that is not OpenAPI, a
 * missing file, an unreachable server, a missing `--contract` folder (a usage error, exit 2,
 * named as typed), and `new-module` flags checked in `--dry-run` too. Before, stdout was empty.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SchemaObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it, vi } from 'vitest';
import { copyFixture, REPO, runCli, tempDir, type CliResult } from './helpers';

vi.setConfig({ testTimeout: 120_000 });

const schema: SchemaObject = JSON.parse(
  await readFile(path.join(REPO, 'schemas/cli-report.schema.json'), 'utf8'),
);
const validateReport = new Ajv2020({ allErrors: true, strict: true }).compile<Report>(schema);

interface Report {
  command: string;
  ok: boolean;
  exitCode: number;
  findings: { message?: string }[];
}

/** The run's stdout as a failure report, checked against the schema and the exit code. */
function failureOf(result: CliResult): { command: string; exitCode: number; text: string } {
  expect(result.stdout.trim(), result.stderr).not.toBe('');
  const parsed: unknown = JSON.parse(result.stdout);
  if (!validateReport(parsed))
    throw new Error(`not a CLI report: ${JSON.stringify(validateReport.errors)}`);
  expect(parsed.exitCode).toBe(result.code);
  expect(parsed.ok).toBe(false);
  const text = parsed.findings.map((finding) => finding.message ?? '').join('\n');
  return { command: parsed.command, exitCode: parsed.exitCode, text };
}

describe('--json answers every failure with a report', () => {
  it('import-openapi: a missing file, bad YAML, a file that is not OpenAPI', async () => {
    const dir = await copyFixture('basic');
    const missing = failureOf(
      runCli(['import-openapi', 'nowhere.yaml', '--name', 'shop', '--json'], dir),
    );
    expect(missing).toMatchObject({ command: 'import-openapi', exitCode: 2 });
    expect(missing.text).toContain('nowhere.yaml: no such file');

    await writeFile(path.join(dir, 'broken.yaml'), 'openapi: 3.0.0\ninfo: [unclosed\n');
    const broken = failureOf(
      runCli(['import-openapi', 'broken.yaml', '--name', 'shop', '--json'], dir),
    );
    expect(broken.exitCode).toBe(3);
    expect(broken.text).toContain('broken.yaml');

    await writeFile(path.join(dir, 'notes.yaml'), 'title: meeting notes\nitems: [a, b]\n');
    const notOpenApi = failureOf(
      runCli(['import-openapi', 'notes.yaml', '--name', 'shop', '--json'], dir),
    );
    expect(notOpenApi.exitCode).toBe(3);
    expect(notOpenApi.text).toContain('notes.yaml');
  });

  it('generate --check and lint: a duplicate operationId names both files', async () => {
    const dir = await copyFixture('basic');
    const paths = path.join(dir, 'openapi/paths');
    const [first] = (await import('node:fs')).readdirSync(paths).filter((f) => f.endsWith('.yaml'));
    if (!first) throw new Error('the basic fixture has no path fragment');
    const text = await readFile(path.join(paths, first), 'utf8');
    // The same fragment under another name and other paths: every operationId is defined twice.
    await writeFile(
      path.join(paths, `copy-${first}`),
      text.replace(/^( {2})\/api\//gm, '$1/api/copy'),
    );
    for (const args of [
      ['generate', '--check', '--json'],
      ['lint', '--json'],
    ]) {
      const failure = failureOf(runCli(args, dir));
      expect(failure.exitCode).toBe(3);
      expect(failure.text).toMatch(/operationId/);
      expect(failure.text).toContain(`copy-${first}`);
    }
  });

  it('a missing --contract folder is a usage error (exit 2) named as typed', async () => {
    const dir = await tempDir('cli-json-contract');
    const failure = failureOf(
      runCli(['lint', '--json', '--contract', '../../../nonexistent'], dir),
    );
    expect(failure).toMatchObject({ command: 'lint', exitCode: 2 });
    expect(failure.text).toContain('contract folder ../../../nonexistent not found');
  });

  it('verify: an unreachable server', async () => {
    const dir = await copyFixture('basic');
    process.env.CLI_JSON_TEST_PASSWORD = 'Admin@123456';
    const result = runCli(
      [
        'verify',
        '--base-url',
        'http://127.0.0.1:9',
        '--password-env',
        'CLI_JSON_TEST_PASSWORD',
      ].concat(['--json']),
      dir,
    );
    const failure = failureOf(result);
    expect(failure).toMatchObject({ command: 'verify', exitCode: 1 });
    expect(failure.text).toContain('127.0.0.1:9');
  });

  it('new-module checks its flags in a dry run, and an unknown option answers as JSON too', async () => {
    const dir = await copyFixture('basic');
    const dryRun = runCli(['new-module', 'adminarticle', '--route', 'nope', '--dry-run'], dir);
    expect(dryRun.code).toBe(2);
    expect(dryRun.stderr).toContain('route "nope" must be an absolute path like /system/notice');
    expect(dryRun.stdout).not.toContain('would create');
    const unknown = failureOf(runCli(['generate', '--bogus', '--json'], dir));
    expect(unknown).toMatchObject({ command: 'generate', exitCode: 2 });
    expect(unknown.text).toContain("unknown option '--bogus'");
  });
});
