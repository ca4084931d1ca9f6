/**
 * Date-time fields whose contract type is a Unix time in seconds (issue 51, walk-through item 1):
 * 系统动态管理 → 新增 with a 发布时间 picked in the calendar is saved (the form used to send the
 * picker's "2026-12-15 16:59" and the server answered 「发布时间」必须是整数), shows in the list
 * as the time picked, and an edit that picks another day is saved too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser';
import { openSignedIn } from './support/session';
import { submitForm } from './support/editor';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const TITLE = '年度安全生产表彰大会';

const rowWith = (page: Page, text: string) =>
  page.locator('.crud-page .p-datatable-tbody tr', { hasText: text });

/** Today's date as the list shows it (YYYY-MM-DD, local time). */
async function today(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
}

describe('系统动态管理: 发布时间 (a Unix time in seconds) from the calendar', () => {
  it('adds an item with the time picked, then edits it to another day', async () => {
    const page = await openSignedIn(browser, '/system/dynamics');
    const list = page.locator('section.crud-page[aria-label="系统动态管理"]:visible');
    await list.getByRole('button', { name: '新增' }).click();
    const add = page.getByRole('dialog', { name: '新增 - 系统动态管理' });
    await add.getByLabel('动态标题').fill(TITLE);
    await add.locator('[data-field="category"] .p-dropdown').click();
    await page.locator('.p-dropdown-panel .p-dropdown-item').first().click();
    const body = add.getByRole('group', { name: '正文' });
    await body.locator('.ce-paragraph').first().click();
    await page.keyboard.type('表彰大会于本周五下午举行。');
    const day = await today(page);
    await add.getByLabel('发布时间').fill(`${day} 16:59`);
    await add.getByLabel('动态标题').click();
    await screenshot(page, 'date-fields-dynamics-add');
    await submitForm(page, add);
    await expect.poll(() => rowWith(page, TITLE).innerText()).toContain(`${day} 16:59`);

    // 编辑: the stored seconds show in the picker; another day is picked and saved.
    await rowWith(page, TITLE).getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑 - 系统动态管理' });
    const picker = edit.getByLabel('发布时间');
    await expect.poll(() => picker.inputValue()).toContain(day);
    await picker.fill('2026-01-05 09:30');
    await edit.getByLabel('动态标题').click();
    await submitForm(page, edit, '修改成功');
    await expect.poll(() => rowWith(page, TITLE).innerText()).toContain('2026-01-05 09:30');
    await screenshot(page, 'date-fields-dynamics-edited');
    await page.close();
  });
});
