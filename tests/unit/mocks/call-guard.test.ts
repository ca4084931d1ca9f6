// @vitest-environment node
/**
 * Issue 49, cases 1, 4 and 6: the one guard in front of every mock handler. A call is judged on
 * its path exactly as sent and on its method — an operation of the contract or a reviewed
 * mock-only route, else 404 / 405 — and its token and permission key are checked for every call
 * it admits. Through msw/node (what vitest and the browser worker run) and over real HTTP (what
 * `cli mock-server` runs, where a prefixed path reaches no handler at all).
 */
import { describe, expect, it } from 'vitest';
import { isRecord } from '@/core/guards';
import { ORIGIN, call, signIn, withMockServer } from './harness';
import { signInOverHttp, withHttpMockServer } from '../../support/http-mock';
import { pngForm } from '../../support/png-form';

withMockServer();
const http = withHttpMockServer();

const NOT_FOUND = { status: 404, msg: '404，接口不存在！', data: null };
const NOT_ALLOWED = { status: 405, msg: '405，接口不支持该请求方式！', data: null };
const NO_PERMISSION = { status: 220, msg: '暂无权限', data: null };
const SIGNED_OUT = { status: 401, msg: '401，登录失效！', data: null };

/** 孙丽 may only read (role 3). */
const SUNLI = 'sunli';

/** Any method, any path under `base`; the JSON answer (or the text when it is none). */
async function send(
  method: string,
  path: string,
  options: { token?: string; body?: BodyInit; json?: unknown; base?: string } = {},
): Promise<unknown> {
  const headers: Record<string, string> = {};
  if (options.token) headers['access-token'] = options.token;
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${options.base ?? ORIGIN}${path}`, { method, headers, body });
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function attachmentCount(token: string): Promise<number> {
  const list = await call<{ allcount: number }>('GET', '/api/attachment/list', { token });
  return list.data.allcount;
}

describe('case 1: the path exactly as sent (msw/node)', () => {
  it.each([
    '/API/adminuser/resetpassword',
    '/Api/adminuser/resetpassword',
    '/api/ADMINUSER/resetpassword',
    '/api/%61dminuser/resetpassword',
    '/api/adminuser%2Fresetpassword',
  ])('POST %s without a token is no call (404) and resets no password', async (path) => {
    const sunli = await signIn(SUNLI);
    expect(await send('POST', path, { json: { id: 8 } })).toEqual(NOT_FOUND);
    // A reset would have ended 孙丽's sessions.
    expect((await call('GET', '/api/adminnotice/list', { token: sunli })).status).toBe(200);
  });

  it('saveroleauth in capitals grants no key to a role', async () => {
    const answer = await send('POST', '/API/adminrole/saveroleauth', {
      json: { roleid: 3, prilist: ['ADMINUSER_RESETPASSWORD'] },
    });
    expect(answer).toEqual(NOT_FOUND);
    const admin = await signIn();
    const auth = await call<unknown>('POST', '/api/adminrole/getroleauth', {
      token: admin,
      body: { roleid: 3 },
    });
    expect(JSON.stringify(auth.data)).not.toContain('ADMINUSER_RESETPASSWORD');
  });

  it('the paths of the contract still answer, public and guarded alike', async () => {
    expect(await call('GET', '/api/captcha')).toMatchObject({ status: 200 });
    expect(await send('POST', '/api/adminuser/resetpassword', { json: { id: 8 } })).toEqual(
      SIGNED_OUT,
    );
    const admin = await signIn();
    expect(
      await send('POST', '/api/adminuser/resetpassword', { token: admin, json: { id: 8 } }),
    ).toEqual({ status: 200, msg: '密码已重置为 Admin@123456', data: null });
  });
});

describe('an operation of the contract reaches only what it names', () => {
  it('the option list of /api/{method}/getkeyval reads no table of the mock’s own (the sessions)', async () => {
    const admin = await signIn();
    const sunli = await signIn(SUNLI);
    const sessions = await call<unknown[]>('GET', '/api/mock_session/getkeyval', { token: sunli });
    expect(sessions).toEqual({ status: 200, msg: '操作成功', data: [] });
    expect(JSON.stringify(sessions)).not.toContain(admin);
    const roles = await call<unknown[]>('GET', '/api/adminrole/getkeyval', { token: sunli });
    expect(roles.data.length).toBeGreaterThan(0);
  });
});

describe('case 1: a path under a prefix reaches no handler (HTTP, as cli mock-server)', () => {
  it.each(['/x', '/storage/x', '/sources/x', '/ws'])(
    'POST %s/api/adminuser/resetpassword without a token answers no success',
    async (prefix) => {
      const sunli = await signInOverHttp(http.url(), SUNLI);
      const answer = await send('POST', `${prefix}/api/adminuser/resetpassword`, {
        base: http.url(),
        json: { id: 8 },
      });
      expect(isRecord(answer) && answer.status).not.toBe(200);
      expect(JSON.stringify(answer)).not.toContain('密码已重置');
      const list = await send('GET', '/api/adminnotice/list', { base: http.url(), token: sunli });
      expect(isRecord(list) && list.status).toBe(200);
    },
  );

  it('a prefixed upload is not stored, a prefixed pushmessage pushes nothing', async () => {
    expect(
      await send('POST', '/x/api/tool/uploadimg', { base: http.url(), body: pngForm() }),
    ).toEqual(NOT_FOUND);
    expect(
      await send('POST', '/x/api/mock/pushmessage', { base: http.url(), json: { tm_title: 'x' } }),
    ).toEqual(NOT_FOUND);
  });
});

describe('case 4: a method the path does not declare is 405, an editor action’s key holds for every method', () => {
  it.each(['PUT', 'PATCH', 'DELETE'])(
    '孙丽 %s /ueditor/ue?action=uploadimage → 405, nothing stored',
    async (method) => {
      const sunli = await signIn(SUNLI);
      const before = await attachmentCount(sunli);
      expect(
        await send(method, '/ueditor/ue?action=uploadimage', { token: sunli, body: pngForm() }),
      ).toEqual(NOT_ALLOWED);
      expect(await attachmentCount(sunli)).toBe(before);
    },
  );

  it.each(['GET', 'POST'])(
    '孙丽 %s /ueditor/ue?action=uploadimage or catchimage → 暂无权限',
    async (method) => {
      const sunli = await signIn(SUNLI);
      for (const action of ['uploadimage', 'catchimage', 'uploadscrawl'])
        expect(
          await send(method, `/ueditor/ue?action=${action}`, {
            token: sunli,
            body: method === 'GET' ? undefined : pngForm(),
          }),
        ).toEqual({ state: '暂无权限' });
    },
  );

  it('the editor’s configuration stays public; its lists need a session', async () => {
    expect(await send('GET', '/ueditor/ue?action=config')).toMatchObject({
      imageActionName: 'uploadimage',
    });
    expect(await send('GET', '/ueditor/ue?action=listimage')).toEqual(SIGNED_OUT);
  });

  it('a write sent as GET, a list sent as POST: 405 naming the declared method', async () => {
    const admin = await signIn();
    const response = await fetch(`${ORIGIN}/api/adminuser/resetpassword?id=8`, {
      headers: { 'access-token': admin },
    });
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual(NOT_ALLOWED);
    expect(await send('POST', '/api/adminnotice/list', { token: admin, json: {} })).toEqual(
      NOT_ALLOWED,
    );
  });
});

describe('case 6: the demo-only calls and 全部已读', () => {
  async function unread(token: string): Promise<number> {
    return (await call<number>('POST', '/api/message/getmesnoreadnum', { token, body: {} })).data;
  }

  it('孙丽 cannot push a message to everyone; no token neither; the super administrator can', async () => {
    const admin = await signIn();
    const before = await unread(admin);
    const sunli = await signIn(SUNLI);
    const push = { tm_title: '孙丽的推送', tm_content: '' };
    expect(await send('POST', '/api/mock/pushmessage', { token: sunli, json: push })).toEqual(
      NO_PERMISSION,
    );
    expect(await send('POST', '/api/mock/pushmessage', { json: push })).toEqual(SIGNED_OUT);
    expect(await unread(admin)).toBe(before);
    expect(await send('POST', '/api/mock/pushmessage', { token: admin, json: push })).toMatchObject(
      { status: 200 },
    );
    expect(await unread(admin)).toBe(before + 1);
  });

  it('孙丽 cannot reset the demo data', async () => {
    const sunli = await signIn(SUNLI);
    expect(await send('POST', '/api/mock/reset', { token: sunli })).toEqual(NO_PERMISSION);
    expect(await send('POST', '/api/mock/reset')).toEqual(SIGNED_OUT);
  });

  it('read-all marks 孙丽’s messages read, not the administrator’s', async () => {
    const admin = await signIn();
    const sunli = await signIn(SUNLI);
    const adminUnread = await unread(admin);
    expect(adminUnread).toBeGreaterThan(0);
    expect(
      await call('POST', '/api/message/read', { token: sunli, body: { id: 'read-all' } }),
    ).toMatchObject({ status: 200 });
    expect(await unread(sunli)).toBe(0);
    expect(await unread(admin)).toBe(adminUnread);
    const list = await call<{ allcount: number }>('GET', '/api/message/list', {
      token: admin,
      query: { tm_status: 2, pageindex: 1, pagesize: 100 },
    });
    expect(list.data.allcount).toBe(adminUnread);
    const hers = await call<{ allcount: number }>('GET', '/api/message/list', {
      token: sunli,
      query: { tm_status: 2, pageindex: 1, pagesize: 100 },
    });
    expect(hers.data.allcount).toBe(0);
  });

  it('marking one message read marks it for the caller only', async () => {
    const admin = await signIn();
    const sunli = await signIn(SUNLI);
    const before = await unread(admin);
    await call('POST', '/api/message/read', { token: sunli, body: { id: 1 } });
    expect(await unread(sunli)).toBe(before - 1);
    expect(await unread(admin)).toBe(before);
    const info = await call<{ tm_status: number }>('POST', '/api/message/info', {
      token: sunli,
      body: { id: 1 },
    });
    expect(info.data.tm_status).toBe(1);
  });
});
