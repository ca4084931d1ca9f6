// @vitest-environment node
/**
 * The chunked upload against the mock backend (msw/node): a 12 MB file goes as three 5120 KB
 * chunks with every field of the spec and is served back whole; a chunk that is lost is sent
 * again without re-sending the accepted ones (requests counted); cancelling stops the upload.
 */
import { http, HttpResponse, delay } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { onNotify, setNotifySink, type NotifyMessage } from '@/lib/notify';
import { configureRequest, resetRequestConfig } from '@/lib/request';
import { uploadSlice, UPLOAD_CHUNK_SIZE } from '@/lib/request/upload-slice';
import { server } from '@/mocks/node';
import { resetMockDatabase } from '@/mocks/reset';
import { call, ORIGIN, send, signIn } from '../mocks/harness';

const session = vi.hoisted(() => ({ token: '' }));
vi.mock('@/lib/session', () => ({
  getToken: () => session.token,
  getUsername: () => 'admin',
  clearSession: () => undefined,
}));

const MB = 1024 * 1024;
const SLICE = `${ORIGIN}/api/tool/uploadslice`;

/** Every chunk request the server saw, in order, with its form fields. */
interface SeenChunk {
  fields: Record<string, string>;
  size: number;
}
let seen: SeenChunk[];
const toasts: NotifyMessage[] = [];
let stopToasts: () => void;

/** Counts chunk requests without answering them (the mock backend answers). */
function countChunks() {
  server.use(
    http.post(SLICE, async ({ request }) => {
      const form = await request.clone().formData();
      const fields: Record<string, string> = {};
      let size = 0;
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') fields[name] = value;
        else size = value.size;
      }
      seen.push({ fields, size });
      return undefined;
    }),
  );
}

function twelveMegabytes(): File {
  const bytes = new Uint8Array(12 * MB);
  for (let index = 0; index < bytes.length; index += 4096) bytes[index] = (index / 4096) % 251;
  // An MP4's `ftyp` box first: the mock keeps a file only when its bytes are what its name says.
  bytes.set([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
  return new File([bytes], '年度视频.mp4', { type: 'video/mp4' });
}

const noWait = vi.fn(async (_retry: number, _signal?: AbortSignal) => undefined);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureRequest({ baseUrl: ORIGIN });
});
afterAll(() => {
  server.close();
  resetRequestConfig();
});
beforeEach(async () => {
  resetMockDatabase();
  session.token = await signIn();
  seen = [];
  toasts.length = 0;
  noWait.mockClear();
  stopToasts = onNotify((message) => toasts.push(message));
  setNotifySink(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  stopToasts();
});

describe('chunked upload', () => {
  it('sends a 12 MB file as three 5120 KB chunks with every field and gets it back whole', async () => {
    countChunks();
    const file = twelveMegabytes();
    const progress: number[] = [];
    const result = await uploadSlice(file, { acId: 3, onProgress: (p) => progress.push(p) });

    expect(UPLOAD_CHUNK_SIZE).toBe(5120 * 1024);
    expect(seen.map((chunk) => chunk.size)).toEqual([5120 * 1024, 5120 * 1024, 2 * MB]);
    const basename = seen[0]?.fields.resource_temp_basename;
    expect(basename).toMatch(/^\w{16,}$/);
    seen.forEach((chunk, position) => {
      expect(chunk.fields).toEqual({
        chunk_total: '3',
        chunk_index: String(position + 1),
        resource_temp_basename: basename,
        // Empty on the first chunk; then what the server answered.
        resource_temp_path: position === 0 ? '' : `temp/${basename}`,
        resource_type: 'mp4',
        resource_name: '年度视频.mp4',
        accessToken: session.token,
        ac_id: '3',
      });
    });
    expect(progress).toEqual([0, 33, 67, 100]);
    expect(toasts.map((toast) => [toast.severity, toast.summary])).toEqual([
      ['success', '上传成功'],
    ]);
    if (!result.ok) throw new Error(result.message);
    expect(result.data).toMatchObject({ original_name: '年度视频.mp4' });
    const served = Buffer.from(await (await send('GET', result.data.address)).arrayBuffer());
    // Buffer comparison: a deep equality over 12 million elements takes minutes.
    expect(served.length).toBe(file.size);
    expect(served.equals(Buffer.from(await file.arrayBuffer()))).toBe(true);
    const library = await call<{ data: Record<string, unknown>[] }>('GET', '/api/attachment/list', {
      token: session.token,
      query: { cate_id: 3 },
    });
    expect(library.data.data[0]).toMatchObject({
      att_id: result.data.att_id,
      att_title: '年度视频.mp4',
      type: 3,
    });
  });

  it('a lost chunk is sent again after the backoff; accepted chunks are not sent again', async () => {
    let failures = 1;
    server.use(
      http.post(SLICE, async ({ request }) => {
        const form = await request.clone().formData();
        if (form.get('chunk_index') === '2' && failures > 0) {
          failures -= 1;
          return new HttpResponse(null, { status: 502 });
        }
        return undefined;
      }),
    );
    countChunks();
    const result = await uploadSlice(twelveMegabytes(), { retryDelay: noWait });

    expect(result.ok).toBe(true);
    // 1 once, 2 twice (the lost try and the retry), 3 once: four requests in all.
    expect(seen.map((chunk) => chunk.fields.chunk_index)).toEqual(['1', '2', '2', '3']);
    expect(noWait).toHaveBeenCalledTimes(1);
    expect(noWait).toHaveBeenCalledWith(1, undefined);
    expect(toasts.map((toast) => toast.summary)).toEqual(['上传成功']);
  });

  it('a chunk lost on every try stops the upload with 上传失败 and sends nothing after it', async () => {
    server.use(
      http.post(SLICE, async ({ request }) => {
        const form = await request.clone().formData();
        return form.get('chunk_index') === '2' ? HttpResponse.error() : undefined;
      }),
    );
    countChunks();
    const result = await uploadSlice(twelveMegabytes(), { retryDelay: noWait, attempts: 3 });

    expect(result).toMatchObject({ ok: false, message: '上传失败' });
    expect(seen.map((chunk) => chunk.fields.chunk_index)).toEqual(['1', '2', '2', '2']);
    expect(noWait.mock.calls.map(([retry]) => retry)).toEqual([1, 2]);
    expect(toasts.map((toast) => [toast.severity, toast.summary])).toEqual([['error', '上传失败']]);
  });

  it('a chunk the server refuses is not sent again', async () => {
    server.use(
      http.post(SLICE, () => HttpResponse.json({ status: 201, msg: '分片信息不正确', data: null })),
    );
    const result = await uploadSlice(twelveMegabytes(), { retryDelay: noWait });
    expect(result).toMatchObject({ ok: false, message: '上传失败' });
    expect(noWait).not.toHaveBeenCalled();
  });

  it('cancelling aborts the chunk in flight and sends no further chunk, without a failure toast', async () => {
    const controller = new AbortController();
    server.use(
      http.post(SLICE, async ({ request }) => {
        const form = await request.clone().formData();
        if (form.get('chunk_index') === '2') {
          controller.abort();
          await delay('infinite');
        }
        return undefined;
      }),
    );
    countChunks();
    const result = await uploadSlice(twelveMegabytes(), {
      signal: controller.signal,
      retryDelay: noWait,
    });

    expect(result).toMatchObject({ ok: false, cancelled: true, message: '已取消上传' });
    expect(seen.map((chunk) => chunk.fields.chunk_index)).toEqual(['1', '2']);
    expect(noWait).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('cancelling between chunks sends no further chunk', async () => {
    countChunks();
    const controller = new AbortController();
    const result = await uploadSlice(twelveMegabytes(), {
      signal: controller.signal,
      onProgress: (percent) => {
        if (percent > 0) controller.abort();
      },
    });
    expect(result).toMatchObject({ ok: false, cancelled: true });
    expect(seen.map((chunk) => chunk.fields.chunk_index)).toEqual(['1']);
  });
});
