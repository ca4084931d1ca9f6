/**
 * A generated screen reached through the menus, and what a read-only administrator sees. (Every
 * screen of the registry opened by address, with its axe scans: a11y.e2e.ts, one visit each.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { openSignedIn, signIn } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('the menus', () => {
  it('shows a generated screen in the sidebar with its tab (公告管理)', async () => {
    const page = await openSignedIn(browser, '/homepage');
    await page.click('.top-menu__tab:has-text("系统管理")');
    await page.click('.side-menu__item:has-text("公告管理")');
    await page.waitForURL(/\/system\/notice$/);
    await page.waitForSelector('.history-tab--active:has-text("公告管理")');
    await screenshot(page, 'screens-notice-from-menu');
    await page.context().close();
  });
});

describe('a read-only administrator (孙丽, sunli)', () => {
  it('sees no write buttons, and the server refuses a write anyway with 220', async () => {
    const { context: own, page: mine } = await newPage(browser);
    await mine.goto(`${baseUrl()}/login`);
    await signIn(mine, 'sunli');
    await mine.waitForURL(/\/homepage$/);
    for (const path of ['/system/user', '/system/notice']) {
      await mine.goto(`${baseUrl()}${path}`);
      const view = mine.locator(`.shell-view[data-path="${path}"]`);
      await view.locator('.p-datatable tbody tr').first().waitFor();
      await mine.locator('.p-datatable-loading-overlay').waitFor({ state: 'detached' });
      for (const label of ['新增', '编辑', '删除', '重置密码', '回收站'])
        expect(await view.getByRole('button', { name: label, exact: true }).count(), label).toBe(0);
      expect(await view.getByRole('button', { name: '查看', exact: true }).count()).toBeGreaterThan(
        0,
      );
    }
    await screenshot(mine, 'screens-read-only-user');
    const answer = await mine.evaluate(async () => {
      const token = sessionStorage.getItem('token') ?? '';
      const response = await fetch('/api/adminuser/resetpassword', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'access-token': token },
        body: JSON.stringify({ id: 1 }),
      });
      return (await response.json()) as { status: number };
    });
    expect(answer.status).toBe(220);
    await own.close();
  });
});
