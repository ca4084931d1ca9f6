// @vitest-environment node
/**
 * The editor's server calls against the mock backend (spec sections 5, 7 and 8): the
 * configuration load (failure only logged), uploads under the configured field name with
 * type=ajax and the ajax header, the SUCCESS convention, the client-side refusals in Chinese
 * (shown 4 s), and the remote image capture (foreign addresses only, one batch, 60 s timeout).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { onNotify, setNotifySink, type NotifyMessage } from '@/lib/notify';
import { configureRequest } from '@/lib/request';
import {
  DEFAULT_UEDITOR_CONFIG,
  catchRemoteImages,
  checkUeditorFile,
  foreignImageUrls,
  loadUeditorConfig,
  resetUeditorConfig,
  uploadToUeditor,
  type UeditorConfig,
} from '@/lib/ueditor';
import { EDITOR_LIMITS } from '@/components/editor/model/blocks';
import { ORIGIN, send, signIn, withMockServer } from '../mocks/harness';

// Node has no session storage: the session is the token the mock issued at sign-in.
const session = vi.hoisted(() => ({ token: '' }));
vi.mock('@/lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/session')>()),
  getToken: () => session.token,
  getUsername: () => 'admin',
}));

withMockServer();

const toasts: NotifyMessage[] = [];
const seen: Request[] = [];
let stopNotify: () => void;

beforeAll(() => configureRequest({ baseUrl: ORIGIN }));
beforeEach(async () => {
  session.token = await signIn();
  resetUeditorConfig();
  toasts.length = 0;
  seen.length = 0;
  stopNotify = onNotify((message) => toasts.push(message));
  setNotifySink(() => undefined);
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/ueditor/ue') seen.push(request.clone());
  });
});
afterEach(() => {
  stopNotify();
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

const png = () =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3])], '截图.png', {
    type: 'image/png',
  });

describe('configuration', () => {
  it('loads the server configuration with action=config', async () => {
    const config = await loadUeditorConfig();
    expect(config).toMatchObject({
      imageActionName: 'uploadimage',
      imageFieldName: 'upfile',
      catcherActionName: 'catchimage',
    });
    expect(new URL(seen[0]?.url ?? '').searchParams.get('action')).toBe('config');
  });

  it('a failed load is only logged and gives the defaults, which refuse uploads', async () => {
    server.use(http.get(`${ORIGIN}/ueditor/ue`, () => new HttpResponse('oops', { status: 500 })));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const config = await loadUeditorConfig();
    expect(config).toEqual(DEFAULT_UEDITOR_CONFIG);
    expect(logged).toHaveBeenCalledOnce();
    expect(toasts).toEqual([]);
    expect(await uploadToUeditor(png(), 'image', { config })).toEqual({
      ok: false,
      message: '后端配置项没有正常加载，上传插件不能正常使用！',
    });
  });
});

describe('upload', () => {
  it('posts the file under the configured field name with type=ajax and the ajax header', async () => {
    const result = await uploadToUeditor(png(), 'image');
    expect(result).toMatchObject({ ok: true, original: '截图.png', size: 11 });
    const post = seen.find((request) => request.method === 'POST');
    expect(new URL(post?.url ?? '').searchParams.get('action')).toBe('uploadimage');
    expect(post?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(post?.headers.get('access-token')).toBe(session.token);
    const form = await post?.formData();
    expect(form?.get('type')).toBe('ajax');
    expect((form?.get('upfile') as File).name).toBe('截图.png');
    // The address serves the bytes.
    const served = await send('GET', result.ok ? result.url : '');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(
      new Uint8Array(await png().arrayBuffer()),
    );
  });

  it('a non-SUCCESS state is the error text, shown for 4 s', async () => {
    server.use(
      http.post(`${ORIGIN}/ueditor/ue`, () => HttpResponse.json({ state: '文件大小超出网站限制' })),
    );
    const config: UeditorConfig = { imageActionName: 'uploadimage', imageFieldName: 'upfile' };
    expect(await uploadToUeditor(png(), 'image', { config })).toEqual({
      ok: false,
      message: '文件大小超出网站限制',
    });
    expect(toasts).toEqual([
      { severity: 'error', summary: '文件大小超出网站限制', life: EDITOR_LIMITS.uploadErrorShowMs },
    ]);
  });

  it('an unreadable answer says so', async () => {
    server.use(
      http.post(`${ORIGIN}/ueditor/ue`, () => new HttpResponse('<html>', { status: 200 })),
    );
    const config: UeditorConfig = { fileActionName: 'uploadfile' };
    expect(
      await uploadToUeditor(new File(['x'], 'a.pdf'), 'file', { config, quiet: true }),
    ).toEqual({
      ok: false,
      message: '服务器返回格式错误',
    });
    expect(toasts).toEqual([]);
  });

  it.each<[string, File, UeditorConfig, string]>([
    ['too large', png(), { imageActionName: 'uploadimage', imageMaxSize: 10 }, '文件大小超出限制'],
    [
      'a type outside the list',
      new File(['x'], '脚本.exe'),
      { fileActionName: 'uploadfile', fileAllowFiles: ['.pdf', '.docx'] },
      '文件格式不允许',
    ],
    [
      'no upload action configured',
      png(),
      { imageFieldName: 'upfile' },
      '后端配置项没有正常加载，上传插件不能正常使用！',
    ],
  ])('refuses a file %s before sending it', async (_name, file, config, message) => {
    const kind = file.name.endsWith('.png') ? 'image' : 'file';
    expect(checkUeditorFile(file, kind, config)).toBe(message);
    expect(await uploadToUeditor(file, kind, { config })).toEqual({ ok: false, message });
    expect(toasts).toEqual([{ severity: 'error', summary: message, life: 4000 }]);
    expect(seen).toEqual([]);
  });

  it('the mock configuration’s own limits apply (5 MB images, listed extensions)', async () => {
    const config = await loadUeditorConfig();
    expect(
      checkUeditorFile({ name: 'a.PNG', size: 5 * 1024 * 1024 }, 'image', config),
    ).toBeUndefined();
    expect(checkUeditorFile({ name: 'a.png', size: 5 * 1024 * 1024 + 1 }, 'image', config)).toBe(
      '文件大小超出限制',
    );
    expect(checkUeditorFile({ name: 'a.svg', size: 10 }, 'image', config)).toBe('文件格式不允许');
  });
});

describe('remote image capture', () => {
  const urls = [
    'https://img.example.com/a.png',
    'https://img.example.com/a.png',
    `${ORIGIN}/storage/mock/1`,
    '/storage/mock/2',
    'data:image/png;base64,AAAA',
    '//cdn.example.org/b.jpg',
  ];

  it('sends only the foreign addresses, once each, absolute, in one batch', async () => {
    expect(foreignImageUrls(urls, {}, ORIGIN)).toEqual([
      'https://img.example.com/a.png',
      '//cdn.example.org/b.jpg',
    ]);
    // A server that cannot fetch the first address and copies the second.
    server.use(
      http.post(`${ORIGIN}/ueditor/ue`, async ({ request }) => {
        const sources = new URLSearchParams(await request.text()).getAll('source[]');
        return HttpResponse.json({
          state: 'SUCCESS',
          list: sources.map((source, index) =>
            index === 1
              ? { source, state: 'SUCCESS', url: '/storage/mock/7' }
              : { source, state: '远程图片下载失败' },
          ),
        });
      }),
    );
    const result = await catchRemoteImages(urls, { origin: ORIGIN });
    const posts = seen.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    const body = new URLSearchParams(await posts[0]?.text());
    // A server cannot resolve '//host/…': it is sent with the page's scheme.
    expect(body.getAll('source[]')).toEqual([
      'https://img.example.com/a.png',
      'https://cdn.example.org/b.jpg',
    ]);
    expect(result).toEqual({
      ok: true,
      list: [
        { source: 'https://img.example.com/a.png', state: '远程图片下载失败' },
        { source: 'https://cdn.example.org/b.jpg', state: 'SUCCESS', url: '/storage/mock/7' },
      ],
      // Under the address sent and the address as the document gave it.
      replacements: new Map([
        ['https://cdn.example.org/b.jpg', '/storage/mock/7'],
        ['//cdn.example.org/b.jpg', '/storage/mock/7'],
      ]),
    });
  });

  it('makes no call when every image is already ours', async () => {
    expect(
      await catchRemoteImages(['/storage/mock/2', `${ORIGIN}/a.png`], { origin: ORIGIN }),
    ).toEqual({
      ok: true,
      list: [],
      replacements: new Map(),
    });
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('gives up after its timeout (60 s by default)', async () => {
    expect(EDITOR_LIMITS.remoteCaptureTimeoutMs).toBe(60000);
    server.use(
      http.post(`${ORIGIN}/ueditor/ue`, async () => {
        await delay('infinite');
        return HttpResponse.json({ state: 'SUCCESS', list: [] });
      }),
    );
    const result = await catchRemoteImages(['https://img.example.com/a.png'], {
      origin: ORIGIN,
      timeoutMs: 50,
    });
    expect(result).toEqual({ ok: false, message: '远程图片抓取超时' });
    expect(toasts.map((toast) => toast.summary)).toEqual(['远程图片抓取超时']);
  });

  it('a refusal of the whole batch shows the server state', async () => {
    server.use(http.post(`${ORIGIN}/ueditor/ue`, () => HttpResponse.json({ state: '链接不可用' })));
    expect(
      await catchRemoteImages(['https://img.example.com/a.png'], { origin: ORIGIN, quiet: true }),
    ).toEqual({
      ok: false,
      message: '链接不可用',
    });
  });
});
