/**
 * The editor's hint popup and resize handle in Chromium, on 公告管理's add dialog: a clicked image
 * offers 默认/左浮动/右浮动/居中, 修改, 删除 and 清除 (the float survives save and reopen); a clicked
 * link shows its address and 删除 removes the link but keeps its text; the resize handle grows the
 * editing frame from the keyboard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser';
import {
  editorOf,
  insertLibraryImage,
  openForm,
  openNotices,
  paragraphs,
  selectText,
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

const hintOf = (page: Page) => page.getByRole('toolbar', { name: '图片与链接操作' });

describe('editor hint popup and resize handle on 公告管理', () => {
  it('a clicked image floats right, keeps it after save and reopen, and 删除 removes it', async () => {
    const page = await openNotices(browser);
    const dialog = await openForm(page, '新增');
    await dialog.getByLabel('公告标题').fill('图片浮动公告');
    await paragraphs(dialog).first().click();
    await page.keyboard.type('图片旁边的文字');
    const image = await insertLibraryImage(page, dialog);

    await image.click();
    const hint = hintOf(page);
    for (const name of ['默认', '左浮动', '右浮动', '居中', '修改', '删除', '清除'])
      await hint.getByRole('button', { name, exact: true }).waitFor();
    await screenshot(page, 'editor-hint-image');
    await hint.getByRole('button', { name: '右浮动', exact: true }).click();
    await hint.waitFor({ state: 'hidden' });
    await expect.poll(() => image.evaluate((el) => getComputedStyle(el).float)).toBe('right');
    await submitForm(page, dialog);

    const again = await openForm(page, '编辑', '图片浮动公告');
    const reopened = editorOf(again).locator('.re-image img');
    expect(await reopened.evaluate((el) => getComputedStyle(el).float)).toBe('right');
    await reopened.click();
    await hintOf(page).getByRole('button', { name: '删除', exact: true }).click();
    await expect.poll(() => editorOf(again).locator('.re-image img').count()).toBe(0);
    expect(await paragraphs(again).first().textContent()).toBe('图片旁边的文字');
  });

  it('a clicked link shows its address and 删除 removes the link but keeps its text', async () => {
    const page = await openNotices(browser);
    const dialog = await openForm(page, '新增');
    const first = paragraphs(dialog).first();
    await first.click();
    await page.keyboard.type('请访问办事指南');
    await selectText(first, '办事指南');
    await tool(dialog, '超链接').click();
    const linkDialog = page.getByRole('dialog', { name: '超链接' });
    await linkDialog.getByLabel('链接地址').fill('https://example.com/guide');
    await linkDialog.getByRole('button', { name: '确认' }).click();
    const link = first.locator('a[href="https://example.com/guide"]');
    await link.waitFor();

    await link.click();
    const hint = hintOf(page);
    await hint.getByRole('link', { name: 'https://example.com/guide' }).waitFor();
    await screenshot(page, 'editor-hint-link');
    await hint.getByRole('button', { name: '删除', exact: true }).click();
    await expect.poll(() => first.locator('a').count()).toBe(0);
    expect(await first.textContent()).toBe('请访问办事指南');
  });

  it('the resize handle makes the editing frame taller from the keyboard', async () => {
    const page = await openNotices(browser);
    const dialog = await openForm(page, '新增');
    const handle = dialog.getByRole('separator', { name: '拖动调整编辑器大小' });
    const before = Number(await handle.getAttribute('aria-valuenow'));
    const frame = editorOf(dialog);
    const frameBefore = (await frame.boundingBox())?.height ?? 0;
    await handle.focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowDown');
    await expect
      .poll(async () => Number(await handle.getAttribute('aria-valuenow')))
      .toBe(before + 60);
    expect(((await frame.boundingBox())?.height ?? 0) - frameBefore).toBeCloseTo(60, 0);
  });
});
