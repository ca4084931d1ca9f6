// @vitest-environment node
/**
 * An outside validator between `cli verify` and `cli mock-server`: Stoplight Prism's proxy,
 * reading the bundled contract (generated/openapi.json), checks every request verify sends and
 * every answer the mock server gives. With --errors a request violation is refused (422) and an
 * answer violation replaced by an error, and each is logged: the test fails on any of them.
 */
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  runCliAsync,
  startMockServerProcess,
  startProcess,
  type RunningProcess,
} from './cli-process';
import { REPO } from './helpers';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const PRISM = path.join(REPO, 'node_modules/@stoplight/prism-cli/dist/index.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let mock: RunningProcess & { found: string };
let prism: RunningProcess & { found: string };

beforeAll(async () => {
  mock = await startMockServerProcess();
  prism = await startProcess(
    process.execPath,
    [
      PRISM,
      'proxy',
      path.join(REPO, 'generated/openapi.json'),
      mock.found,
      '--errors',
      '--host',
      '127.0.0.1',
      '--port',
      String(await freePort()),
    ],
    /Prism is listening on (http:\/\/\S+)/,
    90_000,
  );
});
afterAll(async () => {
  await prism?.stop();
  await mock?.stop();
});

describe('cli verify through Prism in front of cli mock-server', () => {
  it('breaks the contract in no request and no answer', async () => {
    const result = await runCliAsync(
      ['verify', '--base-url', prism.found, '--password-env', 'PRISM_TEST_PASSWORD', '--json'],
      { env: { ...process.env, PRISM_TEST_PASSWORD: 'Admin@123456' } },
    );
    const log = prism.output();
    const violations = log
      .split('\n')
      .filter((line) => /violation|request terminated with error|✖/i.test(line));
    expect(violations).toEqual([]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const report: unknown = JSON.parse(result.stdout);
    expect(report).toMatchObject({ summary: { schema: 0, failed: 0 } });
    // Every call verify made went through the proxy (the sign-in too).
    const received = log.match(/\[HTTP SERVER\] \w+ \/\S+ .*Request received/g) ?? [];
    expect(received.length).toBeGreaterThan(60);
  });
});
