/**
 * The request client against msw/node: the status catalogue of spec section 8 as the user
 * sees it (toast text, navigation, session), headers, timeout, transport failures,
 * encryption, blobs and the helpers' error objects.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http as mswHttp, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { onNotify, setNotifySink, type NotifyMessage } from '@/lib/notify';
import {
  ApiError,
  configureRequest,
  decryptText,
  encryptText,
  http,
  isApiError,
  request,
  resetRequestConfig,
  setRequestNavigator,
  type Envelope,
} from '@/lib/request';
import { TRANSPORT_ERROR_BURST_MS } from '@/lib/request/status';

const server = setupServer();
const toasts: NotifyMessage[] = [];
const navigations: string[] = [];
let stopNotify: () => void;
let restoreNavigator: () => void;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  toasts.length = 0;
  navigations.length = 0;
  stopNotify = onNotify((message) => toasts.push(message));
  setNotifySink(() => undefined);
  // As the router does: the address bar shows the path it navigated to.
  window.history.replaceState(null, '', '/system/notice');
  restoreNavigator = setRequestNavigator((path) => {
    navigations.push(path);
    window.history.pushState(null, '', path);
  });
  sessionStorage.setItem('token', 'tok-123');
  sessionStorage.setItem('username', 'admin');
  sessionStorage.setItem('userinfo', '{"username":"admin"}');
});
afterEach(() => {
  server.resetHandlers();
  stopNotify();
  restoreNavigator();
  resetRequestConfig();
  sessionStorage.clear();
});

function answer(envelope: Envelope, method: 'get' | 'post' = 'post', path = '/api/test') {
  server.use(mswHttp[method](path, () => HttpResponse.json(envelope)));
}

const errorTexts = () => toasts.filter((t) => t.severity === 'error').map((t) => t.summary);

describe('status catalogue (mutator)', () => {
  it.each([1, 200])(
    'status %i is a success: resolves with the envelope, shows nothing',
    async (status) => {
      answer({ status, msg: '操作成功', data: { id: 7 } });
      const result = await request<Envelope<{ id: number }>>({
        url: '/api/test',
        method: 'POST',
        data: {},
      });
      expect(result).toEqual({ status, msg: '操作成功', data: { id: 7 } });
      expect(toasts).toEqual([]);
    },
  );

  it('201 shows the server message as an error and throws ApiError carrying the envelope', async () => {
    answer({ status: 201, msg: '请输入公告标题', data: null });
    const error = await request({ url: '/api/test', method: 'POST', data: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).envelope).toEqual({
      status: 201,
      msg: '请输入公告标题',
      data: null,
    });
    expect(errorTexts()).toEqual(['请输入公告标题']);
  });

  it('201 without a message shows 接口出错！', async () => {
    answer({ status: 201, msg: '' });
    await expect(request({ url: '/api/test', method: 'POST' })).rejects.toBeInstanceOf(ApiError);
    expect(errorTexts()).toEqual(['接口出错！']);
  });

  it('220 sends the user to /no-permission', async () => {
    answer({ status: 220, msg: '无权限' });
    await expect(request({ url: '/api/test', method: 'POST' })).rejects.toMatchObject({
      status: 220,
    });
    expect(navigations).toEqual(['/no-permission']);
  });

  it('401 shows 401，登录失效！, clears the session and opens /login after one second', async () => {
    answer({ status: 401, msg: 'expired' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await expect(request({ url: '/api/test', method: 'POST' })).rejects.toMatchObject({
        status: 401,
      });
      expect(errorTexts()).toEqual(['401，登录失效！']);
      expect(sessionStorage.getItem('token')).toBeNull();
      expect(sessionStorage.getItem('userinfo')).toBeNull();
      vi.advanceTimersByTime(999);
      expect(navigations).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(navigations).toEqual(['/login']);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    [403, '404，暂无权限！'],
    [404, '404，接口不存在！'],
    [500, '500，内部服务器错误！'],
  ])('status %i shows %s', async (status, text) => {
    answer({ status, msg: 'server text' });
    await expect(request({ url: '/api/test', method: 'POST' })).rejects.toMatchObject({ status });
    expect(errorTexts()).toEqual([text]);
    expect(navigations).toEqual([]);
  });

  it('any other status shows 网络错误，请稍后重试！ and rejects', async () => {
    answer({ status: 302, msg: 'moved' });
    const error = await request({ url: '/api/test', method: 'POST' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 302, kind: 'status' });
    expect(errorTexts()).toEqual(['网络错误，请稍后重试！']);
  });
});

describe('a burst of failing calls is handled once', () => {
  const calls = (n: number) =>
    Promise.allSettled(
      Array.from({ length: n }, (_, i) =>
        request({ url: '/api/test', method: 'POST', data: { i } }),
      ),
    );

  afterEach(() => vi.useRealTimers());

  it('seven calls answering 401 together: one toast, one trip to /login', async () => {
    answer({ status: 401, msg: 'expired' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const results = await calls(7);
    expect(results.map((r) => r.status)).toEqual(Array(7).fill('rejected'));
    expect(errorTexts()).toEqual(['401，登录失效！']);
    vi.advanceTimersByTime(10_000);
    expect(navigations).toEqual(['/login']);
  });

  it('an HTTP 401 and envelope 401s in the same burst count as one', async () => {
    server.use(
      mswHttp.post('/api/test', () => HttpResponse.json({ status: 401, msg: 'expired' })),
      mswHttp.get('/api/test', () => new HttpResponse(null, { status: 401 })),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await Promise.all([calls(3), http.get('/api/test'), http.post('/api/test')]);
    expect(errorTexts()).toEqual(['401，登录失效！']);
    vi.advanceTimersByTime(10_000);
    expect(navigations).toEqual(['/login']);
  });

  it('a call made after the session was cleared adds nothing; the next sign-in re-arms', async () => {
    answer({ status: 401, msg: 'expired' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await calls(2);
    await calls(2); // sent without a token, while the login page is on its way
    expect(errorTexts()).toEqual(['401，登录失效！']);
    vi.advanceTimersByTime(10_000);
    expect(navigations).toEqual(['/login']);

    // Signed in again; this session's token goes bad too: the user is told again.
    sessionStorage.setItem('token', 'tok-456');
    await calls(3);
    expect(errorTexts()).toEqual(['401，登录失效！', '401，登录失效！']);
    vi.advanceTimersByTime(10_000);
    expect(navigations).toEqual(['/login', '/login']);
  });

  it('five calls answering 220 together: one navigation to /no-permission', async () => {
    answer({ status: 220, msg: '无权限' });
    await calls(5);
    expect(navigations).toEqual(['/no-permission']);
    expect(errorTexts()).toEqual([]);
  });

  it('220 while the navigation is still under way, or once there, does not navigate again', async () => {
    answer({ status: 220, msg: '无权限' });
    let arrive = () => undefined as void;
    const slow = setRequestNavigator((path) => {
      navigations.push(path);
      return new Promise<void>((resolve) => {
        arrive = () => {
          window.history.pushState(null, '', path);
          resolve();
        };
      });
    });
    try {
      await calls(2);
      expect(navigations).toEqual(['/no-permission']);
      await calls(1); // the page has not arrived yet
      expect(navigations).toEqual(['/no-permission']);
      arrive();
      await calls(1); // already on /no-permission
      expect(navigations).toEqual(['/no-permission']);
    } finally {
      slow();
    }
    // Back on a screen, a later 220 sends the user there again.
    window.history.pushState(null, '', '/system/user');
    await calls(1);
    expect(navigations).toEqual(['/no-permission', '/no-permission']);
  });
});

describe('helpers return instead of throwing', () => {
  it('201: the envelope is returned after the message', async () => {
    answer({ status: 201, msg: '用户名或密码错误' });
    const result = await http.post('/api/test', { a: 1 });
    expect(result).toEqual({ status: 201, msg: '用户名或密码错误' });
    expect(errorTexts()).toEqual(['用户名或密码错误']);
  });

  it('unknown status: the error object is returned', async () => {
    answer({ status: 999, msg: '?' }, 'get');
    const result = await http.get('/api/test', { a: 1 });
    expect(isApiError(result)).toBe(true);
    expect((result as ApiError).envelope?.status).toBe(999);
    expect(errorTexts()).toEqual(['网络错误，请稍后重试！']);
  });

  it('network failure: the error object is returned and the message stays 5 s', async () => {
    server.use(mswHttp.post('/api/test', () => HttpResponse.error()));
    const result = await http.post('/api/test');
    expect(result).toBeInstanceOf(ApiError);
    expect((result as ApiError).kind).toBe('network');
    expect(toasts).toEqual([{ severity: 'error', summary: '网络错误，请稍后重试！', life: 5000 }]);
  });
});

describe('transport', () => {
  it('times out with the configured timeout and shows the message for 5 s', async () => {
    configureRequest({ timeoutMs: 50 });
    server.use(
      mswHttp.post('/api/slow', async () => {
        await delay(1000);
        return HttpResponse.json({ status: 200, msg: 'late' });
      }),
    );
    const error = await request({ url: '/api/slow', method: 'POST' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(toasts).toEqual([{ severity: 'error', summary: '请求超时，请稍后重试！', life: 5000 }]);
  });

  it('the default timeout is 300000 ms', async () => {
    const { getRequestConfig } = await import('@/lib/request');
    expect(getRequestConfig().timeoutMs).toBe(300000);
  });

  it('a network failure rejects the mutator with 网络错误 for 5 s', async () => {
    server.use(mswHttp.post('/api/test', () => HttpResponse.error()));
    await expect(request({ url: '/api/test', method: 'POST' })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(toasts).toEqual([{ severity: 'error', summary: '网络错误，请稍后重试！', life: 5000 }]);
  });

  it('a non-2xx HTTP answer rejects with the catalogue message for 5 s', async () => {
    server.use(mswHttp.post('/api/test', () => new HttpResponse('boom', { status: 500 })));
    await expect(request({ url: '/api/test', method: 'POST' })).rejects.toMatchObject({
      kind: 'http',
      status: 500,
    });
    expect(toasts).toEqual([{ severity: 'error', summary: '500，内部服务器错误！', life: 5000 }]);
  });

  it.each([502, 503, 504])(
    'a %i (back end down behind the gateway) says so in Chinese',
    async (code) => {
      // Each case a burst of its own (the same message within TRANSPORT_ERROR_BURST_MS is one).
      const now = vi.spyOn(Date, 'now').mockReturnValue(code * TRANSPORT_ERROR_BURST_MS * 10);
      server.use(mswHttp.get('/api/test', () => new HttpResponse('bad gateway', { status: code })));
      const result = await http.get('/api/test');
      now.mockRestore();
      expect(result).toMatchObject({ kind: 'http', status: code });
      expect(errorTexts()).toEqual(['服务暂时不可用，请稍后重试']);
    },
  );

  it('a status the catalogue does not name shows the HTTP code', async () => {
    server.use(mswHttp.get('/api/test', () => new HttpResponse('teapot', { status: 418 })));
    expect(await http.get('/api/test')).toMatchObject({ kind: 'http', status: 418 });
    expect(errorTexts()).toEqual(['请求失败，HTTP 状态码 418']);
  });

  it('calls failing the same way at once show one message; a later failure shows it again', async () => {
    server.use(mswHttp.get('/api/test', () => new HttpResponse('bad gateway', { status: 502 })));
    const now = vi.spyOn(Date, 'now');
    const at = Date.UTC(2026, 11, 7, 22, 0, 0);
    now.mockReturnValue(at);
    const answers = await Promise.all([http.get('/api/test'), http.get('/api/test')]);
    expect(answers).toMatchObject([{ kind: 'http' }, { kind: 'http' }]);
    now.mockReturnValue(at + TRANSPORT_ERROR_BURST_MS - 1);
    await http.get('/api/test');
    expect(errorTexts()).toEqual(['服务暂时不可用，请稍后重试']);
    now.mockReturnValue(at + TRANSPORT_ERROR_BURST_MS * 3);
    await http.get('/api/test');
    expect(errorTexts()).toEqual(['服务暂时不可用，请稍后重试', '服务暂时不可用，请稍后重试']);
    now.mockRestore();
  });

  it('sends access-token, user-tag and JSON on POST; GET carries params in the query', async () => {
    const seen: Record<string, string | null>[] = [];
    server.use(
      mswHttp.post('/api/echo', async ({ request: req }) => {
        seen.push({
          method: req.method,
          token: req.headers.get('access-token'),
          tag: req.headers.get('user-tag'),
          type: req.headers.get('content-type'),
          body: await req.text(),
        });
        return HttpResponse.json({ status: 200, msg: 'ok' });
      }),
      mswHttp.get('/api/echo', ({ request: req }) => {
        const url = new URL(req.url);
        seen.push({
          method: req.method,
          token: req.headers.get('access-token'),
          tag: req.headers.get('user-tag'),
          query: url.search,
        });
        return HttpResponse.json({ status: 200, msg: 'ok' });
      }),
    );
    await request({ url: '/api/echo', method: 'post', data: { title: '公告' } });
    await request({
      url: '/api/echo',
      method: 'get',
      params: { pageindex: 2, keyword: '升级', empty: undefined },
    });
    expect(seen[0]).toEqual({
      method: 'POST',
      token: 'tok-123',
      tag: btoa('admin'),
      type: 'application/json',
      body: JSON.stringify({ title: '公告' }),
    });
    expect(seen[1]).toEqual({
      method: 'GET',
      token: 'tok-123',
      tag: btoa('admin'),
      query: `?pageindex=2&keyword=${encodeURIComponent('升级')}`,
    });
  });

  it('without encryption the call leaves before the code that made it goes on', async () => {
    answer({ status: 200, msg: 'ok' }, 'get', '/api/echo');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const pending = request({ url: '/api/echo', method: 'get', params: { pageindex: 1 } });
      // Nothing awaited yet: a render React queued for the same click would run before any
      // awaited step, so the request must already be on its way here.
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      const input = fetchSpy.mock.calls[0]?.[0];
      expect(input instanceof Request ? input.url : String(input)).toContain(
        '/api/echo?pageindex=1',
      );
      await pending;
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('returns the Blob of a file answer', async () => {
    server.use(
      mswHttp.get(
        '/api/adminnotice/export',
        () =>
          new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            },
          }),
      ),
    );
    const blob = await request<Blob>({
      url: '/api/adminnotice/export',
      method: 'GET',
      responseType: 'blob',
    });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
    const viaHelper = await http.blob('/api/adminnotice/export');
    expect(viaHelper).not.toBeInstanceOf(ApiError);
  });

  it('a JSON answer to a file request is shown and returned as an error object', async () => {
    answer({ status: 201, msg: '没有可导出的数据' }, 'get', '/api/adminnotice/export');
    const result = await http.blob('/api/adminnotice/export');
    expect(result).toBeInstanceOf(ApiError);
    expect(errorTexts()).toEqual(['没有可导出的数据']);
  });

  it('a replaced navigator is used and the default is restored', async () => {
    const other = vi.fn();
    const restore = setRequestNavigator(other);
    answer({ status: 220, msg: '' });
    await http.post('/api/test');
    restore();
    expect(other).toHaveBeenCalledWith('/no-permission');
    expect(navigations).toEqual([]);
  });
});

describe('encryption (when configured)', () => {
  const encryption = { key: 'k3y-for-tests-16', iv: 'iv-for-tests-016' };

  it('sends body and params as paramsData and decrypts the answer', async () => {
    configureRequest({ encryption });
    const received: unknown[] = [];
    server.use(
      mswHttp.post('/api/secret', async ({ request: req }) => {
        const body = (await req.json()) as { paramsData: string };
        received.push(JSON.parse(await decryptText(body.paramsData, encryption)));
        received.push(await decryptText(req.headers.get('user-tag') ?? '', encryption));
        const data = await encryptText(JSON.stringify({ nickname: '管理员' }), encryption);
        return HttpResponse.json({ status: 200, msg: 'ok', data });
      }),
      mswHttp.get('/api/secret', async ({ request: req }) => {
        const paramsData = new URL(req.url).searchParams.get('paramsData') ?? '';
        received.push(JSON.parse(await decryptText(paramsData, encryption)));
        const data = await encryptText(JSON.stringify([1, 2]), encryption);
        return HttpResponse.json({ status: 1, msg: 'chunk', data });
      }),
    );
    const posted = await request<Envelope>({
      url: '/api/secret',
      method: 'POST',
      data: { oldPwd: 'a', newPwd: 'b' },
    });
    const got = await http.get('/api/secret', { code: 'SYS_LOGO' });
    expect(received).toEqual([{ oldPwd: 'a', newPwd: 'b' }, 'admin', { code: 'SYS_LOGO' }]);
    expect(posted.data).toEqual({ nickname: '管理员' });
    expect((got as Envelope).data).toEqual([1, 2]);
  });

  it('is off by default: bodies go out as plain JSON', async () => {
    let raw = '';
    server.use(
      mswHttp.post('/api/plain', async ({ request: req }) => {
        raw = await req.text();
        return HttpResponse.json({ status: 200, msg: 'ok', data: 'plain' });
      }),
    );
    const result = await request<Envelope>({ url: '/api/plain', method: 'POST', data: { a: 1 } });
    expect(raw).toBe('{"a":1}');
    expect(result.data).toBe('plain');
  });
});
