/**
 * The simple upload with progress and cancel: over XMLHttpRequest (the transport that reports
 * upload progress), with the accesstoken header and the spec section 8 messages. A scripted
 * XMLHttpRequest stands in for the network, so every answer is exact and nothing is timed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onNotify, setNotifySink, type NotifyMessage } from '@/lib/notify';
import { uploadFile } from '@/lib/request/upload';

vi.mock('@/lib/session', () => ({
  getToken: () => 'tok-up',
  getUsername: () => 'admin',
  clearSession: () => undefined,
}));

type Script = (xhr: ScriptedXhr) => void;

/** One scripted request: records what was sent, then plays the test's script. */
class ScriptedXhr extends EventTarget {
  static script: Script = () => undefined;
  static last: ScriptedXhr | undefined;
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | undefined;
  status = 0;
  responseText = '';
  timeout = 0;
  responseType = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    ScriptedXhr.last = this;
    queueMicrotask(() => ScriptedXhr.script(this));
  }
  abort() {
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    const event = new ProgressEvent('progress', { loaded, total, lengthComputable: true });
    this.upload.dispatchEvent(event);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }
}

const toasts: NotifyMessage[] = [];
let stop: () => void = () => undefined;

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
  toasts.length = 0;
  stop = onNotify((m) => toasts.push(m));
  setNotifySink(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  stop();
});

const png = () => new File([new Uint8Array(200)], '封面.png', { type: 'image/png' });
const ok = {
  status: 200,
  msg: '上传成功',
  data: { address: '/storage/mock/5', att_id: 5, original_name: '封面.png' },
};

describe('uploadFile with progress', () => {
  it('reports the bytes sent, then answers the stored file', async () => {
    ScriptedXhr.script = (xhr) => {
      xhr.progress(100, 400);
      xhr.progress(400, 400);
      xhr.answer(200, ok);
    };
    const seen: [number, number][] = [];
    const result = await uploadFile(png(), {
      kind: 'image',
      onProgress: (loaded, total) => seen.push([loaded, total]),
    });
    expect(result).toMatchObject({ ok: true, data: ok.data });
    expect(seen).toEqual([
      [100, 400],
      [400, 400],
    ]);
    const xhr = ScriptedXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/tool/uploadimg/']);
    expect(xhr.headers.accesstoken).toBe('tok-up');
    expect(xhr.headers['access-token']).toBe('tok-up');
    expect((xhr.body?.get('file') as File).name).toBe('封面.png');
    expect(toasts).toEqual([]);
  });

  it('cancels without a message', async () => {
    ScriptedXhr.script = (xhr) => xhr.progress(10, 400);
    const controller = new AbortController();
    const pending = uploadFile(png(), {
      kind: 'image',
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(await pending).toEqual({ ok: false, message: '', aborted: true });
    expect(toasts).toEqual([]);
  });

  it.each([
    {
      name: 'HTTP error, image',
      kind: 'image' as const,
      status: 500,
      body: '',
      want: 'HTTP 错误：500',
    },
    {
      name: 'HTTP error, file',
      kind: 'file' as const,
      status: 413,
      body: '',
      want: '文件上传失败：413',
    },
    {
      name: 'server reject, image',
      kind: 'image' as const,
      status: 200,
      body: { status: 201, msg: '图片格式不受支持' },
      want: '图片上传失败：图片格式不受支持',
    },
    {
      name: 'server reject, file',
      kind: 'file' as const,
      status: 200,
      body: { status: 201, msg: '磁盘已满' },
      want: '文件上传失败：磁盘已满',
    },
    {
      name: 'not JSON',
      kind: 'image' as const,
      status: 200,
      body: '<html>',
      want: '上传失败，请重试',
    },
  ])('$name → $want (inline and as a toast)', async ({ kind, status, body, want }) => {
    ScriptedXhr.script = (xhr) => xhr.answer(status, body);
    const result = await uploadFile(png(), { kind, onProgress: () => undefined });
    expect(result).toMatchObject({ ok: false, message: want });
    expect(toasts).toContainEqual(expect.objectContaining({ severity: 'error', summary: want }));
  });

  it('gives the generic retry message when the network fails', async () => {
    ScriptedXhr.script = (xhr) => xhr.dispatchEvent(new Event('error'));
    const result = await uploadFile(png(), { kind: 'image', onProgress: () => undefined });
    expect(result).toMatchObject({ ok: false, message: '上传失败，请重试' });
  });
});
