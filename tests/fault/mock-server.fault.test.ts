// @vitest-environment node
/**
 * Fault and abuse cases against the real HTTP mock server (`cli mock-server`) on loopback:
 * prototype keys, huge and malformed bodies, path traversal, bad paging, wrong types,
 * unknown modules, the mock-only reset without its flag, permission keys (220), a handler
 * that throws. Each case states the answer an API client gets; at the end the server still
 * answers a normal list call.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMockModules, runtimeRegistration } from '@/mocks/engine-registry';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { resetMockDatabase } from '@/mocks/reset';

interface Envelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

interface ListData {
  data: Record<string, unknown>[];
  allcount: number;
}

const MB = 1024 * 1024;
const NOT_FOUND = { status: 404, msg: '404，接口不存在！', data: null };
const NO_PERMISSION = { status: 220, msg: '暂无权限', data: null };
const TOO_LARGE = { status: 201, msg: '请求内容过大，不能超过 1 MB', data: null };
const MALFORMED = { status: 201, msg: '请求格式错误（JSON 无法解析）', data: null };

// A module whose registration throws when the engine reads it: a handler bug on demand.
registerMockModules([
  {
    ...runtimeRegistration('brokenmodule'),
    get filterFields(): string[] {
      throw new Error('registration read failed');
    },
  },
]);

let server: RunningMockServer;
let admin: string;

beforeAll(async () => {
  resetMockDatabase();
  server = await startMockServer({ port: 0, host: '127.0.0.1' });
  admin = await signIn('admin');
});
afterAll(async () => {
  await server.close();
});

async function signIn(username: string, password = 'Admin@123456'): Promise<string> {
  const login = await post<{ token: string }>('/api/login', {
    username,
    password,
    captcha: '8888',
    captcha_key: 'k',
  });
  if (login.status !== 200) throw new Error(`sign-in of ${username} failed: ${login.msg}`);
  return login.data.token;
}

async function post<T = unknown>(path: string, body: unknown, token = ''): Promise<Envelope<T>> {
  return sendText<T>('POST', path, JSON.stringify(body), token);
}

async function get<T = unknown>(path: string, token = admin): Promise<Envelope<T>> {
  const response = await fetch(`${server.url}${path}`, { headers: { 'access-token': token } });
  return (await response.json()) as Envelope<T>;
}

async function sendText<T = unknown>(
  method: string,
  path: string,
  body: BodyInit | undefined,
  token = admin,
  contentType = 'application/json',
): Promise<Envelope<T>> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': contentType, 'access-token': token },
    body,
  });
  return (await response.json()) as Envelope<T>;
}

/** A request with the path exactly as written (fetch would resolve `..` before sending). */
function raw(
  path: string,
  headers: Record<string, string> = { 'access-token': admin },
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path, method: 'GET', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end();
  });
}

async function noticeCount(keyword: string): Promise<number> {
  const answer = await get<ListData>(
    `/api/adminnotice/list?keyword=${encodeURIComponent(keyword)}`,
  );
  return answer.data.allcount;
}

function nestedIds(depth: number): string {
  let body = '1';
  for (let level = 0; level < depth; level += 1) body = `{"id":${body}}`;
  return body;
}

describe('prototype keys in paths, bodies and queries', () => {
  it.each([
    ['POST', '/api/x/__proto__'],
    ['POST', '/api/adminnotice/constructor'],
    ['GET', '/api/constructor/list'],
    ['POST', '/api/adminnotice/hasOwnProperty'],
    ['POST', '/api/adminnotice/toString'],
    ['POST', '/api/adminnotice/__proto__'],
  ])('%s %s answers the 404 envelope', async (method, path) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'access-token': admin, 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(NOT_FOUND);
  });

  it.each(['/api/__proto__/getkeyval', '/api/constructor/getkeyval'])(
    'GET %s is an empty option list (no table is made up for the name)',
    async (path) => {
      expect(await get(path)).toEqual({ status: 200, msg: '操作成功', data: [] });
    },
  );

  it('a __proto__ key in a body is dropped, not inherited: the required title is still missing', async () => {
    expect(
      await sendText(
        'POST',
        '/api/adminnotice/add',
        '{"__proto__":{"notice_title":"继承的标题"},"notice_type":1}',
      ),
    ).toEqual({
      status: 201,
      msg: '请输入公告标题',
      data: {
        errors: [{ field: 'notice_title', pointer: '/notice_title', message: '请输入公告标题' }],
      },
    });
  });

  it('updatefield refuses to write the field __proto__', async () => {
    expect(
      await post('/api/adminnotice/updatefield', { id: 1, field: '__proto__', value: 'x' }, admin),
    ).toEqual({ status: 201, msg: '字段 __proto__ 不存在', data: null });
  });

  it('__proto__ and constructor in the query are ignored', async () => {
    const answer = await get<ListData>('/api/adminnotice/list?__proto__=x&constructor=y');
    expect(answer.status).toBe(200);
    expect(answer.data.allcount).toBeGreaterThan(0);
  });
});

describe('huge bodies', () => {
  it('a 2 MB JSON body is refused (1 MB limit) and the connection closed after the answer', async () => {
    const response = await fetch(`${server.url}/api/adminnotice/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': admin },
      body: JSON.stringify({ notice_title: '两兆', notice_type: 1, padding: 'x'.repeat(2 * MB) }),
    });
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual(TOO_LARGE);
    expect(await noticeCount('两兆')).toBe(0);
  });

  it('a notice with 10 MB of content is refused and not stored', async () => {
    expect(
      await post(
        '/api/adminnotice/add',
        { notice_title: '十兆公告', notice_type: 1, notice_content: '内'.repeat(10 * MB) },
        admin,
      ),
    ).toEqual(TOO_LARGE);
    expect(await noticeCount('十兆公告')).toBe(0);
  });

  it('a 3 MB body streamed without Content-Length is refused once 1 MB has been counted', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(100_000));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 30) controller.close();
        else controller.enqueue(chunk);
        sent += 1;
      },
    });
    const response = await fetch(`${server.url}/api/adminnotice/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': admin },
      body,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(await response.json()).toEqual(TOO_LARGE);
  });

  it('an image over the 5 MB upload limit is refused; a 6 MB file fits the configured 20 MB file limit', async () => {
    const upload = async (path: string, bytes: number, name: string) => {
      const form = new FormData();
      // A PDF's signature first: uploads are kept only when the bytes are what the name says.
      const content = new Uint8Array(bytes);
      content.set(new TextEncoder().encode('%PDF-1.4\n'));
      form.append('file', new Blob([content]), name);
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { accesstoken: admin },
        body: form,
      });
      return (await response.json()) as Envelope<{ address?: string }>;
    };
    expect(await upload('/api/tool/uploadimg/', 6 * MB, 'big.png')).toEqual({
      status: 201,
      msg: '上传文件过大，不能超过 5 MB',
      data: null,
    });
    const file = await upload('/api/tool/uploadfile/', 6 * MB, 'big.pdf');
    expect(file.status).toBe(200);
    expect(file.data.address).toMatch(/^\/storage\/mock\/\d+$/);
  });

  it('a chunk over 5120 KB (5 MB) is refused by the chunked upload', async () => {
    const form = new FormData();
    form.append('resource_chunk', new Blob([new Uint8Array(6 * MB)]), 'part');
    form.append('chunk_total', '2');
    form.append('chunk_index', '1');
    form.append('resource_temp_basename', 'fault-chunk');
    const response = await fetch(`${server.url}/api/tool/uploadslice`, {
      method: 'POST',
      headers: { accesstoken: admin },
      body: form,
    });
    expect(await response.json()).toEqual({
      status: 201,
      msg: '上传文件过大，不能超过 5 MB',
      data: null,
    });
  });
});

describe('chunked upload abuse', () => {
  it.each([
    ['1000000', '1'],
    ['2', '-1'],
    ['2', '7'],
    ['abc', '1'],
  ])('chunk_total %s, chunk_index %s → 分片信息不正确', async (total, index) => {
    const form = new FormData();
    form.append('resource_chunk', new Blob(['part']), 'part');
    form.append('chunk_total', total);
    form.append('chunk_index', index);
    form.append('resource_temp_basename', `abuse-${total}-${index}`);
    const response = await fetch(`${server.url}/api/tool/uploadslice`, {
      method: 'POST',
      headers: { accesstoken: admin },
      body: form,
    });
    expect(await response.json()).toEqual({ status: 201, msg: '分片信息不正确', data: null });
  });
});

describe('malformed bodies', () => {
  it('JSON that does not parse', async () => {
    expect(await sendText('POST', '/api/adminnotice/add', '{"notice_title": ')).toEqual(MALFORMED);
  });

  it('text that is not JSON sent to a JSON call', async () => {
    expect(await sendText('POST', '/api/adminnotice/add', 'hello', admin, 'text/plain')).toEqual(
      MALFORMED,
    );
  });

  it('200 000 nested arrays (more than the parser takes)', async () => {
    const body = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(await sendText('POST', '/api/adminnotice/add', body)).toEqual(MALFORMED);
  });

  it('an id object nested 40 levels deep', async () => {
    expect(await sendText('POST', '/api/adminnotice/info', nestedIds(40))).toEqual({
      status: 201,
      msg: '请求格式错误（嵌套层级过深）',
      data: null,
    });
  });
});

describe('path traversal', () => {
  it.each([
    '/storage/mock/../../etc/passwd',
    '/storage/mock/%2e%2e/%2e%2e/etc/passwd',
    '/storage/mock/%2E%2E/%2E%2E/etc/passwd',
    '/api/../../x',
  ])('%s resolves inside the site and answers the 404 envelope', async (path) => {
    const answer = await raw(path);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toEqual(NOT_FOUND);
  });

  it('an encoded slash stays inside the file id: no such file (HTTP 404, nothing read)', async () => {
    expect(await raw('/storage/mock/..%2f..%2fetc%2fpasswd')).toEqual({ status: 404, text: '' });
  });

  it('an encoded slash in an action names no action', async () => {
    expect(await sendText('POST', '/api/adminnotice/..%2f..%2fadminuser%2flist', '{}')).toEqual(
      NOT_FOUND,
    );
  });

  it('a Host header that is no host name still gets a normal answer', async () => {
    const answer = await raw('/api/adminnotice/list', { 'access-token': admin, host: 'bad host' });
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.text) as Envelope).status).toBe(200);
  });
});

/** A contract refusal of one value: its message, and that one problem listed beside it. */
const refused = (msg: string) => ({
  status: 201,
  msg,
  data: { errors: [expect.objectContaining({ message: msg })] },
});

describe('bad paging and wrong types', () => {
  it.each([
    ['pageindex=-1', '「页码」不能小于1'],
    ['pagesize=1e9', '「每页条数」不能大于1000'],
    ['pagesize=abc', '「每页条数」必须是整数'],
    ['pagesize=1.5', '「每页条数」必须是整数'],
    ['keyword=a&keyword=b', '「关键词」必须是文本'],
    ['status=9', '「状态」取值不正确'],
  ])('list with %s → %s', async (query, msg) => {
    expect(await get(`/api/adminnotice/list?${query}`)).toEqual(refused(msg));
  });

  it('a list POSTed instead of asked with GET is no call of the contract (405)', async () => {
    // The list was once answered under either method (issue 49: method and path must match).
    expect(await post('/api/adminnotice/list', { keyword: ['a', 'b'] }, admin)).toEqual({
      status: 405,
      msg: '405，接口不支持该请求方式！',
      data: null,
    });
  });

  it.each([
    [{ notice_title: '类型', notice_type: 1, status: 'x' }, '「状态」取值不正确'],
    [{ notice_title: 123, notice_type: 1 }, '「公告标题」必须是文本'],
    [{ notice_title: '类型', notice_type: '系统' }, '「公告类型」取值不正确'],
    [{ notice_title: '类型', notice_type: 1, sort: -5 }, '「排序」不能小于0'],
    [{ notice_title: '长'.repeat(101), notice_type: 1 }, '「公告标题」长度不能超过100个字符'],
    [{ notice_title: '   ', notice_type: 1 }, '请输入公告标题'],
  ])('add %j → %s', async (body, msg) => {
    expect(await post('/api/adminnotice/add', body, admin)).toEqual(refused(msg));
  });

  it.each([
    ['/api/adminnotice/info', nestedIds(5), '「ID」格式不正确'],
    ['/api/adminnotice/info', '{"id":3}', '「ID」格式不正确'],
    ['/api/adminnotice/delete', '{"id":{"id":[1,2]}}', '「ID」格式不正确'],
    ['/api/adminnotice/disable', '{"id":1,"status":"off"}', '「状态」取值不正确'],
    ['/api/adminnotice/delete', '[1,2]', '「请求内容」格式不正确'],
  ])('%s %s → %s', async (path, body, msg) => {
    expect(await sendText('POST', path, body)).toEqual(refused(msg));
  });

  it('a form post to a JSON call is held to the same contract', async () => {
    const form = (fields: string) =>
      sendText('POST', '/api/adminnotice/add', fields, admin, 'application/x-www-form-urlencoded');
    expect(await form(`notice_title=${'x'.repeat(101)}&notice_type=1`)).toEqual(
      refused('「公告标题」长度不能超过100个字符'),
    );
    expect((await form('notice_title=%E8%A1%A8%E5%8D%95&notice_type=1')).status).toBe(200);
  });

  it('nothing wrongly typed was stored', async () => {
    expect(await noticeCount('类型')).toBe(0);
  });
});

describe('unknown modules and mock-only calls', () => {
  it.each([
    ['GET', '/api/nosuchmodule/list'],
    ['POST', '/api/nosuchmodule/add'],
    ['POST', '/api/adminnotice/nosuchaction'],
    ['GET', '/api'],
    ['GET', '/nothing-here'],
  ])('%s %s answers the 404 envelope', async (method, path) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'access-token': admin, 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    expect(await response.json()).toEqual(NOT_FOUND);
  });

  it('POST /api/mock/reset without --allow-reset answers 404 and keeps the data', async () => {
    await post('/api/adminnotice/add', { notice_title: '重置之前', notice_type: 1 }, admin);
    expect(await post('/api/mock/reset', {})).toEqual(NOT_FOUND);
    expect(await noticeCount('重置之前')).toBe(1);
  });

  it('a server started with --allow-reset restores the seeds', async () => {
    const resettable = await startMockServer({ port: 0, allowReset: true });
    try {
      // The super administrator's call (issue 49): anyone else is refused.
      const response = await fetch(`${resettable.url}/api/mock/reset`, {
        method: 'POST',
        headers: { 'access-token': admin },
      });
      expect(await response.json()).toEqual({ status: 200, msg: '演示数据已重置', data: null });
    } finally {
      await resettable.close();
    }
    admin = await signIn('admin');
    expect(await noticeCount('重置之前')).toBe(0);
  });
});

describe('permission keys (sunli, role 3, may only read)', () => {
  it('prilist holds the shared table’s keys: reading keys for sunli, every key for admin', async () => {
    const login = (username: string) =>
      post<{ prilist: string }>('/api/login', {
        username,
        password: 'Admin@123456',
        captcha: '8888',
        captcha_key: 'k',
      });
    const sunliKeys = (await login('sunli')).data.prilist.split(',');
    expect(sunliKeys).toEqual(expect.arrayContaining(['ADMINUSER_LIST', 'ADMINNOTICE_INFO']));
    expect(sunliKeys.every((key) => /_(LIST|INFO|MYLIST)$/.test(key))).toBe(true);
    const adminKeys = (await login('admin')).data.prilist.split(',');
    expect(adminKeys).toEqual(
      expect.arrayContaining([
        'ADMINNOTICE_EDIT',
        'ADMINNOTICE_RECYCLE',
        'ADMINUSER_RESETPASSWORD',
      ]),
    );
    expect(adminKeys).not.toContain('ADMINNOTICE_DISABLE');
  });

  it('sunli gets 220 for resetpassword and delete, and nothing changes; admin gets 200', async () => {
    const sunli = await signIn('sunli');
    const zhangwei = await signIn('zhangwei');
    expect(await post('/api/adminuser/resetpassword', { id: 2 }, sunli)).toEqual(NO_PERMISSION);
    expect(await post('/api/adminuser/delete', { id: { id: 2 } }, sunli)).toEqual(NO_PERMISSION);
    // zhangwei's session was not revoked and the account is still listed.
    expect((await get('/api/adminuser/list', zhangwei)).status).toBe(200);
    const users = await get<ListData>('/api/adminuser/list?keyword=zhangwei', sunli);
    expect(users.data.data.map((row) => row.username)).toEqual(['zhangwei']);

    expect(await post('/api/adminuser/resetpassword', { id: 2 }, admin)).toEqual({
      status: 200,
      msg: '密码已重置为 Admin@123456',
      data: null,
    });
    expect(await get('/api/adminuser/list', zhangwei)).toEqual({
      status: 401,
      msg: '401，登录失效！',
      data: null,
    });
    expect(await post('/api/adminuser/delete', { id: { id: 2 } }, admin)).toMatchObject({
      status: 200,
      msg: '删除成功',
    });
    const after = await get<ListData>('/api/adminuser/list?keyword=zhangwei', admin);
    expect(after.data.allcount).toBe(0);
  });

  it('sunli gets 220 for the other writes: add, edit, disable, updatefield, recycle, export', async () => {
    const sunli = await signIn('sunli');
    expect(
      await post('/api/adminnotice/add', { notice_title: '越权', notice_type: 1 }, sunli),
    ).toEqual(NO_PERMISSION);
    expect(await post('/api/adminnotice/edit', { id: 1, notice_title: '越权' }, sunli)).toEqual(
      NO_PERMISSION,
    );
    expect(await post('/api/adminnotice/disable', { id: 1, status: 2 }, sunli)).toEqual(
      NO_PERMISSION,
    );
    expect(
      await post('/api/adminnotice/updatefield', { id: 1, field: 'sort', value: 9 }, sunli),
    ).toEqual(NO_PERMISSION);
    expect(await get('/api/adminnotice/recycle', sunli)).toEqual(NO_PERMISSION);
    expect(await get('/api/member/export', sunli)).toEqual(NO_PERMISSION);
    expect(await noticeCount('越权')).toBe(0);
  });

  it('sunli still reads: list, info and option lists', async () => {
    const sunli = await signIn('sunli');
    expect((await get('/api/adminnotice/list', sunli)).status).toBe(200);
    expect((await post('/api/adminnotice/info', { id: { id: 1 } }, sunli)).status).toBe(200);
    expect(
      (await post('/api/adminuser/getkeyval', { key: 'id', value: 'nickname' }, sunli)).status,
    ).toBe(200);
  });

  it('changing one’s own password is always allowed', async () => {
    const sunli = await signIn('sunli');
    expect(
      await post(
        '/api/adminuser/uppassword',
        { oldPwd: 'Admin@123456', newPwd: 'Sunli#2025a', newPwdTwo: 'Sunli#2025a' },
        sunli,
      ),
    ).toEqual({ status: 200, msg: '密码修改成功，请重新登录', data: null });
    expect(await signIn('sunli', 'Sunli#2025a')).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('a handler that throws', () => {
  it('answers the 500 envelope without a stack trace, and the server keeps serving', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await fetch(`${server.url}/api/brokenmodule/list`, {
        headers: { 'access-token': admin },
      });
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.text()).toBe(
        JSON.stringify({ status: 500, msg: '500，内部服务器错误！', data: null }),
      );
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });
});

describe('after every case above', () => {
  it('the server still answers a normal list call', async () => {
    const answer = await get<ListData>('/api/adminnotice/list?pageindex=1&pagesize=5');
    expect(answer.status).toBe(200);
    expect(answer.msg).toBe('操作成功');
    expect(answer.data.data.length).toBeGreaterThan(0);
    expect(answer.data.data[0]).toHaveProperty('notice_title');
  });
});
