/**
 * Large uploads on 附件管理 (/system/attachment) in real Chromium on the mock backend:
 * - 大文件上传: a 12 MB file made in the test goes in three 5120 KB chunks; the first try of
 *   chunk 2 is lost on the way (a network failure injected into the page's fetch), the chunk
 *   is sent again and the upload completes with 上传成功 — the requests are counted, and the
 *   accepted chunk 1 is not sent again;
 * - 直传云存储: a 5 MB file goes to the mock's cloud storage in 1 MB parts, at most 4 in
 *   flight (counted from the browser's own request events), and lands in the library;
 * - a PNG uploaded is still served at its address after a reload (bytes in IndexedDB).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

const MB = 1024 * 1024;
const PATH = '/system/attachment';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

declare global {
  interface Window {
    /** chunk_index of every chunk the app tried to send, lost ones included. */
    sliceTries?: string[];
    /** Set by the test: lose the first try of this chunk. */
    loseChunk?: string;
  }
}

/**
 * The app's fetch, wrapped before the app loads: records each chunk the app tries to send
 * and loses the first try of `window.loseChunk` as a network failure would. (The mock
 * backend answers from a service worker, which Playwright's page.route cannot intercept.)
 */
function recordAndLoseChunks() {
  const original = window.fetch.bind(window);
  const lost = new Set<string>();
  window.sliceTries = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/api/tool/uploadslice') && init?.body instanceof FormData) {
      const index = String(init.body.get('chunk_index'));
      window.sliceTries?.push(index);
      if (index === window.loseChunk && !lost.has(index)) {
        lost.add(index);
        return Promise.reject(new TypeError('Failed to fetch'));
      }
    }
    return original(input, init);
  };
}

async function openAttachments(): Promise<Page> {
  const { page } = await newPage(browser);
  await page.addInitScript(recordAndLoseChunks);
  await page.goto(`${baseUrl()}${PATH}`);
  await signIn(page, 'admin');
  await page.waitForURL(new RegExp(`${PATH}$`));
  await page.getByRole('button', { name: '大文件上传' }).waitFor();
  return page;
}

function patterned(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) bytes[index] = (index * 31 + (index >> 10)) % 256;
  return bytes;
}

/** Patterned bytes behind a signature: the mock keeps a file only when its bytes are what its name says. */
function signed(signature: readonly number[], size: number): Buffer {
  const bytes = patterned(size);
  bytes.set(signature);
  return bytes;
}
const MP4_SIGNATURE = [0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d];
const ZIP_SIGNATURE = [0x50, 0x4b, 3, 4];

/** The answer to a GET of `address` from inside the page (through the mock backend). */
async function fetchInPage(page: Page, address: string) {
  return page.evaluate(async (url) => {
    const answer = await fetch(url);
    const bytes = new Uint8Array(await answer.arrayBuffer());
    return { status: answer.status, type: answer.headers.get('content-type'), size: bytes.length };
  }, address);
}

describe('large uploads on 附件管理', () => {
  it('大文件上传: 12 MB in three chunks; a lost chunk is sent again, accepted ones are not', async () => {
    const page = await openAttachments();
    const onTheWire: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/tool/uploadslice')) onTheWire.push(request.url());
    });
    await page.evaluate(() => {
      window.loseChunk = '2';
    });

    await page.setInputFiles('[data-testid=large-upload-input-chunked]', {
      name: '宣传片-12MB.mp4',
      mimeType: 'video/mp4',
      buffer: signed(MP4_SIGNATURE, 12 * MB),
    });
    // The bar and its percent while the chunks go: 33% once chunk 1 is accepted.
    await page.locator('.large-upload__progress [role=progressbar]').waitFor();
    await page.locator('.large-upload__percent', { hasText: '33%' }).waitFor();
    await screenshot(page, 'large-upload-chunked-progress');
    await page.locator('.p-toast-message', { hasText: '上传成功' }).first().waitFor();
    const card = page.getByRole('checkbox', { name: '宣传片-12MB.mp4' });
    await card.waitFor();
    await screenshot(page, 'large-upload-chunked-done');

    // Tried: 1, 2 (lost), 2 again, 3. Sent: three requests; chunk 1 went once.
    expect(await page.evaluate(() => window.sliceTries)).toEqual(['1', '2', '2', '3']);
    expect(onTheWire).toHaveLength(3);
    await expect(page.locator('.p-toast-message', { hasText: '上传失败' }).count()).resolves.toBe(
      0,
    );
    await page.context().close();
  });

  it('直传云存储: 5 MB in 1 MB parts, at most 4 in flight, then in the library', async () => {
    const page = await openAttachments();
    const partSizes: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const isPart = (request: Request) =>
      request.method() === 'PUT' && /\/oss-mock\/.+[?&]partNumber=\d+/.test(request.url());
    page.on('request', (request) => {
      if (!isPart(request)) return;
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      partSizes.push(request.postDataBuffer()?.length ?? -1);
    });
    const settled = (request: Request) => {
      if (isPart(request)) inFlight -= 1;
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    const calls: string[] = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/oss-mock/') && request.method() === 'POST')
        calls.push(url.searchParams.has('uploads') ? 'initiate' : 'complete');
      if (url.pathname === '/api/attachment/add') calls.push('attachment add');
    });

    await page.setInputFiles('[data-testid=large-upload-input-oss]', {
      name: '云端资料.zip',
      mimeType: 'application/zip',
      buffer: signed(ZIP_SIGNATURE, 5 * MB),
    });
    await page.locator('.p-toast-message', { hasText: '上传成功' }).first().waitFor();
    const card = page.getByRole('checkbox', { name: '云端资料.zip' });
    await card.waitFor();
    await screenshot(page, 'large-upload-cloud-done');

    expect(partSizes).toEqual([MB, MB, MB, MB, MB]);
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(4);
    expect(calls).toEqual(['initiate', 'complete', 'attachment add']);

    // The library keeps the signed address; it serves the object.
    const address = await page.evaluate(async () => {
      const token = sessionStorage.getItem('token') ?? '';
      const answer = await fetch('/api/attachment/list?keyword=云端资料', {
        headers: { 'access-token': token.replace(/^"|"$/g, '') },
      });
      const body = (await answer.json()) as {
        data: { data: { att_url: string; att_storage: number }[] };
      };
      return body.data.data[0];
    });
    expect(address?.att_storage).toBe(2);
    expect(address?.att_url).toMatch(/\/oss-mock\/uploads\/\d{8}\/\w+\.zip\?OSSAccessKeyId=/);
    expect(await fetchInPage(page, address?.att_url ?? '')).toMatchObject({
      status: 200,
      size: 5 * MB,
    });
    await page.context().close();
  });

  it('an uploaded PNG is still served after a reload', async () => {
    const page = await openAttachments();
    // A real PNG drawn by the browser.
    const png = Buffer.from(
      await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 64;
        canvas.height = 48;
        const context = canvas.getContext('2d');
        if (context) {
          context.fillStyle = '#1f6feb';
          context.fillRect(0, 0, 64, 48);
          context.fillStyle = '#ffd33d';
          context.fillRect(16, 12, 32, 24);
        }
        return canvas.toDataURL('image/png').split(',')[1] ?? '';
      }),
      'base64',
    );
    await page.setInputFiles('[data-testid=large-upload-input-chunked]', {
      name: '标志.png',
      mimeType: 'image/png',
      buffer: png,
    });
    const card = page.getByRole('checkbox', { name: '标志.png' });
    await card.waitFor();
    const address = await card.locator('img').getAttribute('src');
    expect(address).toMatch(/^\/storage\/mock\/\d+$/);

    await page.reload();
    await page.getByRole('button', { name: '大文件上传' }).waitFor();
    const image = page.getByRole('checkbox', { name: '标志.png' }).locator('img');
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBe(64);
    expect(await fetchInPage(page, address ?? '')).toEqual({
      status: 200,
      type: 'image/png',
      size: png.length,
    });
    await screenshot(page, 'large-upload-png-after-reload');
    await page.context().close();
  });
});
