/**
 * The editor findings of issue 51's walk-through (item 11) in real Chromium, on 公告管理's 新增
 * dialog, by the toolbar's Chinese names and the keys a person presses: text typed right after a
 * new 锚点 follows it instead of landing in it; a centred paragraph made 标题 2 stays centred,
 * also once saved and opened again; Ctrl+Shift+Z redoes what Ctrl+Z undid, as Ctrl+Y does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser';
import {
  editorOf,
  openForm,
  openNotices,
  paragraphs,
  pickMenu,
  submitForm,
  tool,
} from './support/editor';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** What a reader sees of an element (an anchor's zero-width space is no character). */
function visibleText(target: Locator): Promise<string> {
  return target.evaluate((el) => (el.textContent ?? '').replace(/\u200b/g, ''));
}

/** The text-align the page draws a block's text with. */
function textAlign(target: Locator): Promise<string> {
  return target.evaluate((el) => getComputedStyle(el).textAlign);
}

/** Presses `key` until the editor's paragraphs read `texts`. */
async function pressUntil(page: Page, key: string, dialog: Locator, texts: string[]) {
  await expect
    .poll(async () => {
      await page.keyboard.press(key);
      return paragraphs(dialog).allTextContents();
    })
    .toEqual(texts);
}

describe('editor walk-through (issue 51 item 11)', () => {
  it('text typed right after a new 锚点 follows the anchor, outside it', async () => {
    const page = await openNotices(browser);
    const dialog = await openForm(page, '新增');
    const first = paragraphs(dialog).first();
    await first.click();
    await page.keyboard.type('锚点之前');
    await tool(dialog, '锚点').click();
    const anchorDialog = page.getByRole('dialog', { name: '锚点' });
    await anchorDialog.getByLabel('锚点名称').fill('第一节');
    await anchorDialog.getByRole('button', { name: '确认' }).click();
    await anchorDialog.waitFor({ state: 'hidden' });
    const anchor = first.locator('a[name="第一节"]');
    await anchor.waitFor({ state: 'attached' });
    await page.keyboard.type('锚点之后');

    await expect.poll(() => visibleText(first)).toBe('锚点之前锚点之后');
    expect(await visibleText(anchor)).toBe('');
    // The anchor marks the place between the two texts.
    const order = await first.evaluate((el) => {
      const html = el.innerHTML;
      return [html.indexOf('锚点之前'), html.indexOf('<a'), html.indexOf('锚点之后')];
    });
    expect(order).toEqual([...order].sort((a, b) => a - b));
    await screenshot(page, 'editor-walkthrough-anchor');
  });

  it('a centred paragraph made 标题 2 stays centred, also saved and opened again', async () => {
    const page = await openNotices(browser);
    const dialog = await openForm(page, '新增');
    await paragraphs(dialog).first().click();
    await page.keyboard.type('居中的小标题');
    await tool(dialog, '居中对齐').click();
    await expect.poll(() => textAlign(paragraphs(dialog).first())).toBe('center');

    await paragraphs(dialog).first().click();
    await pickMenu(page, dialog, '标题', '标题 2');
    const heading = editorOf(dialog).getByRole('heading', { level: 2, name: '居中的小标题' });
    await heading.waitFor();
    expect(await textAlign(heading)).toBe('center');
    await screenshot(page, 'editor-walkthrough-heading');

    await dialog.getByLabel('公告标题').fill('居中标题公告');
    await submitForm(page, dialog);
    const again = await openForm(page, '编辑', '居中标题公告');
    const reopened = editorOf(again).getByRole('heading', { level: 2, name: '居中的小标题' });
    await reopened.waitFor();
    expect(await textAlign(reopened)).toBe('center');
  });

  it('Ctrl+Shift+Z redoes what Ctrl+Z undid, as Ctrl+Y does', async () => {
    const page = await openNotices(browser);
    const dialog = await openForm(page, '新增');
    await paragraphs(dialog).first().click();
    await page.keyboard.type('撤销后再重做');
    await expect.poll(() => paragraphs(dialog).allTextContents()).toEqual(['撤销后再重做']);

    // One press is one step of the history (typing is recorded in steps): pressed again until
    // the text is gone or back, as a person would.
    await pressUntil(page, 'Control+z', dialog, ['']);
    await pressUntil(page, 'Control+Shift+Z', dialog, ['撤销后再重做']);
    await pressUntil(page, 'Control+z', dialog, ['']);
    await pressUntil(page, 'Control+y', dialog, ['撤销后再重做']);
    await screenshot(page, 'editor-walkthrough-redo');
  });
});
