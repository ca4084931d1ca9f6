/**
 * The generic deal module (/deal/common) in real Chromium: a module designed through the
 * designer's API is opened with ?module=, a record is added (after the required-field message),
 * shows in the list and in 我的列表, is edited on the edit sub-screen, deleted to the bin and
 * restored; a user without <MODULE>_ADD sees no 新增 and no 提交.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, screenshot } from './support/browser';
import { callApi, createDesignedModule } from './support/designed-module';
import { signIn } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Signs `username` in and lands on `path`. The keys of a module designed during the session
 * come with the next sign-in (prilist is handed out at login), so journeys sign in again.
 */
async function signInAt(page: Page, username: string, path: string): Promise<void> {
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${baseUrl()}${path}`);
  await signIn(page, username);
  const target = new URL(path, 'http://x');
  await page.waitForURL((url) => url.pathname === target.pathname && url.search === target.search);
}

const rowWith = (page: Page, text: string): Locator =>
  page.locator('.crud-page .p-datatable-tbody tr', { hasText: text });

const activeTab = (page: Page): Locator => page.locator('.history-tab--active');

async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.p-toast-message', { hasText: text }).first().waitFor();
}

/** A fresh context signed in as admin, with module 采购申请 (Purchase) designed. */
async function withDesignedModule() {
  const { context, page } = await newPage(browser);
  await page.goto(`${baseUrl()}/login`);
  await signIn(page, 'admin');
  await page.waitForURL(/\/homepage$/);
  const module = await createDesignedModule(page);
  return { context, page, module };
}

describe('generic deal module (/deal/common)', () => {
  it('shows the built-in module from the designer’s 通用办理 fields', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/deal/common/list`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/deal\/common\/list$/);
    await page.getByTestId('deal-module').getByText('通用办理（common）').waitFor();
    const row = rowWith(page, '服务器机房空调检修');
    await row.waitFor();
    // Option values are shown as their labels (紧急程度 3 → 特急).
    await row.getByText('特急', { exact: true }).waitFor();
    await context.close();
  });

  it('adds, lists (also in 我的列表), edits, deletes and restores a record of a designed module', async () => {
    const { context, page, module } = await withDesignedModule();
    const listPath = `/deal/common/list?module=${module.group}`;
    await signInAt(page, 'admin', listPath);
    await page.getByTestId('deal-module').getByText('采购申请（purchase）').waitFor();
    await page.getByText('暂无数据').waitFor();
    for (const header of ['申请标题', '采购数量', '采购类别', '到货日期'])
      await page.locator('.crud-page th', { hasText: header }).first().waitFor();

    // 新增 opens the add sub-screen; the list's tab stays active.
    await page.getByRole('button', { name: '新增' }).click();
    await page.waitForURL((url) => url.pathname === '/deal/common/add');
    expect(new URL(page.url()).searchParams.get('module')).toBe(module.group);
    await expect.poll(() => activeTab(page).innerText()).toContain('通用模块');
    const form = page.locator('.crud-form-page');
    await form.getByLabel('采购数量').fill('12');
    await form.getByRole('button', { name: '提交' }).click();
    await form.getByText('请输入申请标题').waitFor();
    expect(await form.getByLabel('采购数量').inputValue()).toBe('12');
    await screenshot(page, 'deal-add-required');
    await form.getByLabel('申请标题').fill('会议室投影仪采购');
    await form.locator('[data-field=category] .p-dropdown').click();
    await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: '电子设备' }).click();
    await form.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '新增成功');

    // Back on the list, which shows the record with the option's label.
    await page.waitForURL((url) => url.pathname === '/deal/common/list');
    const row = rowWith(page, '会议室投影仪采购');
    await row.getByText('电子设备', { exact: true }).waitFor();
    await screenshot(page, 'deal-list-added');

    // 我的列表: the signed-in user's own records.
    await page.goto(`${baseUrl()}/deal/common/mylist?module=${module.group}`);
    await rowWith(page, '会议室投影仪采购').waitFor();
    await expect.poll(() => activeTab(page).innerText()).toContain('我的列表');
    await screenshot(page, 'deal-mylist');

    // Edit on the edit sub-screen, then back to the list.
    await page.goto(`${baseUrl()}${listPath}`);
    await rowWith(page, '会议室投影仪采购').getByRole('button', { name: '编辑' }).click();
    await page.waitForURL((url) => url.pathname === '/deal/common/edit');
    await expect.poll(() => activeTab(page).innerText()).toContain('通用模块');
    const title = page.locator('.crud-form-page').getByLabel('申请标题');
    await expect.poll(() => title.inputValue()).toBe('会议室投影仪采购');
    await title.fill('会议室投影仪采购（两台）');
    await screenshot(page, 'deal-edit');
    await page.locator('.crud-form-page').getByRole('button', { name: '提交' }).click();
    await expectToast(page, '修改成功');
    await page.waitForURL((url) => url.pathname === '/deal/common/list');
    const edited = rowWith(page, '会议室投影仪采购（两台）');
    await edited.waitFor();

    // Delete to the bin, then restore.
    await edited.getByRole('button', { name: '删除' }).click();
    await page.locator('.p-confirm-dialog-accept').click();
    await expectToast(page, '删除成功');
    await edited.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '回收站' }).click();
    const bin = page.getByRole('dialog', { name: '回收站 - 采购申请' });
    const binRow = bin.locator('tr', { hasText: '会议室投影仪采购（两台）' });
    await binRow.waitFor();
    await screenshot(page, 'deal-recycle-bin');
    await binRow.getByRole('button', { name: '恢复' }).click();
    await expectToast(page, '恢复成功');
    await binRow.waitFor({ state: 'detached' });
    await bin.locator('.p-dialog-header-close').click();
    await rowWith(page, '会议室投影仪采购（两台）').waitFor();
    await context.close();
  });

  it('a user without <MODULE>_ADD sees no 新增 and no 提交', async () => {
    const { context, page, module } = await withDesignedModule();
    const added = await callApi<{ id: number }>(page, `/api/${module.group}/add`, {
      purchase_title: '打印纸采购',
      amount: 20,
      category: 1,
    });
    expect(added.status).toBe(200);
    const listed = await callApi<{ data: { id: number }[] }>(
      page,
      `/api/${module.group}/list?pageindex=1&pagesize=10`,
      undefined,
      'GET',
    );
    const id = listed.data.data[0]!.id;

    // lina (部门管理员) holds the module's reading keys only.
    await signInAt(page, 'lina', `/deal/common/list?module=${module.group}`);
    await rowWith(page, '打印纸采购').waitFor();
    expect(await page.getByRole('button', { name: '新增' }).count()).toBe(0);
    await page.goto(`${baseUrl()}/deal/common/edit?module=${module.group}&id=${id}`);
    const title = page.locator('.crud-form-page').getByLabel('申请标题');
    await expect.poll(() => title.inputValue()).toBe('打印纸采购');
    await page.locator('.crud-form-page').getByRole('button', { name: '关闭' }).waitFor();
    expect(await page.getByRole('button', { name: '提交' }).count()).toBe(0);
    await screenshot(page, 'deal-edit-without-add-key');
    await context.close();
  });
});
