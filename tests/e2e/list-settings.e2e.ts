/**
 * A list's own settings at 1366×768 (issue 24 item 13): 列设置 hides a column of 公告管理 and
 * the choice survives a reload (kept per user in local storage) until 恢复默认; the density
 * changes the rows' height; the panel's code loads on its first open. 会员管理's export says it
 * exports the current search and sends it (the contract's export declares no order, so none is
 * sent), and the file holds exactly the matching rows.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { scan } from './support/axe';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

const VIEWPORT = { width: 1366, height: 768 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function open(path: string): Promise<{ page: Page; scripts: string[] }> {
  const { page } = await newPage(browser, VIEWPORT);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(`${baseUrl()}${path}`);
  await signIn(page, 'admin');
  await page.waitForURL((url) => url.pathname === path);
  await firstRow(page).waitFor();
  return { page, scripts };
}

const firstRow = (page: Page) => page.locator('.crud-page .p-datatable-tbody tr').first();
/** A seeded notice's row: shown once the list has its rows (not the loading or empty row). */
const noticeRow = (page: Page) =>
  page.locator('.crud-page .p-datatable-tbody tr', { hasText: '国庆节放假安排' });
const header = (page: Page, name: string) =>
  page.locator('.crud-page').getByRole('columnheader', { name, exact: true });
const settingsButton = (page: Page) => page.getByRole('button', { name: '列设置' });
const panel = (page: Page) => page.getByRole('dialog', { name: '列设置' });

async function openPanel(page: Page): Promise<void> {
  await settingsButton(page).click();
  await panel(page).waitFor();
}

const rowHeight = async (page: Page) => (await noticeRow(page).boundingBox())?.height ?? 0;

describe('列设置 (公告管理)', () => {
  it('hides a column for good until 恢复默认, and changes the density', async () => {
    const { page, scripts } = await open('/system/notice');
    const panelScripts = () => scripts.filter((url) => url.includes('list-settings-panel'));
    expect(panelScripts()).toEqual([]);
    await header(page, '公告类型').waitFor();
    // The 操作 column is not the user's to hide: the panel offers only the data columns.
    await openPanel(page);
    expect(panelScripts().length).toBe(1);
    expect(await panel(page).getByRole('checkbox', { name: '操作' }).count()).toBe(0);

    await panel(page).getByRole('checkbox', { name: '公告类型' }).uncheck();
    await header(page, '公告类型').waitFor({ state: 'detached' });
    await header(page, '公告标题').waitFor();
    await header(page, '操作').waitFor();
    expect(await scan(page, '列设置', { scope: '.crud-list__toolbar' })).toEqual([]);
    await screenshot(page, 'list-settings-open-1366');

    // Escape closes the panel and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    await expect
      .poll(() => settingsButton(page).evaluate((el) => el === document.activeElement))
      .toBe(true);

    await page.reload();
    await noticeRow(page).waitFor();
    await header(page, '公告标题').waitFor();
    expect(await header(page, '公告类型').count()).toBe(0);

    // Density: 紧凑 rows are lower than 默认 ones, 宽松 rows higher; kept after a reload.
    const normal = await rowHeight(page);
    await openPanel(page);
    await panel(page).getByRole('radio', { name: '紧凑' }).check();
    await expect.poll(() => rowHeight(page)).toBeLessThan(normal);
    await screenshot(page, 'list-settings-compact-1366');
    await panel(page).getByRole('radio', { name: '宽松' }).check();
    await expect.poll(() => rowHeight(page)).toBeGreaterThan(normal);
    await page.reload();
    await noticeRow(page).waitFor();
    await expect.poll(() => rowHeight(page)).toBeGreaterThan(normal);
    expect(await header(page, '公告类型').count()).toBe(0);

    await openPanel(page);
    expect(await panel(page).getByRole('radio', { name: '宽松' }).isChecked()).toBe(true);
    await panel(page).getByRole('button', { name: '恢复默认' }).click();
    await header(page, '公告类型').waitFor();
    await expect.poll(() => rowHeight(page)).toBe(normal);
    // A press outside closes the panel.
    await page.locator('.p-paginator-current').click();
    await panel(page).waitFor({ state: 'detached' });
    await page.reload();
    await noticeRow(page).waitFor();
    await header(page, '公告类型').waitFor();
    await screenshot(page, 'list-settings-reset-1366');
  });
});

describe('导出当前筛选结果 (会员管理)', () => {
  it('exports the applied search, named as such, with exactly the matching rows', async () => {
    const { page } = await open('/business/user/list');
    await page.getByRole('button', { name: '导出', exact: true }).waitFor();

    const exports: URL[] = [];
    const lists: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/member/export') exports.push(url);
      if (url.pathname === '/api/member/list') lists.push(url);
    });

    // Search 会员等级 = 金卡会员 and order by 积分 (the list asks the server for both).
    await page
      .locator('.crud-list__filter', { hasText: '会员等级' })
      .locator('.p-dropdown')
      .click();
    await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: '金卡会员' }).click();
    await page.getByRole('button', { name: '搜索' }).click();
    const exportButton = page.getByRole('button', { name: '导出当前筛选结果' });
    await exportButton.waitFor();
    await header(page, '积分').click();
    await expect
      .poll(() => lists.some((url) => url.searchParams.get('sortfield') === 'points'))
      .toBe(true);
    const report = page.locator('.p-paginator-current');
    await expect.poll(() => report.textContent()).toMatch(/^共 \d+ 条$/);
    const total = Number(/\d+/.exec((await report.textContent()) ?? '')?.[0]);
    await screenshot(page, 'list-settings-export-filtered-1366');

    const saving = page.waitForEvent('download');
    await exportButton.click();
    const download = await saving;
    expect(download.suggestedFilename()).toBe('会员管理（筛选结果）.xlsx');
    expect(exports).toHaveLength(1);
    const sent = exports[0];
    expect(sent?.searchParams.get('level')).toBe('3');
    // The file comes in the list's order: the export sends the order the list shows.
    expect(sent?.searchParams.get('sortfield')).toBe('points');
    expect(sent?.searchParams.get('sortorder')).toBe('asc');
    expect(sent?.searchParams.has('pageindex')).toBe(false);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await readFile(await download.path())).buffer);
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push(Array.isArray(row.values) ? row.values.slice(1) : []));
    const head = rows[0] ?? [];
    const levelAt = head.indexOf('会员等级');
    expect(levelAt).toBeGreaterThanOrEqual(0);
    expect(rows.length - 1).toBe(total);
    for (const row of rows.slice(1)) expect(String(row[levelAt])).toMatch(/^(金卡会员|3)$/);
    const pointsAt = head.indexOf('积分');
    const points = rows.slice(1).map((row) => Number(row[pointsAt]));
    expect(points).toEqual([...points].sort((a, b) => a - b));

    // Back to no search: the button says 导出 (everything) again.
    await page.getByRole('button', { name: '重置' }).click();
    await page.getByRole('button', { name: '导出', exact: true }).waitFor();
  });
});
