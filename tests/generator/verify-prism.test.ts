// @vitest-environment node
/**
 * An outside validator between `cli verify` and `cli mock-server`: Stoplight Prism's proxy,
 * reading the bundled contract (generated/openapi.json), checks every request verify sends and
 * every answer the mock server gives. With --errors a request violation is refused (422) and an
 * answer violation replaced by an error, and each is logged: the test fails on any of them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { receivedCalls, startPrismProxy, violationLines } from '../support/prism';
import { runCliAsync, startMockServerProcess, type RunningProcess } from './cli-process';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let mock: RunningProcess & { found: string };
let prism: RunningProcess & { found: string };

beforeAll(async () => {
  mock = await startMockServerProcess();
  prism = await startPrismProxy(mock.found);
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
    expect(violationLines(log)).toEqual([]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const report: unknown = JSON.parse(result.stdout);
    expect(report).toMatchObject({ summary: { schema: 0, failed: 0 } });
    // Every call verify made went through the proxy (the sign-in too).
    expect(receivedCalls(log).length).toBeGreaterThan(60);
  });
});
