/**
 * The editor's source view (源代码) in real Chromium on 公告管理: what the source holds is the
 * content while it is shown — a submit made there stores it, the form's unsaved-input question
 * counts an edit made there, and the draft keeps it through a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser';
import { openForm, openNotices, paragraphs, submitForm, tool } from './support/editor';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** The source view's text area (the toolbar button is named 返回编辑 meanwhile). */
const sourceOf = (dialog: Locator) => dialog.getByRole('textbox', { name: '源代码' });

describe('the editor’s source view', () => {
  it('a submit made in the source view stores what the source holds', async () => {
    const page = await openNotices(browser);
    const dialog = await openForm(page, '新增');
    await dialog.getByLabel('公告标题').fill('源代码提交公告');
    await paragraphs(dialog).first().click();
    await page.keyboard.type('typed first');
    await tool(dialog, '源代码').click();
    const source = sourceOf(dialog);
    await expect.poll(() => source.inputValue()).toContain('typed first');
    await source.fill('<p>hello from source view</p>');
    // Still in the source view: no 返回编辑 first.
    await submitForm(page, dialog);

    const row = page.locator('.crud-page .p-datatable-tbody tr', { hasText: '源代码提交公告' });
    await row.getByRole('button', { name: '查看' }).click();
    const view = page.getByRole('dialog');
    await view.getByText('hello from source view').waitFor();
    expect(await view.getByText('typed first').count()).toBe(0);
    await screenshot(page, 'editor-source-submitted');
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });

    const edit = await openForm(page, '编辑', '源代码提交公告');
    expect(await paragraphs(edit).allTextContents()).toEqual(['hello from source view']);
  });

  it('closing the form with only a source edit asks before anything is lost', async () => {
    const page = await openNotices(browser);
    const add = await openForm(page, '新增');
    await add.getByLabel('公告标题').fill('源代码放弃公告');
    await paragraphs(add).first().click();
    await page.keyboard.type('已保存的正文');
    await submitForm(page, add);

    // Only looking at the source is no edit: 关闭 closes at once.
    const look = await openForm(page, '编辑', '源代码放弃公告');
    await tool(look, '源代码').click();
    await expect.poll(() => sourceOf(look).inputValue()).toBe('<p>已保存的正文</p>');
    await look.getByRole('button', { name: '关闭' }).last().click();
    await look.waitFor({ state: 'hidden' });

    const dialog = await openForm(page, '编辑', '源代码放弃公告');
    await tool(dialog, '源代码').click();
    const source = sourceOf(dialog);
    await source.fill('<p>only in the source</p>');
    // At once, no pause: the edit counts as unsaved input.
    await dialog.getByRole('button', { name: '关闭' }).last().click();
    const ask = page.locator('.crud-form__discard');
    await ask.getByText('有未保存的内容，确定放弃吗？').waitFor();
    await screenshot(page, 'editor-source-discard-asked');
    await ask.getByRole('button', { name: '继续编辑' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await source.inputValue()).toBe('<p>only in the source</p>');
    await dialog.locator('.p-dialog-header-close').click();
    await ask.getByRole('button', { name: '放弃' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Escape pressed in the source right after typing asks as well.
    const again = await openForm(page, '编辑', '源代码放弃公告');
    await tool(again, '源代码').click();
    await sourceOf(again).fill('<p>typed, then Escape</p>');
    await page.keyboard.press('Escape');
    await ask.getByText('有未保存的内容，确定放弃吗？').waitFor();
  });

  it('a source edit is kept as a draft and offered back after a reload', async () => {
    const page = await openNotices(browser);
    const dialog = await openForm(page, '新增');
    await tool(dialog, '源代码').click();
    await sourceOf(dialog).fill('<p>源代码里的草稿</p>');
    await dialog.getByText('已自动保存').waitFor();
    await page.reload();
    await page.locator('.crud-page .p-datatable-tbody tr').first().waitFor();
    const reopened = await openForm(page, '新增');
    await reopened.getByRole('button', { name: '恢复草稿' }).click();
    await expect.poll(() => paragraphs(reopened).allTextContents()).toEqual(['源代码里的草稿']);
  });
});
