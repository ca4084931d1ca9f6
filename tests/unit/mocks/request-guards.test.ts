// @vitest-environment node
/**
 * The request guards as the browser demo and vitest meet them (msw/node, no HTTP server in
 * between): contract messages naming the field, bodies sealed in paramsData checked after they
 * are opened, the size limit, and the 220 for a write without the key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { encryptText } from '@/core/crypto';
import { configureRequest, resetRequestConfig } from '@/core/request-config';
import { call, send, signIn, withMockServer } from './harness';

withMockServer();

const encryption = { key: '0123456789abcdef', iv: 'fedcba9876543210' };

afterEach(() => resetRequestConfig());

interface ListData {
  data: { notice_title: string }[];
  allcount: number;
}

/** A contract refusal of one field: its message, and the list of every problem beside it. */
function refused(field: string, msg: string) {
  return { status: 201, msg, data: { errors: [{ field, pointer: `/${field}`, message: msg }] } };
}

describe('contract check', () => {
  it('names the field by its label; a missing required field keeps the engine’s wording', async () => {
    const token = await signIn();
    expect(
      await call('POST', '/api/adminnotice/add', {
        token,
        body: { notice_title: '字'.repeat(101), notice_type: 1 },
      }),
    ).toEqual(refused('notice_title', '「公告标题」长度不能超过100个字符'));
    expect(await call('POST', '/api/adminnotice/add', { token, body: { notice_type: 1 } })).toEqual(
      refused('notice_title', '请输入公告标题'),
    );
    expect(
      await call('POST', '/api/adminnotice/add', {
        token,
        body: { notice_title: '类型', notice_type: 1, status: 3 },
      }),
    ).toEqual(refused('status', '「状态」取值不正确'));
  });

  it('takes numbers sent as text in the query', async () => {
    const token = await signIn();
    const page = await call<ListData>('GET', '/api/adminnotice/list', {
      token,
      query: { pageindex: '1', pagesize: '2', notice_type: '1' },
    });
    expect(page.status).toBe(200);
    expect(page.data.data).toHaveLength(2);
  });

  it('checks a body sealed in paramsData after opening it, and stores a good one', async () => {
    configureRequest({ encryption });
    const token = await signIn();
    const sealed = async (body: unknown) => ({
      paramsData: await encryptText(JSON.stringify(body), encryption),
    });
    expect(
      await call('POST', '/api/adminnotice/add', {
        token,
        body: await sealed({
          notice_title: 'x'.repeat(101),
          notice_type: 1,
        }),
      }),
    ).toEqual(refused('notice_title', '「公告标题」长度不能超过100个字符'));
    const added = await call<{ notice_title: string }>('POST', '/api/adminnotice/add', {
      token,
      body: await sealed({ notice_title: '密文公告', notice_type: 1 }),
    });
    expect(added.status).toBe(200);
    expect(added.data.notice_title).toBe('密文公告');
    const query = await encryptText(JSON.stringify({ pagesize: 0 }), encryption);
    expect(
      await call('GET', '/api/adminnotice/list', { token, query: { paramsData: query } }),
    ).toEqual(refused('pagesize', '「每页条数」不能小于1'));
  });
});

describe('size limit and readability', () => {
  it('a notice with 10 MB of content is refused and not stored', async () => {
    const token = await signIn();
    expect(
      await call('POST', '/api/adminnotice/add', {
        token,
        body: {
          notice_title: '十兆',
          notice_type: 1,
          notice_content: 'x'.repeat(10 * 1024 * 1024),
        },
      }),
    ).toEqual({ status: 201, msg: '请求内容过大，不能超过 1 MB', data: null });
    const list = await call<ListData>('GET', '/api/adminnotice/list', {
      token,
      query: { keyword: '十兆' },
    });
    expect(list.data.allcount).toBe(0);
  });

  it('JSON that does not parse gets a message instead of an empty body', async () => {
    const token = await signIn();
    const response = await fetch('http://localhost/api/adminnotice/add', {
      method: 'POST',
      headers: { 'access-token': token, 'content-type': 'application/json' },
      body: '{"notice_title":',
    });
    expect(await response.json()).toEqual({
      status: 201,
      msg: '请求格式错误（JSON 无法解析）',
      data: null,
    });
  });
});

describe('permission keys', () => {
  it('a write without the key answers 220 and changes nothing; reading stays open', async () => {
    const token = await signIn('sunli');
    expect(
      await call('POST', '/api/adminnotice/delete', { token, body: { id: { id: 1 } } }),
    ).toEqual({ status: 220, msg: '暂无权限', data: null });
    const info = await call<{ notice_title: string }>('POST', '/api/adminnotice/info', {
      token,
      body: { id: { id: 1 } },
    });
    expect(info.status).toBe(200);
    expect(info.data.notice_title).toBe('关于系统升级维护的通知');
  });

  it('the demo’s reset call stays available in the browser worker and vitest', async () => {
    // The super administrator's call (issue 49): anyone else is refused.
    const reset = await send('POST', '/api/mock/reset', { token: await signIn() });
    expect(await reset.json()).toEqual({ status: 200, msg: '演示数据已重置', data: null });
  });
});
