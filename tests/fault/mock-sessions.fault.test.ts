// @vitest-environment node
/**
 * Issue 49 cases 2 and 12 against `cli mock-server` itself, as a page on another origin and a
 * password guesser meet it: no CORS unless started with `--cors-origin`, a sign-in that lasts
 * `--session-ttl` minutes, and a wait per client address that a forged header does not escape.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { forgetLoginFailures } from '@/mocks/login-throttle';
import { resetMockDatabase } from '@/mocks/reset';
import { runCliAsync, startMockServerProcess } from '../generator/cli-process';
import { signInOverHttp } from '../support/http-mock';

// Each case starts `cli mock-server` as a process of its own: seconds on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

const APP = 'http://app.example:5173';
const FOREIGN = 'http://attacker.example';

/** What a browser asks before a cross-origin call with the session header, and what it gets. */
async function preflight(url: string, origin: string): Promise<Response> {
  return fetch(`${url}/api/adminuser/list`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,access-token',
    },
  });
}

/** The no-click sign-in of case 2, sent with a page's Origin. */
async function ssoFrom(url: string, origin: string): Promise<Response> {
  return fetch(`${url}/api/ssologin`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ ticket: 'x' }),
  });
}

describe('cli mock-server: CORS', () => {
  it('by default no other origin gets Access-Control-Allow-Origin', async () => {
    const server = await startMockServerProcess();
    try {
      for (const origin of [FOREIGN, APP, 'null']) {
        const asked = await preflight(server.found, origin);
        expect(asked.headers.get('access-control-allow-origin')).toBeNull();
        expect(asked.headers.get('access-control-allow-headers')).toBeNull();
        const sso = await ssoFrom(server.found, origin);
        expect(sso.headers.get('access-control-allow-origin')).toBeNull();
        // And the sign-in itself is refused: no ticket but the demo one is accepted.
        expect(await sso.json()).toMatchObject({ status: 201 });
      }
    } finally {
      await server.stop();
    }
  });

  it('--cors-origin allows exactly that origin', async () => {
    const server = await startMockServerProcess(['--cors-origin', `${APP}/`]);
    try {
      expect(await server.printed(/pages of (\S+) may call it \(CORS\)/, 0)).toBe(APP);
      const allowed = await preflight(server.found, APP);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(APP);
      expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type,access-token');
      expect(allowed.headers.get('vary')).toBe('Origin');
      expect((await ssoFrom(server.found, APP)).headers.get('access-control-allow-origin')).toBe(
        APP,
      );
      for (const origin of [FOREIGN, 'http://app.example:5174', 'https://app.example:5173']) {
        expect(
          (await preflight(server.found, origin)).headers.get('access-control-allow-origin'),
        ).toBeNull();
        expect(
          (await ssoFrom(server.found, origin)).headers.get('access-control-allow-origin'),
        ).toBeNull();
      }
    } finally {
      await server.stop();
    }
  });

  it('refuses a --cors-origin that is not an origin, and a --session-ttl that is not minutes', async () => {
    for (const origin of ['*', 'app.example', 'http://app.example/path', 'file:///tmp/x']) {
      const run = await runCliAsync(['mock-server', '--port', '0', '--cors-origin', origin]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`invalid --cors-origin ${origin}`);
    }
    for (const ttl of ['0', '-5', 'forever']) {
      const run = await runCliAsync(['mock-server', '--port', '0', '--session-ttl', ttl]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`invalid --session-ttl ${ttl}`);
    }
  });
});

describe('startMockServer: session lifetime and the wait per address', () => {
  let server: RunningMockServer | undefined;
  const url = () => server?.url ?? '';

  beforeAll(async () => {
    resetMockDatabase();
    server = await startMockServer({ port: 0, host: '127.0.0.1', sessionTtlMinutes: 30 });
  });
  afterEach(() => {
    vi.useRealTimers();
    forgetLoginFailures();
  });
  afterAll(async () => {
    await server?.close();
    // The next server of this worker's files starts with the default lifetime (it sets its own).
  });

  async function listWith(token: string): Promise<unknown> {
    const response = await fetch(`${url()}/api/adminnotice/list`, {
      headers: { 'access-token': token },
    });
    return response.json();
  }

  it('--session-ttl 30: the token answers 401，登录失效！ 30 minutes after the sign-in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const token = await signInOverHttp(url());
    vi.setSystemTime(start + 29 * 60_000);
    expect(await listWith(token)).toMatchObject({ status: 200 });
    vi.setSystemTime(start + 30 * 60_000 + 1000);
    expect(await listWith(token)).toEqual({ status: 401, msg: '401，登录失效！', data: null });
  });

  it('a client naming another address in a header still waits after spraying 20 names', async () => {
    const guess = (username: string, forged: string) =>
      fetch(`${url()}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-mock-client-address': forged },
        body: JSON.stringify({
          username,
          password: 'Summer2025!',
          captcha: '8888',
          captcha_key: 'k',
        }),
      }).then((response) => response.json() as Promise<{ msg: string }>);
    for (let i = 0; i < 20; i += 1)
      expect((await guess(`user${i}`, `10.0.0.${i}`)).msg).toBe('用户名或密码错误');
    expect((await guess('user20', '10.0.1.1')).msg).toBe('登录失败次数过多，请 1 秒后再试');
  });

  it('behind nginx (X-Real-IP from loopback) one caller spraying names does not make the others wait', async () => {
    const viaProxy = (username: string, realIp: string) =>
      fetch(`${url()}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-real-ip': realIp },
        body: JSON.stringify({
          username,
          password: 'Summer2025!',
          captcha: '8888',
          captcha_key: 'k',
        }),
      }).then((response) => response.json() as Promise<{ msg: string }>);
    for (let i = 0; i < 20; i += 1) await viaProxy(`user${i}`, '198.51.100.1');
    expect((await viaProxy('user20', '198.51.100.1')).msg).toBe('登录失败次数过多，请 1 秒后再试');
    expect((await viaProxy('user21', '198.51.100.2')).msg).toBe('用户名或密码错误');
    expect(await signInOverHttp(url(), 'lina')).toMatch(/^[0-9a-f]{40}$/);
  });
});
