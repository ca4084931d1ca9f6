/**
 * Row selection with bulk actions (issue 24 item 12): on 会员管理 the count selected is shown,
 * 批量禁用 / 批量启用 / 批量删除 each ask once for all the selected rows, and the bulk part of the
 * list loads only once rows are selected; on 内容审批 批量通过 approves the selected pending
 * reports and says which it skips.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

const PATH = '/business/user/list';
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function openMembers(): Promise<{ page: Page; scripts: string[] }> {
  const { page } = await newPage(browser);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(`${baseUrl()}${PATH}`);
  await signIn(page, 'admin');
  await page.waitForURL(new RegExp(`${PATH}$`));
  await rowWith(page, 'lina88').waitFor();
  return { page, scripts };
}

const rowWith = (page: Page, text: string): Locator =>
  page.locator('.crud-page .p-datatable-tbody tr', { hasText: text });

/** The row's selection box (the first cell). */
const boxOf = (page: Page, username: string) =>
  rowWith(page, username).locator('td.crud-table__select input[type=checkbox]');

const select = (page: Page, username: string) => boxOf(page, username).check();

const bulkBar = (page: Page) => page.getByRole('group', { name: '批量操作' });

async function answer(page: Page, question: string, button: '确定' | '取消'): Promise<void> {
  const dialog = page.locator('.p-confirm-dialog', { hasText: question });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('bulk actions (会员管理)', () => {
  it('disables and enables the selected rows after one question each', async () => {
    const { page, scripts } = await openMembers();
    const bulkScripts = () => scripts.filter((url) => url.includes('bulk-actions'));
    expect(bulkScripts()).toEqual([]);
    expect(await bulkBar(page).count()).toBe(0);

    await select(page, 'lina88');
    await select(page, 'zhangwei01');
    await expect.poll(() => bulkBar(page).getByText('已选 2 项').count()).toBe(1);
    expect(bulkScripts().length).toBe(1);
    await screenshot(page, 'bulk-actions-selected');

    await bulkBar(page).getByRole('button', { name: '批量禁用' }).click();
    await answer(page, '确定禁用选中的 2 条记录吗？', '确定');
    await page.locator('.p-toast-message', { hasText: '已禁用 2 条记录' }).waitFor();
    for (const username of ['lina88', 'zhangwei01'])
      await rowWith(page, username).getByRole('switch', { name: '状态：禁用' }).waitFor();
    // The selection is spent: the bar is gone.
    await bulkBar(page).waitFor({ state: 'detached' });

    await select(page, 'lina88');
    await select(page, 'zhangwei01');
    await bulkBar(page).getByRole('button', { name: '批量启用' }).click();
    await answer(page, '确定启用选中的 2 条记录吗？', '确定');
    await page.locator('.p-toast-message', { hasText: '已启用 2 条记录' }).waitFor();
    for (const username of ['lina88', 'zhangwei01'])
      await rowWith(page, username).getByRole('switch', { name: '状态：启用' }).waitFor();
  });

  it('deletes the selected rows after one question; 取消 keeps them', async () => {
    const { page } = await openMembers();
    await select(page, 'lina88');
    await select(page, 'wangfang');
    await bulkBar(page).getByRole('button', { name: '批量删除' }).click();
    await answer(page, '此操作将永久删除选中的 2 条记录，是否继续？', '取消');
    expect(await rowWith(page, 'lina88').count()).toBe(1);
    expect(await bulkBar(page).getByText('已选 2 项').count()).toBe(1);

    await bulkBar(page).getByRole('button', { name: '批量删除' }).click();
    await answer(page, '此操作将永久删除选中的 2 条记录，是否继续？', '确定');
    await page.locator('.p-toast-message', { hasText: '已删除 2 条记录' }).waitFor();
    await rowWith(page, 'lina88').waitFor({ state: 'detached' });
    await rowWith(page, 'wangfang').waitFor({ state: 'detached' });
    expect(await rowWith(page, 'zhangwei01').count()).toBe(1);
    await screenshot(page, 'bulk-actions-deleted');
  });

  it('取消选择 empties the selection; lists with bulk actions have a box on every row', async () => {
    const { page } = await openMembers();
    await select(page, 'zhangwei01');
    await bulkBar(page).getByRole('button', { name: '取消选择' }).click();
    await bulkBar(page).waitFor({ state: 'detached' });
    expect(await boxOf(page, 'zhangwei01').isChecked()).toBe(false);

    // 公告管理 offers 批量删除 like any list with 删除, and 发布列表 批量发布 / 批量撤回 (issue 51
    // item 12c; it once stood here as the list without bulk actions): a box on every row.
    // (Row buttons and boxes show once the user's rights are known: wait for 查看.)
    for (const path of ['/system/notice', '/business/informationreportingpublish/list']) {
      await page.goto(`${baseUrl()}${path}`);
      await page.locator('.crud-page').getByRole('button', { name: '查看' }).first().waitFor();
      const shown = await page.locator('.crud-page .p-datatable-tbody tr').count();
      expect(shown).toBeGreaterThan(0);
      expect(await page.locator('.crud-page td.crud-table__select').count()).toBe(shown);
    }
  });
});

describe('bulk approval (内容审批)', () => {
  const PENDING = ['社区志愿服务活动简报', '冬季供暖准备工作汇报'];
  const APPROVED = '城区道路改造进度报告';

  it('批量通过 approves the selected pending reports after one question and skips the others', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl()}/business/informationreportingexamine/list`);
    await signIn(page, 'admin');
    for (const title of PENDING)
      await rowWith(page, title).locator('.p-tag', { hasText: '待审批' }).waitFor();
    for (const title of [...PENDING, APPROVED])
      await rowWith(page, title).locator('td.crud-table__select input[type=checkbox]').check();
    await bulkBar(page).getByText('已选 3 项').waitFor();
    await bulkBar(page).getByRole('button', { name: '批量通过' }).click();
    await screenshot(page, 'bulk-approve-question');
    await answer(
      page,
      '确定审批通过选中的 2 条待审批上报吗？通过后进入发布列表。（另有 1 条不适用，将跳过）',
      '确定',
    );
    await page.locator('.p-toast-message', { hasText: '已审批通过 2 条上报' }).waitFor();
    for (const title of PENDING)
      await rowWith(page, title).locator('.p-tag', { hasText: '已通过' }).waitFor();
    await bulkBar(page).waitFor({ state: 'detached' });

    // Both wait in 发布列表 now.
    await page.goto(`${baseUrl()}/business/informationreportingpublish/list`);
    for (const title of PENDING)
      await rowWith(page, title).locator('.p-tag', { hasText: '待发布' }).waitFor();
    await screenshot(page, 'bulk-approve-published-list');
  });

  it('a selection with no pending report cannot be approved in bulk', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl()}/business/informationreportingexamine/list`);
    await signIn(page, 'admin');
    await rowWith(page, APPROVED).locator('td.crud-table__select input[type=checkbox]').check();
    expect(await bulkBar(page).getByRole('button', { name: '批量通过' }).isDisabled()).toBe(true);
  });
});
