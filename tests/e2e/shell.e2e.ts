/**
 * The shell's journeys in real Chromium against the built app on the mock backend:
 * login with redirect back, menus and the all-apps search, the tabs' context menu, reload,
 * a pushed message, a 401 from the server, logout — plus screenshots (desktop and mobile).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, screenshot } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page): Promise<void> {
  await page.waitForSelector('#login-username');
  await page.fill('#login-username', 'admin');
  await page.fill('#login-password', 'Admin@123456');
  await page.fill('#login-captcha', '8888');
  await page.click('button[type=submit]');
}

async function openSignedIn(viewport?: { width: number; height: number }) {
  const { context, page } = await newPage(browser, viewport);
  await page.goto(`${baseUrl()}/login`);
  await signIn(page);
  await page.waitForURL(/\/homepage$/);
  await page.waitForSelector('.history-tab');
  return { context, page };
}

const tabTitles = (page: Page) => page.locator('.history-tab__title').allTextContents();

async function openFromSideMenu(page: Page, group: string, item: string, path: RegExp) {
  await page.click(`.top-menu__tab:has-text("${group}")`);
  await page.click(`.side-menu__item:has-text("${item}")`);
  await page.waitForURL(path);
  await page.waitForSelector(`.history-tab--active:has-text("${item}")`);
}

async function openFromAllApps(page: Page, keyword: string, item: string, path: RegExp) {
  await page.click('.all-apps-button');
  await page.fill('.all-apps input', keyword);
  await page.click(`.all-apps__item:has-text("${item}")`);
  await page.waitForURL(path);
  await page.waitForSelector(`.history-tab--active:has-text("${item}")`);
}

async function contextMenu(page: Page, tab: string, action: string) {
  await page.click(`.history-tab:has-text("${tab}")`, { button: 'right' });
  await page.click(`.history-tabs__menu .p-menuitem-text:text-is("${action}")`);
}

describe('the shell', () => {
  it('sends a signed-out user to login and back to the page asked for', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/system/notice?from=e2e`);
    await page.waitForURL(/\/login\?redirect=%2Fsystem%2Fnotice%3Ffrom%3De2e$/);
    await page.waitForFunction(() => document.title.startsWith('登录 - '));
    await screenshot(page, 'shell-login');
    await signIn(page);
    await page.waitForURL(/\/system\/notice\?from=e2e$/);
    await page.waitForFunction(() => document.title.startsWith('公告管理 - '));
    // A signed-in user opening /login is sent to /, i.e. the homepage.
    await page.goto(`${baseUrl()}/login`);
    await page.waitForURL(/\/homepage$/);
    // Unknown paths go to /404.
    await page.goto(`${baseUrl()}/no/such/page`);
    await page.waitForURL(/\/404$/);
    await context.close();
  });

  it('opens screens from the menus and the all-apps search, closes tabs from the context menu, keeps tabs on reload', async () => {
    const { context, page } = await openSignedIn();
    // A header group tab opens the group's first screen (系统设置); the sidebar opens 公告管理.
    await openFromSideMenu(page, '系统管理', '公告管理', /\/system\/notice$/);
    await openFromAllApps(page, '字典', '字典管理', /\/system\/dictionary$/);
    await openFromAllApps(page, '城市', '城市管理', /\/system\/district$/);
    expect(await tabTitles(page)).toEqual([
      '控制台',
      '系统设置',
      '公告管理',
      '字典管理',
      '城市管理',
    ]);
    await screenshot(page, 'shell-desktop-tabs');

    // 关闭右侧 on 字典管理 closes 城市管理 (the active tab): 字典管理 becomes active.
    await contextMenu(page, '字典管理', '关闭右侧');
    await page.waitForURL(/\/system\/dictionary$/);
    expect(await tabTitles(page)).toEqual(['控制台', '系统设置', '公告管理', '字典管理']);

    // 关闭左侧 on 公告管理 closes 系统设置; the homepage stays.
    await contextMenu(page, '公告管理', '关闭左侧');
    expect(await tabTitles(page)).toEqual(['控制台', '公告管理', '字典管理']);

    // Reload keeps the tabs (session storage tabPane).
    await page.reload();
    await page.waitForSelector('.history-tab--active:has-text("字典管理")');
    expect(await tabTitles(page)).toEqual(['控制台', '公告管理', '字典管理']);

    // 关闭其他 on 公告管理: the homepage and 公告管理 remain, 公告管理 active.
    await contextMenu(page, '公告管理', '关闭其他');
    await page.waitForURL(/\/system\/notice$/);
    expect(await tabTitles(page)).toEqual(['控制台', '公告管理']);

    // Closing the active tab activates the previous one.
    await page.click('.history-tab--active .history-tab__close');
    await page.waitForURL(/\/homepage$/);
    expect(await tabTitles(page)).toEqual(['控制台']);
    await context.close();
  });

  it('raises the bell badge for a pushed message and marks it read', async () => {
    const { context, page } = await openSignedIn();
    const bellCount = async () =>
      Number(
        (await page.locator('.message-bell').getAttribute('aria-label'))?.replace(/\D/g, '') ?? 0,
      );
    await page.waitForFunction(
      () => document.querySelector('.message-bell')?.getAttribute('aria-label') !== '消息 0',
    );
    const before = await bellCount();
    // Give the socket time to bind, then push through the mock-only trigger.
    await page.waitForTimeout(1000);
    await page.evaluate(async () => {
      await fetch('/api/mock/pushmessage', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'access-token': sessionStorage.getItem('token') ?? '',
        },
        body: JSON.stringify({ tm_title: 'E2E 推送消息', tm_content: '来自 e2e 的推送' }),
      });
    });
    await page.waitForSelector('.p-toast-message:has-text("E2E 推送消息")');
    await expect.poll(bellCount).toBe(before + 1);
    await screenshot(page, 'shell-desktop-push');

    await page.click('.message-bell');
    const item = page.locator('.message-item', { hasText: 'E2E 推送消息' });
    await item.waitFor();
    await screenshot(page, 'shell-desktop-messages');
    await item.locator('button:has-text("未读")').click();
    await page.locator('.message-item', { hasText: 'E2E 推送消息' }).waitFor({ state: 'detached' });
    await expect.poll(bellCount).toBe(before);
    await context.close();
  });

  it('returns to login one second after a 401 from the server', async () => {
    const { context, page } = await openSignedIn();
    await page.evaluate(() => sessionStorage.setItem('token', 'invalidated-token'));
    await page.click('.message-bell'); // the drawer's list call answers 401
    await page.waitForSelector('.p-toast-message:has-text("401，登录失效！")');
    const shownAt = Date.now();
    await page.waitForURL(/\/login/);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(500);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('asks 确认退出登录吗？ before signing out', async () => {
    const { context, page } = await openSignedIn();
    await page.click('.user-menu__trigger');
    await page.click('.user-menu__popup .p-menuitem-text:text-is("退出系统")');
    await page.waitForSelector('.p-confirm-dialog:has-text("确认退出登录吗？")');
    await screenshot(page, 'shell-desktop-logout');
    await page.click('.p-confirm-dialog-accept');
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => sessionStorage.getItem('isLogin'))).toBeNull();
    await context.close();
  });

  it('renders the homepage at 1930 × 980 and on a 390 × 844 phone', async () => {
    const desktop = await openSignedIn();
    await desktop.page.waitForSelector('.stat-card__value');
    await desktop.page.waitForTimeout(800);
    expect(await desktop.page.locator('.shell').getAttribute('data-scale')).toBe('1.000');
    await screenshot(desktop.page, 'shell-desktop-home');
    await desktop.context.close();

    const mobile = await openSignedIn({ width: 390, height: 844 });
    await mobile.page.waitForSelector('.stat-card__value');
    await mobile.page.waitForTimeout(800);
    expect(await mobile.page.locator('.shell--mobile').count()).toBe(1);
    await screenshot(mobile.page, 'shell-mobile-home');
    await mobile.page.click('button[aria-label="切换菜单"]');
    await mobile.page.waitForSelector('.shell-mobile-drawer .side-menu');
    await mobile.page.waitForTimeout(400);
    await screenshot(mobile.page, 'shell-mobile-menu');
    await mobile.context.close();
  });
});
