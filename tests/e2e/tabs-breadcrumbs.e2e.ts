/**
 * History tabs and breadcrumbs in real Chromium, at 1366×768 and 1930×980 (issue 24 item 14):
 * 刷新 in a tab's context menu shows a record added behind the screen's back while the user
 * stays on it (and on a tab not shown, shows that tab refreshed); tabs are reordered by
 * dragging, by Shift with an arrow and by 向左移动, and the order survives a reload; the
 * breadcrumbs above the title follow the menu tree, a group crumb does nothing, a list crumb
 * above a sub-screen goes back to the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { animationsSettled, baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { callApi } from './support/designed-module';
import { signIn } from './support/session';
import { loaded } from './support/requests';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1930, height: 980 },
];

const tabTitles = (page: Page) => page.locator('.history-tab__title').allTextContents();
const tab = (page: Page, title: string): Locator =>
  page
    .locator('.history-tab')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) });
const crumbs = (page: Page) =>
  page.getByRole('navigation', { name: '当前位置' }).getByRole('listitem').allTextContents();
const noticeRow = (page: Page, title: string): Locator =>
  page.locator('.shell-view:visible .p-datatable-tbody tr', { hasText: title });

/** A fresh context signed in as admin, on the homepage. */
async function signedIn(viewport: { width: number; height: number }) {
  const { context, page } = await newPage(browser, viewport);
  await page.goto(`${baseUrl()}/login`);
  await signIn(page, 'admin');
  await page.waitForURL(/\/homepage$/);
  await page.locator('.history-tab--active').waitFor();
  return { context, page };
}

async function openFromMenu(page: Page, group: string, item: string): Promise<void> {
  await page.locator('.top-menu').getByRole('button', { name: group }).click();
  await page.locator('.side-menu').getByText(item, { exact: true }).click();
  await page.locator('.history-tab--active', { hasText: item }).waitFor();
  await page.locator('.page-title', { hasText: item }).waitFor();
}

async function tabMenu(page: Page, title: string, action: string): Promise<void> {
  await tab(page, title).click({ button: 'right' });
  await page.locator('.history-tabs__menu').getByText(action, { exact: true }).click();
}

/** Adds a notice through the API, as another administrator would: the open list is not told. */
async function addNoticeElsewhere(page: Page, title: string): Promise<void> {
  const answer = await callApi(page, '/api/adminnotice/add', {
    notice_title: title,
    notice_type: 1,
    status: 1,
  });
  expect(answer.status).toBe(200);
}

describe.each(SIZES)('history tabs and breadcrumbs at $width×$height', (viewport) => {
  const size = `${viewport.width}`;

  it('刷新 reloads the screen’s data and keeps the user on it', async () => {
    const { context, page } = await signedIn(viewport);
    await openFromMenu(page, '系统管理', '公告管理');
    await page.locator('.shell-view:visible .p-datatable-tbody tr').first().waitFor();

    const first = `刷新验证公告${size}一`;
    await addNoticeElsewhere(page, first);
    // The list does not know yet…
    expect(await noticeRow(page, first).count()).toBe(0);
    await tab(page, '公告管理').click({ button: 'right' });
    await page.locator('.history-tabs__menu').getByText('刷新', { exact: true }).waitFor();
    await animationsSettled(page);
    await screenshot(page, `tabs-refresh-menu-${size}`);
    await page.locator('.history-tabs__menu').getByText('刷新', { exact: true }).click();
    // …and shows it after 刷新, on the same screen and tab.
    await noticeRow(page, first).waitFor();
    expect(new URL(page.url()).pathname).toBe('/system/notice');
    await page.locator('.history-tab--active', { hasText: '公告管理' }).waitFor();

    // 刷新 on a tab not shown opens it refreshed (the kept screen would show its cached list).
    await openFromMenu(page, '组织权限', '管理员管理');
    const second = `刷新验证公告${size}二`;
    await addNoticeElsewhere(page, second);
    await tabMenu(page, '公告管理', '刷新');
    await page.waitForURL(/\/system\/notice$/);
    await noticeRow(page, second).waitFor();
    await screenshot(page, `tabs-refreshed-${size}`);
    await context.close();
  });

  it('reorders tabs by drag, Shift+arrow and 向左移动, and keeps the order on reload', async () => {
    const { context, page } = await signedIn(viewport);
    await openFromMenu(page, '系统管理', '公告管理');
    await openFromMenu(page, '组织权限', '管理员管理');
    await openFromMenu(page, '组织权限', '角色管理');
    // (系统管理 opened its first screen on the way.)
    await tabMenu(page, '系统设置', '关闭');
    expect(await tabTitles(page)).toEqual(['控制台', '公告管理', '管理员管理', '角色管理']);

    // Pointer: 角色管理 dragged onto 公告管理 takes its place.
    await tab(page, '角色管理').dragTo(tab(page, '公告管理'));
    expect(await tabTitles(page)).toEqual(['控制台', '角色管理', '公告管理', '管理员管理']);
    // The homepage stays first: dropping on it does nothing.
    await tab(page, '公告管理').dragTo(tab(page, '控制台'));
    expect(await tabTitles(page)).toEqual(['控制台', '角色管理', '公告管理', '管理员管理']);

    // Keyboard: Shift+→ on the focused 角色管理 moves it right, and it keeps the focus.
    await page.getByRole('button', { name: '角色管理', exact: true }).first().focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.waitForFunction(
      () => document.querySelectorAll('.history-tab__title')[2]?.textContent === '角色管理',
    );
    expect(await tabTitles(page)).toEqual(['控制台', '公告管理', '角色管理', '管理员管理']);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('角色管理');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.waitForFunction(
      () => document.querySelectorAll('.history-tab__title')[1]?.textContent === '角色管理',
    );
    // Not before the homepage.
    await page.keyboard.press('Shift+ArrowLeft');
    expect(await tabTitles(page)).toEqual(['控制台', '角色管理', '公告管理', '管理员管理']);

    // The context menu: 向左移动 on 管理员管理.
    await tabMenu(page, '管理员管理', '向左移动');
    expect(await tabTitles(page)).toEqual(['控制台', '角色管理', '管理员管理', '公告管理']);
    // The active tab did not change on the way.
    await page.locator('.history-tab--active', { hasText: '角色管理' }).waitFor();

    await page.reload();
    await page.locator('.history-tab--active', { hasText: '角色管理' }).waitFor();
    expect(await tabTitles(page)).toEqual(['控制台', '角色管理', '管理员管理', '公告管理']);
    await page.getByRole('navigation', { name: '当前位置' }).getByText('组织权限').waitFor();
    await loaded(page);
    await screenshot(page, `tabs-reordered-${size}`);
    await context.close();
  });

  it('shows breadcrumbs from the menu tree on every screen', async () => {
    const { context, page } = await signedIn(viewport);
    await page.locator('.home-shortcut').first().waitFor();
    expect(await crumbs(page)).toEqual(['首页', '控制台']);

    await openFromMenu(page, '组织权限', '管理员管理');
    expect(await crumbs(page)).toEqual(['组织权限', '管理员管理']);
    // The breadcrumbs sit above the title.
    const trail = await page.getByRole('navigation', { name: '当前位置' }).boundingBox();
    const title = await page.locator('.page-title', { hasText: '管理员管理' }).boundingBox();
    expect(trail && title && trail.y + trail.height <= title.y).toBe(true);
    await screenshot(page, `breadcrumbs-${size}`);

    // A group crumb is text: clicking it leaves the user where they were.
    await page.getByRole('navigation', { name: '当前位置' }).getByText('组织权限').click();
    expect(new URL(page.url()).pathname).toBe('/system/user');
    expect(await crumbs(page)).toEqual(['组织权限', '管理员管理']);

    // A sub-screen: 会员管理 → 新增; the list crumb leads back.
    await openFromMenu(page, '会员', '会员管理');
    await page
      .locator('.shell-view:visible')
      .getByRole('button', { name: '新增', exact: true })
      .click();
    await page.waitForURL(/\/business\/user\/add$/);
    await page.locator('.page-title', { hasText: '新增会员管理' }).waitFor();
    expect(await crumbs(page)).toEqual(['会员', '会员管理', '新增会员管理']);
    await screenshot(page, `breadcrumbs-sub-screen-${size}`);
    await page
      .getByRole('navigation', { name: '当前位置' })
      .getByRole('link', { name: '会员管理' })
      .click();
    await page.waitForURL(/\/business\/user\/list$/);
    expect(await crumbs(page)).toEqual(['会员', '会员管理']);
    await context.close();
  });
});
