// @vitest-environment node
/**
 * Issue 49 case 8, against the real HTTP mock server as `cli mock-server` runs it (without
 * --allow-private-fetch): the editor's remote image capture must not reach the server's own
 * machine, however the address is spelt (0x7f000001, 2130706433, 0177.0.0.1, 127.1, localhost,
 * [::1], [::ffff:127.0.0.1], 0), and its answers must not tell an open port from a closed or a
 * slow one. The "intranet" is a server of this test on loopback that records what reaches it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { resetMockDatabase } from '@/mocks/reset';
import { signInOverHttp } from '../support/http-mock';
import { startIntranet, type Intranet } from '../support/intranet-server';

interface CatchAnswer {
  state: string;
  list: { source: string; state: string; url?: string }[];
}

const UNAVAILABLE = '远程图片抓取失败';

let server: RunningMockServer;
let token: string;
let v4: Intranet;
let v6: Intranet;

beforeAll(async () => {
  resetMockDatabase();
  server = await startMockServer({ port: 0, host: '127.0.0.1' });
  token = await signInOverHttp(server.url);
  v4 = await startIntranet('127.0.0.1');
  v6 = await startIntranet('::1');
});

afterAll(async () => {
  await server?.close();
  v4?.close();
  v6?.close();
});

async function capture(sources: readonly string[]): Promise<CatchAnswer> {
  const body = new URLSearchParams();
  for (const source of sources) body.append('source[]', source);
  const answer = await fetch(`${server.url}/ueditor/ue?action=catchimage`, {
    method: 'POST',
    headers: { 'access-token': token, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return (await answer.json()) as CatchAnswer;
}

describe('remote image capture without --allow-private-fetch', () => {
  it('refuses loopback in every spelling, IPv6 and IPv4-mapped included: nothing reaches it', async () => {
    const { port } = v4;
    const sources = [
      `http://127.0.0.1:${port}/image.png`,
      `http://0x7f000001:${port}/image.png`,
      `http://2130706433:${port}/image.png`,
      `http://0177.0.0.1:${port}/image.png`,
      `http://127.1:${port}/image.png`,
      `http://0:${port}/image.png`,
      `http://localhost:${port}/image.png`,
      `http://LOCALHOST.:${port}/image.png`,
      `http://[::ffff:127.0.0.1]:${port}/image.png`,
      `http://[::1]:${v6.port}/image.png`,
      `http://127.0.0.1:${port}/to-loopback`,
    ];
    const answer = await capture(sources);
    expect(answer.list).toEqual(sources.map((source) => ({ source, state: UNAVAILABLE })));
    expect([...v4.reached, ...v6.reached]).toEqual([]);
  });

  it('an open port, a closed one and a slow one answer the same', async () => {
    const { port } = v4;
    const started = Date.now();
    const answer = await capture([
      `http://127.0.0.1:${port}/page`,
      `http://127.0.0.1:${port}/missing.png`,
      'http://127.0.0.1:1/closed.png',
      `http://127.0.0.1:${port}/slow.png`,
    ]);
    expect(answer.list.map((entry) => entry.state)).toEqual([
      UNAVAILABLE,
      UNAVAILABLE,
      UNAVAILABLE,
      UNAVAILABLE,
    ]);
    // Refused before any connection: not even the slow port's time limit is waited for.
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('a scheme other than http(s) is still told as such (it depends on nothing remote)', async () => {
    const answer = await capture(['file:///etc/passwd']);
    expect(answer.list).toEqual([
      { source: 'file:///etc/passwd', state: '图片地址不正确，只能抓取 http 或 https 地址' },
    ]);
  });
});
