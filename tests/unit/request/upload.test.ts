// @vitest-environment node
/**
 * Upload helpers: the multipart upload with its header and fields, the chunked protocol with
 * progress, and the upload failure messages of spec section 8 in Chinese.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http as mswHttp, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { toolUploadimg } from '@generated/api/tool/tool';
import { onNotify, setNotifySink, type NotifyMessage } from '@/lib/notify';
import {
  DEFAULT_TIMEOUT_MS,
  UPLOAD_CHUNK_SIZE,
  configureRequest,
  resetRequestConfig,
  uploadFile,
  uploadSlice,
} from '@/lib/request';

// Node environment: jsdom's Blob/FormData cannot travel through Node's fetch. The session
// (sessionStorage in the browser) is stubbed to a signed-in user.
vi.mock('@/lib/session', () => ({
  getToken: () => 'tok-up',
  getUsername: () => 'admin',
  clearSession: () => undefined,
}));

const makeFile = (text: string, name: string) => new File([text], name);

const server = setupServer();
const toasts: NotifyMessage[] = [];
let stop: () => void;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // Node has no page origin: relative addresses resolve against this base.
  configureRequest({ baseUrl: 'http://localhost' });
});
afterAll(() => {
  server.close();
  resetRequestConfig();
});
beforeEach(() => {
  toasts.length = 0;
  stop = onNotify((m) => toasts.push(m));
  setNotifySink(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  stop();
});

describe('uploadFile', () => {
  it('posts the file with the accesstoken header and the type / attachment_cate_id fields', async () => {
    const seen: Record<string, unknown> = {};
    server.use(
      mswHttp.post('http://localhost/api/tool/uploadimg/', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file') as File;
        Object.assign(seen, {
          accesstoken: request.headers.get('accesstoken'),
          type: form.get('type'),
          cate: form.get('attachment_cate_id'),
          name: file.name,
          text: await file.text(),
        });
        return HttpResponse.json({
          status: 200,
          msg: '上传成功',
          data: { address: '/storage/mock/1', att_id: 1, original_name: file.name },
        });
      }),
    );
    const result = await uploadFile(makeFile('PNGDATA', 'logo.png'), {
      kind: 'image',
      type: 2,
      attachmentCateId: 3,
    });
    expect(seen).toEqual({
      accesstoken: 'tok-up',
      type: '2',
      cate: '3',
      name: 'logo.png',
      text: 'PNGDATA',
    });
    expect(result).toMatchObject({
      ok: true,
      data: { address: '/storage/mock/1', att_id: 1, original_name: 'logo.png' },
    });
    expect(toasts).toEqual([]);
  });

  it.each([
    ['image', '/api/tool/uploadimg/', 'HTTP 错误：500', '图片上传失败：格式不支持'],
    ['file', '/api/tool/uploadfile/', '文件上传失败：500', '文件上传失败：格式不支持'],
  ] as const)(
    '%s: HTTP and server failures show their messages',
    async (kind, url, httpText, rejectText) => {
      server.use(
        mswHttp.post(`http://localhost${url}`, () => new HttpResponse(null, { status: 500 })),
      );
      expect(await uploadFile(makeFile('x', 'a.bin'), { kind })).toEqual({
        ok: false,
        message: httpText,
      });
      server.use(
        mswHttp.post(`http://localhost${url}`, () =>
          HttpResponse.json({ status: 201, msg: '格式不支持' }),
        ),
      );
      expect(await uploadFile(makeFile('x', 'a.bin'), { kind })).toMatchObject({
        ok: false,
        message: rejectText,
      });
      expect(toasts.map((t) => t.summary)).toEqual([httpText, rejectText]);
    },
  );

  it('times out with the client’s timeout and shows only 上传失败，请重试', async () => {
    configureRequest({ timeoutMs: 50 });
    server.use(
      mswHttp.post('http://localhost/api/tool/uploadfile/', async () => {
        await delay(1000);
        return HttpResponse.json({ status: 200, msg: 'late' });
      }),
    );
    try {
      const result = await uploadFile(makeFile('x', 'a.pdf'), { kind: 'file' });
      expect(result).toEqual({ ok: false, message: '上传失败，请重试' });
      expect(toasts.map((t) => t.summary)).toEqual(['上传失败，请重试']);
    } finally {
      configureRequest({ timeoutMs: DEFAULT_TIMEOUT_MS });
    }
  });

  it('a network failure shows 上传失败，请重试', async () => {
    server.use(mswHttp.post('http://localhost/api/tool/uploadmedia', () => HttpResponse.error()));
    const result = await uploadFile(makeFile('x', 'a.mp4'), { kind: 'media' });
    expect(result).toEqual({ ok: false, message: '上传失败，请重试' });
    expect(toasts.map((t) => t.summary)).toEqual(['上传失败，请重试']);
  });
});

describe('uploadSlice', () => {
  it('uses 5120 KB chunks by default', () => {
    expect(UPLOAD_CHUNK_SIZE).toBe(5120 * 1024);
  });

  it('sends numbered chunks, reports progress and returns the address when complete', async () => {
    const parts: {
      index: string | null;
      total: string | null;
      text: string;
      name: unknown;
      ac: unknown;
      token: unknown;
    }[] = [];
    server.use(
      mswHttp.post('http://localhost/api/tool/uploadslice', async ({ request }) => {
        const form = await request.formData();
        const chunk = form.get('resource_chunk') as File;
        parts.push({
          index: form.get('chunk_index') as string,
          total: form.get('chunk_total') as string,
          text: await chunk.text(),
          name: form.get('resource_name'),
          ac: form.get('ac_id'),
          token: form.get('accessToken'),
        });
        if (parts.length < Number(form.get('chunk_total'))) {
          return HttpResponse.json({
            status: 1,
            msg: '分片上传成功',
            data: { resource_temp_path: 'tmp/abc' },
          });
        }
        return HttpResponse.json({
          status: 200,
          msg: '上传成功',
          data: { address: '/storage/mock/9', att_id: 9, original_name: 'big.zip' },
        });
      }),
    );
    const progress: number[] = [];
    const result = await uploadSlice(makeFile('0123456789', 'big.zip'), {
      chunkSize: 4,
      acId: 5,
      onProgress: (p) => progress.push(p),
    });
    expect(parts.map((p) => [p.index, p.total, p.text])).toEqual([
      ['1', '3', '0123'],
      ['2', '3', '4567'],
      ['3', '3', '89'],
    ]);
    expect(parts[0]).toMatchObject({ name: 'big.zip', ac: '5', token: 'tok-up' });
    expect(progress).toEqual([0, 33, 67, 100]);
    expect(result).toMatchObject({ ok: true, data: { address: '/storage/mock/9' } });
    expect(toasts).toEqual([{ severity: 'success', summary: '上传成功', life: 3000 }]);
  });

  it('a refused chunk stops the upload with 上传失败', async () => {
    server.use(
      mswHttp.post('http://localhost/api/tool/uploadslice', () =>
        HttpResponse.json({ status: 201, msg: 'bad chunk' }),
      ),
    );
    const result = await uploadSlice(makeFile('0123456789', 'big.zip'), { chunkSize: 4 });
    expect(result).toMatchObject({ ok: false, message: '上传失败' });
    expect(toasts.map((t) => t.summary)).toEqual(['上传失败']);
  });
});

describe('generated multipart calls', () => {
  it('go out with the multipart boundary fetch sets, not the bare type they pass', async () => {
    const seen: { type: string | null; name?: string; cate?: unknown } = { type: null };
    server.use(
      mswHttp.post('http://localhost/api/tool/uploadimg/', async ({ request }) => {
        seen.type = request.headers.get('content-type');
        const form = await request.formData();
        seen.name = (form.get('file') as File).name;
        seen.cate = form.get('attachment_cate_id');
        return HttpResponse.json({
          status: 200,
          msg: '上传成功',
          data: { address: '/storage/mock/2', att_id: 2, original_name: seen.name },
        });
      }),
    );
    const answer = await toolUploadimg({ file: makeFile('PNG', 'a.png'), attachment_cate_id: 4 });
    expect(seen.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen).toMatchObject({ name: 'a.png', cate: '4' });
    expect(answer.data).toEqual({ address: '/storage/mock/2', att_id: 2, original_name: 'a.png' });
  });
});
