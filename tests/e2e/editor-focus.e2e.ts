/**
 * The editor never takes the focus from a field the user is in, on 公告管理's add dialog:
 * - typing into 公告标题 while the editor is still loading (slow link, slow CPU) stays in the
 *   title, also once the editor is ready (it does not focus itself);
 * - a field focused while one of the editor's dialogs is still closing keeps the focus: the
 *   Dialog would give it back to the text it was opened from when its animation ends (how a
 *   journey once typed the title 图表公告 into a table cell).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';
import { editorHtml, editorOf, openForm, openNotices, paragraphs, tool } from './support/editor';

let browser: Browser;
/** The moment a dialog's closing animation ends is this file's subject: it plays at its speed. */
const NATURAL_SPEED = { animationRate: 1 };

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('the editor and the focus', () => {
  it('typing into 公告标题 while the editor loads stays in the title once the editor is ready', async () => {
    const { page } = await newPage(browser, undefined, NATURAL_SPEED);
    // The list fetches the editor's code ahead of 新增: held back here until the title has been
    // typed, as a slow link holds it for a user who clicks 新增 as the rows appear.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // On the context, not the page: the demo's service worker fetches the page's requests, and
    // only the context's routes see those.
    await page.context().route(/editor-control/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/system/notice`);
    await signIn(page, 'admin');
    await page.locator('.crud-page .p-datatable-tbody tr').first().waitFor();
    // Issue 25's slow link: 150 ms, 1.6 Mbit/s down, the CPU four times slower.
    const session = await page.context().newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增 - 公告管理' });
    const title = dialog.getByLabel('公告标题');
    await title.click();
    await page.keyboard.type('加载中');
    // Typed before the editor was there: its placeholder still shows, no editing region yet.
    expect(await dialog.getByText('编辑器加载中…').isVisible()).toBe(true);
    expect(await dialog.locator('.rich-editor[data-ready="true"]').count()).toBe(0);

    release();
    await dialog.locator('.rich-editor[data-ready="true"]').waitFor();
    await page.keyboard.type('输入');
    await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await screenshot(page, 'editor-focus-loading');
    expect(await title.inputValue()).toBe('加载中输入');
    expect(await title.evaluate((input) => input === document.activeElement)).toBe(true);
    expect((await editorOf(dialog).innerText()).trim()).toBe('');
    await page.close();
  });

  it('a field focused while an editor dialog closes keeps the focus', async () => {
    const page = await openNotices(browser, NATURAL_SPEED);
    const dialog = await openForm(page, '新增');
    await paragraphs(dialog).first().click();
    await page.keyboard.type('正文');
    await tool(dialog, '锚点').click();
    const anchorDialog = page.getByRole('dialog', { name: '锚点' });
    await anchorDialog.getByLabel('锚点名称').fill('第一节');
    const ok = await anchorDialog.getByRole('button', { name: '确认' }).elementHandle();
    const title = dialog.getByLabel('公告标题');
    const titleInput = await title.elementHandle();
    // 确认, then the title focused at once, as a form filler does: the dialog is still closing.
    const closing = await page.evaluate(
      ([button, input]) => {
        if (!(button instanceof HTMLElement) || !(input instanceof HTMLElement)) return false;
        button.click();
        input.focus();
        return Boolean(document.querySelector('.re-dialog'));
      },
      [ok, titleInput] as const,
    );
    expect(closing).toBe(true);
    await anchorDialog.waitFor({ state: 'detached' });
    await page.keyboard.type('焦点公告');
    await screenshot(page, 'editor-focus-dialog-closed');
    expect(await title.inputValue()).toBe('焦点公告');
    const html = await editorHtml(dialog);
    expect(html).toContain('正文');
    expect(html).not.toContain('焦点公告');
    await page.close();
  });
});
