// @vitest-environment node
/**
 * `cli verify` against live servers on loopback: the project's HTTP mock server answers every
 * safe operation as the contract says; a server that breaks answers is caught, with the
 * operation and the JSON path named.
 */
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../generator';
import {
  formatVerifyReport,
  verifyServer,
  VerifyError,
  type VerifyReport,
} from '../../generator/verify/verify-server';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { resetMockDatabase } from '@/mocks/reset';
import { closedPort } from '../support/closed-port';

let mock: RunningMockServer;
let broken: Server;
let brokenUrl: string;
type Json = Record<string, unknown>;
let document: Json;

/**
 * Passes every call to the mock server, except: notice titles become numbers, the role list
 * loses `allcount`, and the job list answers HTTP 500.
 */
function startBrokenServer(target: string): Promise<string> {
  broken = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = request.url ?? '/';
        if (url.startsWith('/api/adminjob/list')) {
          response.writeHead(500).end('boom');
          return;
        }
        const answer = await fetch(new URL(url, target), {
          method: request.method,
          headers: Object.fromEntries(
            Object.entries(request.headers).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          ),
          body: request.method === 'GET' ? undefined : Buffer.concat(chunks),
        });
        const body = (await answer.json()) as { data?: { data?: Json[]; allcount?: number } };
        if (url.startsWith('/api/adminnotice/list'))
          for (const row of body.data?.data ?? []) row.notice_title = 12345;
        if (url.startsWith('/api/adminrole/list')) delete body.data?.allcount;
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      })();
    });
  });
  return new Promise((resolve) => {
    broken.listen(0, '127.0.0.1', () => {
      const address = broken.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
    });
  });
}

beforeAll(async () => {
  resetMockDatabase();
  mock = await startMockServer({ port: 0, host: '127.0.0.1' });
  brokenUrl = await startBrokenServer(mock.url);
  ({ document } = await loadContract(path.resolve('openapi')));
});
afterAll(async () => {
  await new Promise((resolve) => broken.close(resolve));
  await mock.close();
});

function verify(baseUrl: string, password = 'Admin@123456'): Promise<VerifyReport> {
  return verifyServer({ baseUrl, username: 'admin', password, captcha: '8888', document });
}

function resultOf(report: VerifyReport, operationId: string) {
  return report.results.find((result) => result.operationId === operationId);
}

describe('cli verify', () => {
  it('finds the mock server faithful: every called operation ok, lists and info included', async () => {
    const report = await verify(mock.url);
    const notOk = report.results.filter((r) => r.outcome === 'schema' || r.outcome === 'failed');
    expect(notOk).toEqual([]);
    expect(report.counts.ok).toBeGreaterThanOrEqual(60);
    expect(resultOf(report, 'adminnoticeList')?.outcome).toBe('ok');
    expect(resultOf(report, 'adminnoticeInfo')?.outcome).toBe('ok');
    expect(resultOf(report, 'adminmenuGettreemenu')?.outcome).toBe('ok');
    // A skipped call says which value it lacked.
    for (const skipped of report.results.filter((r) => r.outcome === 'skipped'))
      expect(skipped.detail).toMatch(/^needs /);
  });

  it('names each broken answer of a deliberately broken server', async () => {
    const report = await verify(brokenUrl);
    expect(resultOf(report, 'adminnoticeList')).toMatchObject({
      outcome: 'schema',
      detail: expect.stringContaining('/data/data/0/notice_title: must be string'),
    });
    expect(resultOf(report, 'adminroleList')).toMatchObject({
      outcome: 'schema',
      detail: expect.stringContaining("must have required property 'allcount'"),
    });
    expect(resultOf(report, 'adminjobList')).toMatchObject({
      outcome: 'failed',
      detail: 'HTTP 500',
    });
    expect(resultOf(report, 'adminuserList')?.outcome).toBe('ok');
    const printed = formatVerifyReport(report);
    expect(printed).toMatch(
      /^SCHEMA +GET \/api\/adminnotice\/list +adminnoticeList +\/data\/data\/0/m,
    );
    expect(printed).toMatch(/ ok, 2 schema error\(s\), /);
  });

  it('stops with the reason when the sign-in is refused', async () => {
    await expect(verify(mock.url, 'wrong-password')).rejects.toThrow(VerifyError);
    await expect(verify(mock.url, 'wrong-password')).rejects.toThrow(
      /^sign-in failed: HTTP 200, status 201/,
    );
  });

  it('stops with the reason when nothing listens', async () => {
    const port = await closedPort();
    await expect(verify(`http://127.0.0.1:${port}/`)).rejects.toThrow(
      /^sign-in failed: ECONNREFUSED/,
    );
  });
});
