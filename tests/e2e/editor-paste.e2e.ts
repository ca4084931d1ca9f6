/**
 * Issue 49 case 9 in real Chromium: a paste over the editor's cap (1 MiB of clipboard text) is
 * refused at once with the exact Chinese message, HTML or plain text alike, and what was typed
 * before stays as it was; a page pasted afterwards still becomes blocks. (Before, the same
 * paste went to the codec or to Editor.js's own paste: seconds to minutes of a frozen page.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser';
import { editorOf, openForm, openNotices, paragraphs } from './support/editor';

const TYPED = '已经输入的正文';
const CAP_CHARS = 1024 * 1024;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Pastes at the caret in `block` as the clipboard would. */
async function paste(block: Locator, content: { html?: string; text?: string }) {
  await block.evaluate((el, given) => {
    const data = new DataTransfer();
    if (given.html) data.setData('text/html', given.html);
    if (given.text) data.setData('text/plain', given.text);
    el.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, content);
}

const toast = (page: Page, text: string) =>
  page.locator('.p-toast-message').filter({ hasText: text });

describe('pasting into the rich-text editor on 公告管理', () => {
  it('over the cap: the message, nothing pasted, the typed text kept; a page pasted after still comes in', async () => {
    const page = await openNotices(browser);
    const dialog = await openForm(page, '新增');
    const first = paragraphs(dialog).first();
    await first.click();
    await page.keyboard.type(TYPED);
    await expect.poll(() => first.textContent()).toBe(TYPED);
    const blocks = editorOf(dialog).locator('.ce-block');
    const blocksBefore = await blocks.count();

    // HTML one character over the cap (1,048,583 characters: 1025 KB).
    const html = `<p>${'页'.repeat(CAP_CHARS)}</p>`;
    await paste(first, { html, text: '页' });
    await toast(
      page,
      '粘贴的内容过大（约 1025 KB），单次粘贴不能超过 1024 KB，未粘贴任何内容。请分段粘贴。',
    ).waitFor();
    await screenshot(page, 'editor-paste-too-large');
    expect(await first.textContent()).toBe(TYPED);
    expect(await blocks.count()).toBe(blocksBefore);

    // Plain text only (no HTML on the clipboard): the same cap on the text.
    await paste(first, { text: 'a'.repeat(3 * CAP_CHARS) });
    await toast(
      page,
      '粘贴的内容过大（约 3072 KB），单次粘贴不能超过 1024 KB，未粘贴任何内容。请分段粘贴。',
    ).waitFor();
    expect(await first.textContent()).toBe(TYPED);
    expect(await blocks.count()).toBe(blocksBefore);

    // Under the cap a page is pasted as blocks after the typed paragraph.
    await paste(first, {
      html: '<h2>粘贴的小标题</h2><p>粘贴的段落</p><ul><li>粘贴的条目</li></ul>',
    });
    await editorOf(dialog).locator('.ce-header', { hasText: '粘贴的小标题' }).waitFor();
    await editorOf(dialog).getByText('粘贴的段落').waitFor();
    await editorOf(dialog).getByText('粘贴的条目').waitFor();
    expect(await first.textContent()).toBe(TYPED);
  });
});
