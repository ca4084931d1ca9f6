/**
 * Remote images in rich text, in real Chromium on 公告管理: an image of another site pasted into
 * the editor, or typed into the source view and submitted from there, is captured to the own
 * server (or removed, and the user told) before the browser fetches it, so the saved notice holds
 * no foreign address; a notice whose stored content (set
 * through the API) refers to another site's image, background and video is viewed and edited
 * without any request to that site.
 *
 * Every request to http://evil.example is recorded through the browser context's routing (which
 * also sees the mock backend's service worker). The remote capture itself is answered in the page
 * (the mock answers from a service worker, which Playwright cannot intercept): addresses naming
 * "keep" are copied to /storage/logo.png, the others fail as an unreachable image would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser';
import { editorOf, openForm, openNotices, paragraphs, submitForm, tool } from './support/editor';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Records every request for evil.example (none may happen) and answers it with a 404. */
async function recordEvilRequests(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.context().route('http://evil.example/**', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 404, body: '' });
  });
  return requested;
}

/** The server's remote capture, answered in the page: "keep" addresses copied, others failed. */
async function answerCaptureInPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.includes('action=catchimage')) return original(input, init);
      const body = init?.body;
      const form = body instanceof URLSearchParams || typeof body === 'string' ? body : '';
      const sources = new URLSearchParams(form).getAll('source[]');
      return Response.json({
        state: 'SUCCESS',
        list: sources.map((source) =>
          source.includes('keep')
            ? { source, state: 'SUCCESS', url: '/storage/logo.png' }
            : { source, state: '远程图片下载失败' },
        ),
      });
    };
  });
}

/** Calls the mock backend as the signed-in user; the answer's `data`. */
async function api(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          'Content-Type': 'application/json',
          'access-token': sessionStorage.getItem('token') ?? '',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer: unknown = await response.json();
      return typeof answer === 'object' && answer !== null && 'data' in answer
        ? answer.data
        : undefined;
    },
    { method, path, body },
  );
}

/** The stored notice_content of the notice titled `title`. */
async function storedContent(page: Page, title: string): Promise<string> {
  const listed = await api(
    page,
    'GET',
    `/api/adminnotice/list?keyword=${encodeURIComponent(title)}`,
  );
  const rows =
    typeof listed === 'object' && listed !== null && 'data' in listed && Array.isArray(listed.data)
      ? listed.data
      : [];
  const row: unknown = rows[0];
  return typeof row === 'object' && row !== null && 'notice_content' in row
    ? String(row.notice_content)
    : '';
}

/** Pastes HTML into the focused editor block as the clipboard would. */
async function pasteHtml(page: Page, html: string, text: string): Promise<void> {
  await page.evaluate(
    ({ html, text }) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    { html, text },
  );
}

const toast = (page: Page, text: string) =>
  page.locator('.p-toast-message', { hasText: text }).first();

describe('remote images in rich text', () => {
  it('pasted into the editor: captured or removed before loading, never saved', async () => {
    const page = await openNotices(browser);
    const requested = await recordEvilRequests(page);
    await answerCaptureInPage(page);
    const dialog = await openForm(page, '新增');
    const first = paragraphs(dialog).first();
    await first.click();
    await page.keyboard.type('外部图片');
    await pasteHtml(
      page,
      '<p>粘贴的网页</p><img src="http://evil.example/keep.png" alt="保留">' +
        '<p>还有一张</p><img src="http://evil.example/pixel.png" alt="追踪">',
      '粘贴的网页 还有一张',
    );
    await toast(page, '1 张外部图片无法保存到本站，已移除').waitFor();
    const images = editorOf(dialog).locator('.re-image img');
    await expect.poll(() => images.count()).toBe(1);
    expect(await images.first().getAttribute('src')).toBe('/storage/logo.png');
    await editorOf(dialog).getByText('还有一张').waitFor();
    await screenshot(page, 'remote-images-pasted');

    await dialog.getByLabel('公告标题').fill('外部图片粘贴公告');
    await submitForm(page, dialog);
    const stored = await storedContent(page, '外部图片粘贴公告');
    expect(stored).toContain('/storage/logo.png');
    expect(stored).toContain('还有一张');
    expect(stored).not.toContain('evil.example');
    expect(requested).toEqual([]);
  });

  it('typed in the source view and submitted from it: captured or removed, never saved', async () => {
    const page = await openNotices(browser);
    const requested = await recordEvilRequests(page);
    await answerCaptureInPage(page);
    const dialog = await openForm(page, '新增');
    await dialog.getByLabel('公告标题').fill('源代码外部图片公告');
    await tool(dialog, '源代码').click();
    await dialog
      .getByRole('textbox', { name: '源代码' })
      .fill(
        '<p>源代码正文</p><img src="http://evil.example/keep.png" alt="保留">' +
          '<p>另一张</p><img src="http://evil.example/pixel.png" alt="追踪">',
      );
    // Submitted while the source is still shown.
    await submitForm(page, dialog);
    await toast(page, '1 张外部图片无法保存到本站，已移除').waitFor();
    const stored = await storedContent(page, '源代码外部图片公告');
    expect(stored).toContain('/storage/logo.png');
    expect(stored).toContain('另一张');
    expect(stored).not.toContain('evil.example');
    expect(requested).toEqual([]);
  });

  it('stored with another site’s image: viewing and editing the notice request nothing from it', async () => {
    const page = await openNotices(browser);
    const requested = await recordEvilRequests(page);
    await answerCaptureInPage(page);
    const seeded = [
      {
        notice_title: '外部资源公告',
        notice_content:
          '<p>正文开头</p><p><img src="http://evil.example/pixel.png" alt="追踪像素"></p>' +
          '<p style="background: url(http://evil.example/bg.png)">背景段落</p>' +
          '<video src="http://evil.example/v.mp4" poster="http://evil.example/poster.png"></video>',
      },
      {
        notice_title: '外部图片待编辑公告',
        notice_content: '<p>待编辑</p><p><img src="https://evil.example/edit.png"></p>',
      },
    ];
    for (const notice of seeded)
      await api(page, 'POST', '/api/adminnotice/add', { ...notice, notice_type: 1 });
    await page.reload();
    const rows = page.locator('.crud-page .p-datatable-tbody tr');
    await rows.filter({ hasText: '外部资源公告' }).waitFor();

    // 查看: the image is a link to its address; nothing of it is fetched.
    await rows.filter({ hasText: '外部资源公告' }).getByRole('button', { name: '查看' }).click();
    const view = page.getByRole('dialog');
    const link = view.getByRole('link', { name: 'http://evil.example/pixel.png' });
    await link.waitFor();
    expect(await link.getAttribute('target')).toBe('_blank');
    await view.getByText('背景段落').waitFor();
    expect(await view.locator('img[src*="evil.example"]').count()).toBe(0);
    expect(await view.locator('video').getAttribute('preload')).toBe('none');
    // Whatever the page loaded by itself is in its resource timing: nothing from there.
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(loaded.filter((address) => address.includes('evil.example'))).toEqual([]);
    await screenshot(page, 'remote-images-viewed');
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });

    // 编辑: the editor captures the image first; it cannot be copied, so it is removed (and
    // the user told), and the browser never fetched it.
    const dialog = await openForm(page, '编辑', '外部图片待编辑公告');
    await toast(page, '1 张外部图片无法保存到本站，已移除').waitFor();
    await editorOf(dialog).getByText('待编辑').waitFor();
    expect(await editorOf(dialog).locator('img').count()).toBe(0);
    await screenshot(page, 'remote-images-edit-removed');
    await submitForm(page, dialog, '修改成功');
    expect(await storedContent(page, '外部图片待编辑公告')).not.toContain('evil.example');
    expect(requested).toEqual([]);
  });
});
