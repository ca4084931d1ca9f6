/**
 * Remote image capture on the editor's side (components/editor/remote-images.ts): the remote
 * images of HTML entering the editor go to the server in one batch, captured ones take the own
 * address, the others are removed and the user is told once how many — so what the editor saves
 * never makes a reader's browser fetch from another site. The server call is replaced by a fake
 * that answers as the spec's catchimage does (a list of source/state/url).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatchResult } from '@/lib/ueditor';
import { onNotify, type NotifyMessage } from '@/lib/notify';
import { htmlToBlocks, sanitizeEditorHtml } from '@/components/editor/html';
import {
  captureRemoteImagesInHtml,
  remoteImageSources,
  useRemoteImages,
} from '@/components/editor/remote-images';

const catchRemoteImages = vi.hoisted(() =>
  vi.fn<(urls: readonly string[], options?: { quiet?: boolean }) => Promise<CatchResult>>(),
);
vi.mock('@/lib/ueditor', () => ({ catchRemoteImages }));

/** The server's answer: each source with the address it was stored at, or a failure. */
function answer(stored: Record<string, string | undefined>): CatchResult {
  const list = Object.entries(stored).map(([source, url]) =>
    url === undefined ? { source, state: '远程图片下载失败' } : { source, state: 'SUCCESS', url },
  );
  const replacements = new Map<string, string>();
  for (const entry of list) if (entry.url) replacements.set(entry.source, entry.url);
  return { ok: true, list, replacements };
}

const PHOTO = 'http://img.example.com/upload/20200101/a.jpg';
const EMOTICON = 'http://img.baidu.com/hi/jx2/j_0002.gif';
const legacy = readFileSync(
  resolve(__dirname, '../../fixtures/editor/legacy-ueditor.html'),
  'utf8',
);

let toasts: NotifyMessage[] = [];
let stopNotify: () => void = () => undefined;

beforeEach(() => {
  catchRemoteImages.mockReset();
  toasts = [];
  stopNotify = onNotify((message) => toasts.push(message));
});

afterEach(() => stopNotify());

describe('remote images of HTML entering the editor', () => {
  it('are the http(s) images of another site, once each', () => {
    const html =
      '<p><img src="http://a.example/x.png"><img src="//b.example/y.png">' +
      `<img src="/storage/mock/1"><img src="${window.location.origin}/own.png">` +
      '<img src="data:image/png;base64,AAAA"><img src=" http://a.example/x.png ">' +
      '<img src="javascript:alert(1)"><img src="file:///C:/clip.png"></p>';
    expect(remoteImageSources(html)).toEqual(['http://a.example/x.png', '//b.example/y.png']);
    expect(remoteImageSources('<p>没有图片</p>')).toEqual([]);
  });

  it('a legacy page: its photo and emoticon are copied to this server and shown from there', async () => {
    catchRemoteImages.mockResolvedValue(
      answer({ [PHOTO]: '/storage/mock/7', [EMOTICON]: '/storage/mock/8' }),
    );
    const result = await captureRemoteImagesInHtml(legacy);
    expect(catchRemoteImages).toHaveBeenCalledOnce();
    expect(catchRemoteImages.mock.lastCall?.[0]).toEqual([PHOTO, EMOTICON]);
    expect(result.removed).toBe(0);
    expect(remoteImageSources(result.html)).toEqual([]);
    const blocks = htmlToBlocks(sanitizeEditorHtml(result.html)).blocks;
    expect(blocks).toContainEqual(
      expect.objectContaining({
        type: 'image',
        data: expect.objectContaining({ url: '/storage/mock/7', float: 'left' }),
      }),
    );
    // The copied emoticon is still an emoticon inside its line.
    expect(blocks).toContainEqual({
      type: 'paragraph',
      data: { text: '表情<img src="/storage/mock/8" class="emoticon">结束' },
    });
  });

  it('removes what the server could not copy, or answered with another site’s address', async () => {
    // The photo failed; the emoticon "captured" at its own remote address (a server that keeps
    // foreign images where they are) would still be fetched from there: it goes too.
    catchRemoteImages.mockResolvedValue(answer({ [PHOTO]: undefined, [EMOTICON]: EMOTICON }));
    const result = await captureRemoteImagesInHtml(legacy);
    expect(result.removed).toBe(2);
    expect(result.html).not.toContain('img.example.com');
    expect(result.html).not.toContain('img.baidu.com');
    // The own image of the page stays.
    expect(result.html).toContain('/ueditor/php/upload/image/b.png');
  });

  it('removes every remote image when the whole call fails', async () => {
    catchRemoteImages.mockResolvedValue({ ok: false, message: '远程图片抓取超时' });
    const result = await captureRemoteImagesInHtml(legacy);
    expect(result.removed).toBe(2);
    expect(remoteImageSources(result.html)).toEqual([]);
  });
});

describe('the editor’s capture hook', () => {
  it('is busy while capturing and tells once how many images were removed', async () => {
    let reply: (result: CatchResult) => void = () => undefined;
    catchRemoteImages.mockReturnValue(
      new Promise<CatchResult>((resolve) => {
        reply = resolve;
      }),
    );
    const { result } = renderHook(() => useRemoteImages());
    const html =
      '<p>a<img src="https://ok.example/1.png"></p><p>b<img src="https://gone.example/2.png"></p>' +
      '<p>c<img src="https://gone.example/3.png"></p>';
    let own: Promise<string> = Promise.resolve('');
    act(() => {
      own = result.current.ownHtml(html);
    });
    expect(result.current.capturing).toBe(true);
    await act(async () => {
      reply(answer({ 'https://ok.example/1.png': '/storage/mock/9' }));
      await own;
    });
    expect(result.current.capturing).toBe(false);
    expect(await own).toBe('<p>a<img src="/storage/mock/9"></p><p>b</p><p>c</p>');
    expect(catchRemoteImages.mock.lastCall?.[1]).toEqual({ quiet: true });
    expect(toasts).toEqual([
      { severity: 'warn', summary: '2 张外部图片无法保存到本站，已移除', life: 4000 },
    ]);
  });

  it('passes HTML without remote images through untouched, without a call', async () => {
    const { result } = renderHook(() => useRemoteImages());
    const html = '<p>x<img src="/storage/mock/1"></p>';
    expect(await result.current.ownHtml(html)).toBe(html);
    expect(catchRemoteImages).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('maps image addresses given one by one (image dialog, library): own as is, remote copied', async () => {
    catchRemoteImages.mockResolvedValue(answer({ 'http://evil.example/x.png': '/storage/mock/5' }));
    const { result } = renderHook(() => useRemoteImages());
    let urls = new Map<string, string>();
    await act(async () => {
      urls = await result.current.ownUrls([
        '/storage/mock/1',
        'http://evil.example/x.png',
        'http://evil.example/lost.png',
      ]);
    });
    expect(catchRemoteImages.mock.lastCall?.[0]).toEqual([
      'http://evil.example/x.png',
      'http://evil.example/lost.png',
    ]);
    expect([...urls]).toEqual([
      ['/storage/mock/1', '/storage/mock/1'],
      ['http://evil.example/x.png', '/storage/mock/5'],
    ]);
    expect(toasts.map((toast) => toast.summary)).toEqual(['1 张外部图片无法保存到本站，已移除']);
  });
});
