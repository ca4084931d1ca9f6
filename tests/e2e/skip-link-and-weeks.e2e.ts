/**
 * Issue 51 item 5, as a keyboard user and a Chinese reader meet them: the first Tab on a screen
 * reaches 跳到主要内容, which takes focus past the menus and tabs to the screen itself; and the
 * calendars start their weeks on Monday (一), the Chinese convention (they started on 日).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser';
import { openSignedIn } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('the keyboard and the calendar', () => {
  it('the first Tab offers 跳到主要内容, which moves focus to the screen', async () => {
    const page = await openSignedIn(browser, '/system/dynamics');
    await page.locator('section.crud-page[aria-label="系统动态管理"]').waitFor();
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0).toBe(true);
    await screenshot(page, 'skip-link-focused');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
      .toBe('main-content');
    await page.close();
  });

  it('a calendar’s week starts on Monday', async () => {
    const page = await openSignedIn(browser, '/system/dynamics');
    const list = page.locator('section.crud-page[aria-label="系统动态管理"]:visible');
    await list.getByRole('button', { name: '新增' }).click();
    const add = page.getByRole('dialog', { name: '新增 - 系统动态管理' });
    await add.locator('[data-field="publish_time"] .p-datepicker-trigger').click();
    const weekdays = page.locator('.p-datepicker-calendar thead th');
    await weekdays.first().waitFor();
    expect((await weekdays.allInnerTexts()).map((text) => text.trim())).toEqual([
      '一',
      '二',
      '三',
      '四',
      '五',
      '六',
      '日',
    ]);
    await screenshot(page, 'calendar-week-monday');
    await page.close();
  });
});
