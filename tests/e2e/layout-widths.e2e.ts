/**
 * The shell laid out, not scaled, at 1366×768 and 1024×768 (issue 51 item 6): the whole page
 * was scaled down to fit (71 % at 1366, 53 % at 1024: text of 11 and 8.5 px). Now the text is
 * at its natural size, the page never scrolls sideways (a wide list scrolls inside its card),
 * the sidebar collapses to icons below 1200 px, top menus that do not fit are under 更多, and
 * the largest form's 提交 is in view. With ~25 tabs open the active one is in view, the
 * 向左滚动 / 向右滚动 arrows scroll the row and 标签列表 switches tabs. The document title ends
 * with the one product name before and after sign-in (issue 51 item 5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { animationsSettled, baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { width: 1366, height: 768, sidebar: 240, toggle: '收起侧边栏' },
  { width: 1024, height: 768, sidebar: 64, toggle: '展开侧边栏' },
];

/** The demo's nine top-level menus, in their order. */
const TOP_MENUS = [
  '首页',
  '系统管理',
  '组织权限',
  '数据字典',
  '设计',
  '业务',
  '会员',
  '信息报送',
  '版本管理',
];

async function signedIn(viewport: { width: number; height: number }) {
  const { context, page } = await newPage(browser, viewport);
  await page.goto(`${baseUrl()}/login`);
  await signIn(page, 'admin');
  await page.waitForURL(/\/homepage$/);
  await page.locator('.history-tab--active').waitFor();
  return { context, page };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** `inner` lies wholly inside `outer` horizontally and vertically. */
function within(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

/**
 * A table cell's text as drawn: its font size times the scale the page is drawn at (what a
 * transform shrinks is its box on screen against its own layout width; offsetWidth is rounded
 * to whole pixels, so the drawn size is known to within a few tenths).
 */
function drawnFontSize(cell: Locator): Promise<{ fontSize: number; drawn: number }> {
  return cell.evaluate((element) => {
    const fontSize = parseFloat(getComputedStyle(element).fontSize);
    const scale = element.getBoundingClientRect().width / (element as HTMLElement).offsetWidth;
    return { fontSize, drawn: Math.round(fontSize * scale * 10) / 10 };
  });
}

/** Until a smooth scroll of `row` has ended: its scrollLeft holds still for a frame. */
function scrollSettled(row: Locator): Promise<void> {
  return row.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        let last = element.scrollLeft;
        const frame = () => {
          if (element.scrollLeft === last) resolve();
          else {
            last = element.scrollLeft;
            requestAnimationFrame(frame);
          }
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** How far the document and the main area scroll sideways (0: not at all). */
function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('.shell-content');
    const shell = document.querySelector('.shell');
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      shell: shell ? shell.scrollWidth - shell.clientWidth : -1,
      main: main ? main.scrollWidth - main.clientWidth : -1,
    };
  });
}

describe.each(SIZES)('the shell at $width×$height', (size) => {
  const viewport = { width: size.width, height: size.height };

  it('draws text at its natural size, scrolls no page sideways, shows 提交 on the largest form', async () => {
    const { context, page } = await signedIn(viewport);
    await page.goto(`${baseUrl()}/system/user`);
    const cell = page.locator('.shell-view:visible .p-datatable-tbody tr').first().locator('td');
    await cell.nth(2).waitFor();
    await animationsSettled(page);

    const text = await drawnFontSize(cell.nth(2));
    expect(text.fontSize).toBeGreaterThanOrEqual(14);
    // Scaled, it was drawn at 11.3 px (1366) and 8.5 px (1024).
    expect(text.drawn).toBeCloseTo(text.fontSize, 0);
    expect(await sidewaysOverflow(page)).toEqual({ page: 0, shell: 0, main: 0 });
    // The list stays inside the window: a wide table scrolls within its card.
    const table = await boxOf(page.locator('.shell-view:visible .p-datatable-wrapper'));
    expect(table.x + table.width).toBeLessThanOrEqual(size.width);
    expect(await boxOf(page.locator('.shell-sidebar'))).toMatchObject({ width: size.sidebar });
    await screenshot(page, `layout-${size.width}-list`);

    await page.goto(`${baseUrl()}/system/dynamics`);
    await page.locator('.shell-view:visible .p-datatable-tbody tr').first().waitFor();
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '新增 - 系统动态管理' });
    const submit = dialog.getByRole('button', { name: '提交', exact: true });
    await submit.waitFor();
    await dialog.locator('.rich-editor[data-ready="true"]').waitFor();
    await animationsSettled(page);
    expect(within(await boxOf(submit), { x: 0, y: 0, ...viewport })).toBe(true);
    expect(within(await boxOf(dialog), { x: 0, y: 0, ...viewport })).toBe(true);
    await screenshot(page, `layout-${size.width}-largest-form`);
    await context.close();
  });

  it('keeps every top menu at hand (under 更多 when it does not fit) and the sidebar’s toggle', async () => {
    const { context, page } = await signedIn(viewport);
    await page.locator('.top-menu__tab').first().waitFor();
    const shown = (
      await page.locator('.top-menu__tab:visible:not(.top-menu__more)').allInnerTexts()
    ).map((name) => name.trim());
    const more = page.getByRole('button', { name: '更多', exact: true });
    let under: string[] = [];
    if (await more.isVisible()) {
      await more.click();
      const popup = page.locator('.top-menu__more-popup');
      await popup.waitFor();
      under = (await popup.locator('.p-menuitem-text').allInnerTexts()).map((name) => name.trim());
      await screenshot(page, `layout-${size.width}-more`);
      // The last group, picked under 更多, opens its first screen; 更多 is then the active tab.
      await popup.getByText(TOP_MENUS.at(-1)!, { exact: true }).click();
      await page.waitForURL(/\/version\//);
      await page.locator('.top-menu__more.top-menu__tab--active').waitFor();
    }
    expect([...shown, ...under]).toEqual(TOP_MENUS);
    // The header's tools stay on the line, inside the window.
    for (const tool of ['全部应用', '超级管理员']) {
      const box = await boxOf(page.getByRole('button', { name: tool }).first());
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    }

    await page.getByRole('button', { name: size.toggle }).click();
    const other = size.sidebar === 240 ? 64 : 240;
    await expect.poll(async () => (await boxOf(page.locator('.shell-sidebar'))).width).toBe(other);
    expect(await sidewaysOverflow(page)).toEqual({ page: 0, shell: 0, main: 0 });
    await screenshot(page, `layout-${size.width}-sidebar-toggled`);
    await context.close();
  });
});

describe('history tabs that do not fit, at 1366×768', () => {
  it('shows the active tab, scrolls with the arrows and switches from 标签列表', async () => {
    const { context, page } = await signedIn({ width: 1366, height: 768 });
    await page.locator('.all-apps-button').click();
    const entries = (await page.locator('.all-apps__item').allInnerTexts()).map((name) =>
      name.trim(),
    );
    await page.keyboard.press('Escape');
    await page.locator('.all-apps').waitFor({ state: 'hidden' });
    // Screens opened as a person does, from 全部应用, until 25 tabs are open.
    for (const entry of entries.filter((name) => name !== '控制台')) {
      if ((await page.locator('.history-tab').count()) >= 25) break;
      const before = new URL(page.url()).pathname;
      await page.locator('.all-apps-button').click();
      await page.locator('.all-apps').getByRole('button', { name: entry, exact: true }).click();
      await page.locator('.all-apps').waitFor({ state: 'hidden' });
      // The screen is shown once its tab (or its list's, for a sub-screen) is the active one.
      await page.waitForFunction((from) => {
        const active = document.querySelector('.history-tab--active')?.getAttribute('data-path');
        return location.pathname !== from && !!active && location.pathname.startsWith(active);
      }, before);
    }
    const opened = (await page.locator('.history-tab__title').allInnerTexts()).map((name) =>
      name.trim(),
    );
    const row = page.locator('.history-tabs ul');
    expect(await page.locator('.history-tab').count()).toBe(25);
    // The tab just opened is in view, not past the window's edge.
    const active = page.locator('.history-tab--active');
    expect(within(await boxOf(active), await boxOf(row))).toBe(true);
    await screenshot(page, 'layout-tabs-active-in-view');

    const left = page.getByRole('button', { name: '向左滚动' });
    const right = page.getByRole('button', { name: '向右滚动' });
    expect(await right.isDisabled()).toBe(true);
    const home = page.locator('.history-tab').first();
    expect(within(await boxOf(home), await boxOf(row))).toBe(false);
    // 向左滚动 until the row's start: the homepage tab comes into view.
    while (await left.isEnabled()) {
      const before = await row.evaluate((element) => element.scrollLeft);
      await left.click();
      await expect.poll(() => row.evaluate((element) => element.scrollLeft)).toBeLessThan(before);
      await scrollSettled(row);
    }
    expect(within(await boxOf(home), await boxOf(row))).toBe(true);
    expect(await right.isEnabled()).toBe(true);
    await right.click();
    await expect.poll(() => row.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await scrollSettled(row);
    // The mouse wheel over the row scrolls it sideways too.
    const beforeWheel = await row.evaluate((element) => element.scrollLeft);
    await row.hover();
    await page.mouse.wheel(0, 200);
    await expect
      .poll(() => row.evaluate((element) => element.scrollLeft))
      .toBeGreaterThan(beforeWheel);
    await screenshot(page, 'layout-tabs-scrolled');

    // 标签列表 lists every open tab; picking one shows it and scrolls its tab into view.
    await page.getByRole('button', { name: '标签列表' }).click();
    const list = page.locator('.history-tabs__list-popup');
    await list.waitFor();
    expect(await list.locator('.p-menuitem').count()).toBe(
      await page.locator('.history-tab').count(),
    );
    await screenshot(page, 'layout-tabs-list');
    const picked = opened[2]!;
    await list.getByText(picked, { exact: true }).click();
    const pickedTab = page.locator('.history-tab--active', { hasText: picked });
    await pickedTab.waitFor();
    await expect.poll(async () => within(await boxOf(pickedTab), await boxOf(row))).toBe(true);
    // And back to the last tab, at the row's other end.
    await page.getByRole('button', { name: '标签列表' }).click();
    await list.getByText(opened.at(-1)!, { exact: true }).click();
    await expect
      .poll(async () => within(await boxOf(page.locator('.history-tab--active')), await boxOf(row)))
      .toBe(true);
    await context.close();
  }, 240_000);
});

describe('the document title', () => {
  it('ends with the same product name on /login and after sign-in', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 768 });
    await page.goto(`${baseUrl()}/login`);
    await page.waitForFunction(() => document.title.startsWith('登录 - '));
    expect(await page.title()).toBe('登录 - 后台管理系统');
    await signIn(page, 'admin');
    await page.waitForURL(/\/homepage$/);
    // Once the system settings are in (the sidebar shows the seeded SYS_TITLE), the title is final.
    await page.locator('.shell-brand__title', { hasText: '企业信息综合管理平台' }).waitFor();
    await page.waitForFunction(() => document.title.startsWith('控制台 - '));
    expect(await page.title()).toBe('控制台 - 后台管理系统');
    await context.close();
  });
});
