// @vitest-environment node
/** Sign-in, the 401 guard and the password rules of spec section 5, as the user meets them. */
import { describe, expect, it } from 'vitest';
import { call, signIn, withMockServer } from './harness';
import { DEMO_SSO_TICKET, DEMO_WECHAT_CODE } from '@/mocks/auth';

withMockServer();

interface Captcha {
  image: string;
  captcha_key: string;
}

/** Reads the 4 characters drawn in the captcha SVG (what a person would type). */
function readCaptcha(image: string): string {
  const svg = atob(image.replace('data:image/svg+xml;base64,', ''));
  return [...svg.matchAll(/<text[^>]*>(.)<\/text>/g)].map((match) => match[1]).join('');
}

describe('captcha and login', () => {
  it('the captcha is an SVG image with 4 characters; typing them signs in', async () => {
    const captcha = await call<Captcha>('GET', '/api/captcha', { query: { r: 1 } });
    expect(captcha.status).toBe(200);
    expect(captcha.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const code = readCaptcha(captcha.data.image);
    expect(code).toHaveLength(4);
    const login = await call<{ token: string; userinfo: unknown; prilist: string }>(
      'POST',
      '/api/login',
      {
        body: {
          username: 'admin',
          password: 'Admin@123456',
          captcha: code.toLowerCase(),
          captcha_key: captcha.data.captcha_key,
        },
      },
    );
    expect(login).toMatchObject({ status: 200, msg: '登录成功' });
    expect(login.data.userinfo).toEqual({
      username: 'admin',
      nickname: '超级管理员',
      avatar: '/storage/avatar/admin.png',
    });
    expect(login.data.prilist.split(',')).toEqual(
      expect.arrayContaining([
        'ADMINNOTICE_ADD',
        'ADMINUSER_ADD',
        'ADMINUSER_EDIT',
        'ADMINUSER_RESETPASSWORD',
        'MODULE_ADD',
        'COMMON_ADD',
      ]),
    );
  });

  it('other administrators may only list and view', async () => {
    const login = await call<{ prilist: string }>('POST', '/api/login', {
      body: { username: 'lina', password: 'Admin@123456', captcha: '8888', captcha_key: 'k' },
    });
    const keys = login.data.prilist.split(',');
    expect(keys).toEqual(expect.arrayContaining(['ADMINNOTICE_LIST', 'ADMINNOTICE_INFO']));
    expect(keys).not.toContain('ADMINNOTICE_ADD');
  });

  it('a captcha code works once; the demo answer 8888 always works', async () => {
    const captcha = await call<Captcha>('GET', '/api/captcha');
    const code = readCaptcha(captcha.data.image);
    const body = {
      username: 'admin',
      password: 'Admin@123456',
      captcha: code,
      captcha_key: captcha.data.captcha_key,
    };
    expect((await call('POST', '/api/login', { body })).status).toBe(200);
    expect(await call('POST', '/api/login', { body })).toMatchObject({
      status: 201,
      msg: '验证码错误',
    });
    expect((await call('POST', '/api/login', { body: { ...body, captcha: '8888' } })).status).toBe(
      200,
    );
  });

  it('wrong answers get natural Chinese messages', async () => {
    const body = { username: 'admin', password: 'Admin@123456', captcha: '8888', captcha_key: 'k' };
    expect(await call('POST', '/api/login', { body: { ...body, captcha: '' } })).toMatchObject({
      status: 201,
      msg: '请输入验证码',
    });
    expect(await call('POST', '/api/login', { body: { ...body, captcha: 'abcd' } })).toMatchObject({
      status: 201,
      msg: '验证码错误',
    });
    expect(await call('POST', '/api/login', { body: { ...body, password: 'nope' } })).toMatchObject(
      { status: 201, msg: '用户名或密码错误' },
    );
    expect(
      await call('POST', '/api/login', { body: { ...body, username: 'ghost' } }),
    ).toMatchObject({ status: 201, msg: '用户名或密码错误' });
  });

  it('a disabled account cannot sign in', async () => {
    const token = await signIn();
    await call('POST', '/api/adminuser/disable', { token, body: { id: 2, status: 2 } });
    const body = {
      username: 'zhangwei',
      password: 'Admin@123456',
      captcha: '8888',
      captcha_key: 'k',
    };
    expect(await call('POST', '/api/login', { body })).toMatchObject({
      status: 201,
      msg: '账号已被禁用',
    });
  });
});

describe('401 guard', () => {
  it('protected calls without a valid token answer 401，登录失效！', async () => {
    const expired = { status: 401, msg: '401，登录失效！', data: null };
    expect(await call('GET', '/api/adminnotice/list')).toEqual(expired);
    expect(
      await call('POST', '/api/adminuser/info', { token: 'forged', body: { id: { id: 1 } } }),
    ).toEqual(expired);
    expect(
      await call('POST', '/api/dictionary/getkeyval', { body: { parentCode: 'Dep' } }),
    ).toEqual(expired);
    expect(await call('POST', '/api/tool/uploadimg/')).toEqual(expired);
  });

  it('login, captcha, SSO, WeChat and the editor configuration need no token', async () => {
    expect((await call('GET', '/api/captcha')).status).toBe(200);
    const ticket = { ticket: DEMO_SSO_TICKET };
    expect((await call('POST', '/api/ssologin', { body: ticket })).status).toBe(200);
    const code = { code: DEMO_WECHAT_CODE };
    expect((await call('POST', '/api/wechatauthlogin', { body: code })).status).toBe(200);
    const config = await call<unknown>('GET', '/ueditor/ue', { query: { action: 'config' } });
    expect(config).toMatchObject({ imageActionName: 'uploadimage', imageFieldName: 'upfile' });
  });

  it('a token from login opens protected calls', async () => {
    const token = await signIn();
    expect((await call('GET', '/api/adminnotice/list', { token })).status).toBe(200);
  });
});

describe('change password (spec section 5)', () => {
  const valid = { oldPwd: 'Admin@123456', newPwd: 'Newpass#2025', newPwdTwo: 'Newpass#2025' };

  it.each([
    [{ ...valid, oldPwd: '' }, '请输入旧密码！'],
    [{ ...valid, newPwd: '' }, '请输入新密码！'],
    [{ ...valid, newPwd: 'Ab1#', newPwdTwo: 'Ab1#' }, '密码长度8到20个字符'],
    [
      { ...valid, newPwd: 'Abcdefg1#Abcdefg1#Abc', newPwdTwo: 'Abcdefg1#Abcdefg1#Abc' },
      '密码长度8到20个字符',
    ],
    [
      { ...valid, newPwd: 'abcdefg1#', newPwdTwo: 'abcdefg1#' },
      '必须包含数字、大小写字母和特殊符号',
    ],
    [
      { ...valid, newPwd: 'ABCDEFG1#', newPwdTwo: 'ABCDEFG1#' },
      '必须包含数字、大小写字母和特殊符号',
    ],
    [
      { ...valid, newPwd: 'Abcdefgh#', newPwdTwo: 'Abcdefgh#' },
      '必须包含数字、大小写字母和特殊符号',
    ],
    [
      { ...valid, newPwd: 'Abcdefg12', newPwdTwo: 'Abcdefg12' },
      '必须包含数字、大小写字母和特殊符号',
    ],
    [
      { ...valid, newPwd: 'Abcdefg1$', newPwdTwo: 'Abcdefg1$' },
      '必须包含数字、大小写字母和特殊符号',
    ],
    [{ ...valid, newPwdTwo: '' }, '请确认密码！'],
    [{ ...valid, newPwdTwo: 'Newpass#2026' }, '两次输入的密码不一致！'],
    [{ ...valid, oldPwd: 'Wrong@123456' }, '旧密码不正确！'],
  ])('%o → %s', async (body, message) => {
    const token = await signIn();
    expect(await call('POST', '/api/adminuser/uppassword', { token, body })).toEqual({
      status: 201,
      msg: message,
      data: null,
    });
  });

  it.each(['`', '~', '!', '#', '@', '*', '&', '.'])(
    'accepts the special symbol %s',
    async (symbol) => {
      const token = await signIn();
      const pwd = `Abcdef12${symbol}`;
      const answer = await call('POST', '/api/adminuser/uppassword', {
        token,
        body: { ...valid, newPwd: pwd, newPwdTwo: pwd },
      });
      expect(answer).toMatchObject({ status: 200, msg: '密码修改成功，请重新登录' });
    },
  );

  it('a changed password ends the session and becomes the new sign-in password', async () => {
    const token = await signIn();
    expect((await call('POST', '/api/adminuser/uppassword', { token, body: valid })).status).toBe(
      200,
    );
    expect((await call('GET', '/api/adminnotice/list', { token })).status).toBe(401);
    await expect(signIn('admin', 'Admin@123456')).rejects.toThrow('用户名或密码错误');
    expect(await signIn('admin', 'Newpass#2025')).toBeTruthy();
  });

  it('resetpassword puts a user back on the demo password', async () => {
    const token = await signIn();
    const reset = await call('POST', '/api/adminuser/resetpassword', { token, body: { id: 3 } });
    expect(reset).toMatchObject({ status: 200, msg: '密码已重置为 Admin@123456' });
    expect(await signIn('lina', 'Admin@123456')).toBeTruthy();
  });
});

describe('encrypted requests (when the client is configured to encrypt)', () => {
  it('reads paramsData bodies and queries with the configured key', async () => {
    const { configureRequest, encryptText, resetRequestConfig } = await import('@/lib/request');
    const encryption = { key: 'k3y-for-tests-16', iv: 'iv-for-tests-016' };
    configureRequest({ encryption });
    try {
      const sealed = await encryptText(
        JSON.stringify({
          username: 'admin',
          password: 'Admin@123456',
          captcha: '8888',
          captcha_key: 'k',
        }),
        encryption,
      );
      const login = await call<{ token: string }>('POST', '/api/login', {
        body: { paramsData: sealed },
      });
      expect(login.status).toBe(200);
      const query = await encryptText(JSON.stringify({ keyword: '不存在的公告' }), encryption);
      const list = await call<{ allcount: number }>('GET', '/api/adminnotice/list', {
        token: login.data.token,
        query: { paramsData: query },
      });
      expect(list.data.allcount).toBe(0);
    } finally {
      resetRequestConfig();
    }
  });
});
