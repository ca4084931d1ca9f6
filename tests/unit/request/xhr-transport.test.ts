// @vitest-environment node
/**
 * The progress transport (src/lib/request/xhr-transport) and the chunked upload over it: the
 * client's headers and address, upload and download progress, the blob and envelope answers,
 * cancel, timeout, the failure messages (the envelope's own message through
 * requestWithProgress), the sealed query parameters of encryption, and the chunked upload's
 * progress within a chunk, its retry of a lost chunk and its cancel. A scripted
 * XMLHttpRequest stands in for the network (../upload-transport/scripted-xhr).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onNotify, setNotifySink, type NotifyMessage } from '@/lib/notify';
import { ApiError, configureRequest, resetRequestConfig } from '@/lib/request';
import { send } from '@/lib/request/client';
import { uploadSlice, type SliceProgress } from '@/lib/request/upload-slice';
import { requestWithProgress, sendWithProgress } from '@/lib/request/xhr-transport';
import { ScriptedXhr } from '../upload-transport/scripted-xhr';
import { textOf } from '@/core/guards';

const session = vi.hoisted(() => ({ cleared: 0 }));
vi.mock('@/lib/session', () => ({
  getToken: () => 'tok-xhr',
  getUsername: () => '管理员',
  clearSession: () => {
    session.cleared += 1;
  },
}));

const toasts: NotifyMessage[] = [];
let stop: () => void = () => undefined;

beforeEach(() => {
  ScriptedXhr.reset();
  vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
  toasts.length = 0;
  session.cleared = 0;
  stop = onNotify((message) => toasts.push(message));
  setNotifySink(() => undefined);
  configureRequest({ baseUrl: 'http://api.test' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRequestConfig();
  stop();
});

const ok = { status: 200, msg: '操作成功', data: { id: 7 } };
const form = () => {
  const body = new FormData();
  body.append('importfile', new File([new Uint8Array(300)], '名单.xlsx'));
  return body;
};
/** The only request sent so far. */
const only = () => {
  expect(ScriptedXhr.sent).toHaveLength(1);
  const [xhr] = ScriptedXhr.sent;
  if (!xhr) throw new Error('nothing was sent');
  return xhr;
};
const summaries = () => toasts.map((toast) => toast.summary);

describe('sendWithProgress', () => {
  it('sends the client headers to the client address and reports the body as it leaves', async () => {
    ScriptedXhr.script = (xhr) => {
      xhr.sending(100, 400);
      xhr.sending(400, 400);
      xhr.answer(200, ok);
    };
    const sent: [number, number][] = [];
    const answer = await sendWithProgress(
      {
        url: '/api/member/import',
        method: 'post',
        data: form(),
        // What the generated multipart calls pass: the boundary is the browser's to set.
        headers: { 'Content-Type': 'multipart/form-data' },
      },
      { headers: { accesstoken: 'tok-xhr' }, onUploadProgress: (l, t) => sent.push([l, t]) },
    );
    expect(answer).toEqual({ kind: 'envelope', envelope: ok });
    expect(sent).toEqual([
      [100, 400],
      [400, 400],
    ]);
    const xhr = only();
    expect([xhr.method, xhr.url]).toEqual(['POST', 'http://api.test/api/member/import']);
    expect(xhr.headers).toEqual({
      Accept: 'application/json, */*',
      'access-token': 'tok-xhr',
      // base64 of the name's UTF-8 bytes, as send() writes it.
      'user-tag': Buffer.from('管理员').toString('base64'),
      accesstoken: 'tok-xhr',
    });
    expect(xhr.body).toBeInstanceOf(FormData);
    expect(xhr.timeout).toBe(300000);
    expect(xhr.responseType).toBe('text');
    expect(toasts).toEqual([]);
  });

  it('reports the download with its total when the server announced it, without otherwise', async () => {
    const file = new Blob([new Uint8Array(2000)], { type: 'application/vnd.ms-excel' });
    ScriptedXhr.script = (xhr) => {
      xhr.receiving(500, 2000);
      xhr.receiving(2000, 2000);
      xhr.answer(200, file, { 'Content-Type': 'application/vnd.ms-excel' });
    };
    const received: [number, number | undefined][] = [];
    const answer = await sendWithProgress(
      { url: '/api/member/export', method: 'GET', params: { keyword: '张' }, responseType: 'blob' },
      { onDownloadProgress: (l, t) => received.push([l, t]) },
    );
    expect(answer).toEqual({ kind: 'blob', blob: file });
    expect(received).toEqual([
      [500, 2000],
      [2000, 2000],
    ]);
    expect(only().url).toBe('http://api.test/api/member/export?keyword=%E5%BC%A0');
    expect(only().responseType).toBe('blob');

    ScriptedXhr.reset((xhr) => {
      xhr.receiving(700);
      xhr.answer(200, file, { 'Content-Type': 'application/octet-stream' });
    });
    received.length = 0;
    await sendWithProgress(
      { url: '/api/member/export', method: 'GET', responseType: 'blob' },
      { onDownloadProgress: (l, t) => received.push([l, t]) },
    );
    expect(received).toEqual([[700, undefined]]);
  });

  it('gives the envelope when a file call is answered with JSON', async () => {
    const refused = { status: 201, msg: '没有可导出的数据' };
    ScriptedXhr.script = (xhr) =>
      xhr.answer(200, refused, { 'Content-Type': 'application/json; charset=utf-8' });
    const answer = await sendWithProgress(
      { url: '/api/member/export', method: 'GET', responseType: 'blob' },
      { onDownloadProgress: () => undefined },
    );
    expect(answer).toEqual({ kind: 'envelope', envelope: refused });
  });

  it('aborts the request in flight when the caller cancels, without a message', async () => {
    const controller = new AbortController();
    ScriptedXhr.script = (xhr) => xhr.sending(10, 400);
    const pending = sendWithProgress(
      { url: '/api/tool/uploadslice', method: 'POST', data: form(), signal: controller.signal },
      { onUploadProgress: () => controller.abort() },
    );
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(only().aborted).toBe(true);
    expect(toasts).toEqual([]);

    // Cancelled before it left: nothing is sent.
    ScriptedXhr.reset();
    await expect(
      sendWithProgress(
        { url: '/api/x', method: 'POST', data: form(), signal: controller.signal },
        { onUploadProgress: () => undefined },
      ),
    ).rejects.toMatchObject({ kind: 'aborted' });
    expect(ScriptedXhr.sent).toEqual([]);
  });

  it('times out after the configured time (or the call’s) with the timeout message', async () => {
    configureRequest({ timeoutMs: 1234 });
    ScriptedXhr.script = (xhr) => xhr.timeOut();
    const call = (timeoutMs?: number) =>
      sendWithProgress(
        { url: '/api/x', method: 'POST', data: form() },
        { onUploadProgress: () => undefined, ...(timeoutMs ? { timeoutMs } : {}) },
      );
    await expect(call()).rejects.toMatchObject({
      kind: 'timeout',
      message: '请求超时，请稍后重试！',
    });
    expect(ScriptedXhr.sent[0]?.timeout).toBe(1234);
    await expect(call(50)).rejects.toMatchObject({ kind: 'timeout' });
    expect(ScriptedXhr.sent[1]?.timeout).toBe(50);
    // The second timeout comes within TRANSPORT_ERROR_BURST_MS of the first: one message.
    expect(summaries()).toEqual(['请求超时，请稍后重试！']);
  });

  it.each([
    {
      name: 'no answer',
      play: (x: ScriptedXhr) => x.fail(),
      kind: 'network',
      message: '网络错误，请稍后重试！',
    },
    {
      name: 'HTTP 500',
      play: (x: ScriptedXhr) => x.answer(500, ''),
      kind: 'http',
      message: '500，内部服务器错误！',
    },
    {
      name: 'HTTP 502',
      play: (x: ScriptedXhr) => x.answer(502, ''),
      kind: 'http',
      message: '服务暂时不可用，请稍后重试',
    },
    {
      name: 'not JSON',
      play: (x: ScriptedXhr) => x.answer(200, '<html>'),
      kind: 'parse',
      message: '网络错误，请稍后重试！',
    },
  ])(
    '$name → $kind with the client’s message, shown unless quiet',
    async ({ play, kind, message }) => {
      ScriptedXhr.script = play;
      const call = (quiet: boolean) =>
        sendWithProgress(
          { url: '/api/x', method: 'POST', data: form() },
          { onUploadProgress: () => undefined, quiet },
        );
      await expect(call(false)).rejects.toMatchObject({ kind, message });
      expect(summaries()).toEqual([message]);
      await expect(call(true)).rejects.toMatchObject({ kind, message });
      expect(summaries()).toEqual([message]);
    },
  );

  it('401 ends the session and shows the login message once', async () => {
    ScriptedXhr.script = (xhr) => xhr.answer(401, '');
    await expect(
      sendWithProgress(
        { url: '/api/x', method: 'POST', data: form() },
        { onUploadProgress: () => undefined, quiet: true },
      ),
    ).rejects.toMatchObject({ kind: 'http', status: 401 });
    expect(session.cleared).toBe(1);
    expect(summaries()).toEqual(['401，登录失效！']);
  });

  it('without a listener, a JSON body or XMLHttpRequest, the call is the client’s fetch', async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        return Response.json(ok);
      }),
    );
    await sendWithProgress({ url: '/api/a', method: 'POST', data: form() });
    await sendWithProgress(
      { url: '/api/b', method: 'POST', data: { id: 1 } },
      { onUploadProgress: () => undefined },
    );
    vi.stubGlobal('XMLHttpRequest', undefined);
    await sendWithProgress(
      { url: '/api/c', method: 'POST', data: form() },
      { onUploadProgress: () => undefined },
    );
    expect(fetched).toEqual([
      'http://api.test/api/a',
      'http://api.test/api/b',
      'http://api.test/api/c',
    ]);
    expect(ScriptedXhr.sent).toEqual([]);
  });

  it('seals query parameters as send() does when encryption is on', async () => {
    configureRequest({ encryption: { key: '0123456789abcdef', iv: 'fedcba9876543210' } });
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        return new Response(new Blob(['x']), { headers: { 'Content-Type': 'application/zip' } });
      }),
    );
    ScriptedXhr.script = (xhr) =>
      xhr.answer(200, new Blob(['x']), { 'Content-Type': 'application/zip' });
    const config = {
      url: '/api/member/export',
      method: 'GET' as const,
      params: { keyword: '张三', status: 1 },
      responseType: 'blob' as const,
    };
    await send(config);
    await sendWithProgress(config, { onDownloadProgress: () => undefined });
    expect(only().url).toMatch(/\?paramsData=/);
    expect(only().url).toBe(fetched[0]);
    // The user-tag is sealed too (not the plain base64 of the name).
    expect(only().headers['user-tag']).not.toBe(Buffer.from('管理员').toString('base64'));
  });
});

describe('requestWithProgress', () => {
  it('resolves with a successful envelope', async () => {
    ScriptedXhr.script = (xhr) => xhr.answer(200, ok);
    await expect(
      requestWithProgress(
        { url: '/api/x', method: 'POST', data: form() },
        { onUploadProgress: () => undefined },
      ),
    ).resolves.toEqual(ok);
  });

  it('shows the envelope’s own message and throws it with the envelope', async () => {
    const refused = {
      status: 201,
      msg: '导入失败：2 行数据有问题',
      data: {
        problemRows: 2,
        problems: [{ row: 2, field: 'phone', label: '手机号', message: '格式不正确' }],
      },
    };
    ScriptedXhr.script = (xhr) => xhr.answer(200, refused);
    const failure = await requestWithProgress(
      { url: '/api/member/import', method: 'POST', data: form() },
      { onUploadProgress: () => undefined },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'status', status: 201, envelope: refused });
    expect(summaries()).toEqual(['导入失败：2 行数据有问题']);
  });
});

describe('uploadSlice over the progress transport', () => {
  const noWait = vi.fn(async (_retry: number, _signal?: AbortSignal) => undefined);
  const file = () => new File([new Uint8Array(10)], '视频.mp4', { type: 'video/mp4' });
  const accepted = { status: 1, msg: '分片上传成功', data: { resource_temp_path: 'temp/a' } };
  const complete = {
    status: 200,
    msg: '上传成功',
    data: { address: '/storage/mock/9', att_id: 9, original_name: '视频.mp4' },
  };
  const chunkOf = (xhr: ScriptedXhr) =>
    xhr.body instanceof FormData ? textOf(xhr.body.get('chunk_index')) : '';

  it('counts the bytes of the chunk on the way; a lost chunk is sent again and starts over', async () => {
    let lost = false;
    ScriptedXhr.script = (xhr) => {
      const index = chunkOf(xhr);
      xhr.sending(50, 100);
      if (index === '2' && !lost) {
        lost = true;
        xhr.fail();
        return;
      }
      xhr.sending(100, 100);
      xhr.answer(200, index === '3' ? complete : accepted);
    };
    const seen: SliceProgress[] = [];
    const result = await uploadSlice(file(), {
      chunkSize: 4,
      retryDelay: noWait,
      onProgress: (_percent, at) => seen.push(at),
    });
    expect(result).toMatchObject({ ok: true, data: { address: '/storage/mock/9' } });
    expect(ScriptedXhr.sent.map(chunkOf)).toEqual(['1', '2', '2', '3']);
    expect(noWait).toHaveBeenCalledTimes(1);
    expect(ScriptedXhr.sent[0]?.headers.accesstoken).toBe('tok-xhr');
    const at = (percent: number, chunk: number, chunkPercent?: number) => ({
      percent,
      chunk,
      chunks: 3,
      chunkPercent,
    });
    expect(seen).toEqual([
      at(0, 1),
      at(17, 1, 50),
      at(33, 1, 100),
      at(33, 2),
      at(50, 2, 50),
      // The lost try's bytes count no more: the chunk starts again.
      at(33, 2),
      at(50, 2, 50),
      at(67, 2, 100),
      at(67, 3),
      at(83, 3, 50),
      // Every byte is out; 100 only once the server says the file is complete.
      at(99, 3, 100),
      at(100, 3, 100),
    ]);
    // The retry is not a failure the user sees; the end is.
    expect(summaries()).toEqual(['上传成功']);
  });

  it('cancelling within a chunk aborts it, sends nothing more and shows nothing', async () => {
    const controller = new AbortController();
    ScriptedXhr.script = (xhr) => {
      xhr.sending(30, 100);
      if (chunkOf(xhr) === '1') xhr.answer(200, accepted);
    };
    const result = await uploadSlice(file(), {
      chunkSize: 4,
      signal: controller.signal,
      onProgress: (_percent, at) => {
        if (at.chunk === 2 && at.chunkPercent === 30) controller.abort();
      },
    });
    expect(result).toMatchObject({ ok: false, cancelled: true });
    expect(ScriptedXhr.sent.map(chunkOf)).toEqual(['1', '2']);
    expect(ScriptedXhr.sent[1]?.aborted).toBe(true);
    expect(toasts).toEqual([]);
  });

  it('a chunk that times out on every try stops the upload with 上传失败', async () => {
    ScriptedXhr.script = (xhr) => xhr.timeOut();
    const result = await uploadSlice(file(), {
      chunkSize: 4,
      retryDelay: noWait,
      onProgress: () => undefined,
    });
    expect(result).toMatchObject({ ok: false, message: '上传失败' });
    expect(ScriptedXhr.sent.map(chunkOf)).toEqual(['1', '1', '1']);
    // Quiet transport: the upload's own message only, not the timeout's.
    expect(summaries()).toEqual(['上传失败']);
  });
});
