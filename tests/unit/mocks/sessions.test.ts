// @vitest-environment node
/**
 * Sessions as an attacker meets them (issue 49, cases 2 and 12): SSO and WeChat sign in only with
 * the documented demo ticket and code, and as the ordinary 孙丽; a sign-in ends only its own
 * user's oldest session; a session ends with its lifetime and with sign-out; wrong passwords in a
 * row meet a growing wait, which the right password does not skip.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, call, ORIGIN, signIn, withMockServer } from './harness';
import { DEMO_SSO_TICKET, DEMO_WECHAT_CODE } from '@/mocks/auth';
import { CLIENT_ADDRESS_HEADER } from '@/mocks/login-throttle';
import { SESSIONS_PER_USER } from '@/mocks/sessions';

withMockServer();

const EXPIRED = { status: 401, msg: '401，登录失效！', data: null };

interface LoginData {
  token: string;
  userinfo: { username: string };
  prilist: string;
}

/** A call that needs a live session: its envelope status (200 live, 401 ended). */
async function listStatus(token: string): Promise<number> {
  return (await call('GET', '/api/adminnotice/list', { token })).status;
}

const sso = (ticket: string) => call<LoginData>('POST', '/api/ssologin', { body: { ticket } });

async function ssoToken(): Promise<string> {
  const answer = await sso(DEMO_SSO_TICKET);
  if (answer.status !== 200) throw new Error(`SSO refused: ${answer.msg}`);
  return answer.data.token;
}

/** POST /api/login with the demo captcha, as a client at `address` (the mock server's header). */
async function login(username: string, password: string, address = ''): Promise<Answer> {
  const response = await fetch(new URL('/api/login', ORIGIN), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(address ? { [CLIENT_ADDRESS_HEADER]: address } : {}),
    },
    body: JSON.stringify({ username, password, captcha: '8888', captcha_key: 'k' }),
  });
  return (await response.json()) as Answer;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SSO and WeChat sign-in', () => {
  it('refuses any ticket or code but the documented demo ones, in Chinese', async () => {
    for (const ticket of ['x', 'admin', `${DEMO_SSO_TICKET} `, DEMO_WECHAT_CODE])
      expect(await sso(ticket)).toEqual({
        status: 201,
        msg: '单点登录票据无效或已过期，请重新登录',
        data: null,
      });
    for (const code of ['x', DEMO_SSO_TICKET])
      expect(await call('POST', '/api/wechatauthlogin', { body: { code } })).toEqual({
        status: 201,
        msg: '微信授权码无效或已过期，请重新扫码登录',
        data: null,
      });
  });

  it('the demo ticket and code sign in 孙丽 with her reading keys only, never every key', async () => {
    const byPassword = await login('sunli', 'Admin@123456');
    const ownKeys = (byPassword.data as LoginData).prilist.split(',').sort();
    const wechat = await call<LoginData>('POST', '/api/wechatauthlogin', {
      body: { code: DEMO_WECHAT_CODE },
    });
    for (const answer of [await sso(DEMO_SSO_TICKET), wechat]) {
      expect(answer).toMatchObject({ status: 200, msg: '登录成功' });
      expect(answer.data.userinfo.username).toBe('sunli');
      expect(answer.data.prilist.split(',').sort()).toEqual(ownKeys);
      expect(answer.data.prilist.split(',')).not.toContain('ADMINUSER_ADD');
    }
    const sunli = await ssoToken();
    // What the attacker of case 2 did next: add an administrator with role 1.
    const added = await call('POST', '/api/adminuser/add', {
      token: sunli,
      body: { username: 'intruder', nickname: '入侵者', password: 'Intrude#2025', role_id: 1 },
    });
    expect(added.status).toBe(220);
  });
});

describe('the session cap', () => {
  it(`${SESSIONS_PER_USER + 1} sign-ins of one user end only that user's oldest session`, async () => {
    const admin = await signIn();
    const sunli = [];
    for (let i = 0; i <= SESSIONS_PER_USER; i += 1) sunli.push(await ssoToken());
    expect(await listStatus(admin)).toBe(200);
    expect(await listStatus(sunli[0] ?? '')).toBe(401);
    expect(await listStatus(sunli[1] ?? '')).toBe(200);
    expect(await listStatus(sunli[SESSIONS_PER_USER] ?? '')).toBe(200);
  });
});

describe('session lifetime and sign-out', () => {
  it('a session ends 12 hours after its sign-in: 401，登录失效！', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const token = await signIn();
    vi.setSystemTime(start + 12 * 3_600_000 - 60_000);
    expect(await listStatus(token)).toBe(200);
    vi.setSystemTime(start + 12 * 3_600_000 + 1_000);
    expect(await call('GET', '/api/adminnotice/list', { token })).toEqual(EXPIRED);
  });

  it('sign-out ends the token on the server; signing out twice still succeeds', async () => {
    const token = await signIn();
    const other = await signIn();
    expect(await call('POST', '/api/logout', { token, body: {} })).toEqual({
      status: 200,
      msg: '已退出登录',
      data: null,
    });
    expect(await call('GET', '/api/adminnotice/list', { token })).toEqual(EXPIRED);
    expect(await call('POST', '/api/adminuser/info', { token, body: { id: 1 } })).toEqual(EXPIRED);
    // The same user's other sign-in (another browser) goes on.
    expect(await listStatus(other)).toBe(200);
    expect((await call('POST', '/api/logout', { token, body: {} })).status).toBe(200);
    expect((await call('POST', '/api/logout', { body: {} })).status).toBe(200);
  });
});

/** The figure in 登录失败次数过多，请 N 秒后再试 (minutes counted as 60 s), or 0 for any other answer. */
function waitOf(answer: Answer): number {
  const match = /^登录失败次数过多，请 (\d+) (秒|分钟)后再试$/.exec(answer.msg);
  if (!match) return 0;
  return Number(match[1]) * (match[2] === '分钟' ? 60 : 1);
}

describe('wrong passwords in a row', () => {
  it('200 wrong passwords: after 5 every try waits, the wait doubles, and the right password waits too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const answers: Answer[] = [];
    for (let i = 0; i < 200; i += 1) answers.push(await login('admin', `wrong-${i}`));
    expect(answers.slice(0, 5).map((answer) => answer.msg)).toEqual(
      Array<string>(5).fill('用户名或密码错误'),
    );
    expect(new Set(answers.slice(5).map((answer) => answer.msg))).toEqual(
      new Set(['登录失败次数过多，请 1 秒后再试']),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    // The right password during the wait is turned away before it is checked.
    expect((await login('admin', 'Admin@123456')).msg).toBe('登录失败次数过多，请 1 秒后再试');

    // Each wrong password once the wait is over: the next wait is twice as long, up to 5 minutes
    // (a minute or more is said in whole minutes, rounded up).
    const waits: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      vi.setSystemTime(Date.now() + waitOf(await login('admin', 'Admin@123456')) * 1000);
      expect((await login('admin', `again-${i}`)).msg).toBe('用户名或密码错误');
      waits.push(
        (await login('admin', 'Admin@123456')).msg.replace(/^登录失败次数过多，请 |后再试$/g, ''),
      );
    }
    expect(waits).toEqual([
      ...['2 秒', '4 秒', '8 秒', '16 秒', '32 秒'],
      ...['2 分钟', '3 分钟', '5 分钟', '5 分钟', '5 分钟', '5 分钟'],
    ]);

    // Once the wait is over the right password signs in, and the streak starts again from 0.
    vi.setSystemTime(Date.now() + 300_000);
    expect(await login('admin', 'Admin@123456')).toMatchObject({ status: 200, msg: '登录成功' });
    expect((await login('admin', 'wrong-again')).msg).toBe('用户名或密码错误');
  });

  it('another user name and another address are not kept waiting; spraying one address is', async () => {
    for (let i = 0; i < 5; i += 1) await login('admin', `wrong-${i}`, '198.51.100.7');
    expect(waitOf(await login('admin', 'Admin@123456', '198.51.100.7'))).toBe(1);
    // The name waits from every address (the attacker can change addresses, not the victim).
    expect(waitOf(await login('admin', 'Admin@123456', '203.0.113.9'))).toBe(1);
    expect((await login('lina', 'Admin@123456', '198.51.100.7')).status).toBe(200);

    // One address trying one password over many names waits after 20.
    const names = Array.from({ length: 20 }, (_, i) => `user${i}`);
    for (const name of names) await login(name, 'Summer2025!', '192.0.2.1');
    expect(waitOf(await login('zhangwei', 'Admin@123456', '192.0.2.1'))).toBe(1);
    expect((await login('zhangwei', 'Admin@123456', '203.0.113.9')).status).toBe(200);
  });
});
