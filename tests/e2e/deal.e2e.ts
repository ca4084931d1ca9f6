/**
 * The generic deal module (/deal/common) in real Chromium: a module designed through the
 * designer's API is opened with ?module=, a record is added (after the required-field message),
 * shows in the list and in 我的列表, is edited on the edit sub-screen, deleted to the bin and
 * restored; a user without <MODULE>_ADD sees no 新增 and no 提交. The designer's switches
 * (开启回收站, 开启导入导出, 开启我的列表) decide which of 回收站, 导入/导出 and 我的列表 the
 * module offers, and turning one on in 后台设计 shows its button.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import {
  callApi,
  createDesignedModule,
  DESIGNED_MODULE,
  type DesignedModuleInput,
} from './support/designed-module';
import { signIn, signInAt } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const rowWith = (page: Page, text: string): Locator =>
  page.locator('.crud-page .p-datatable-tbody tr', { hasText: text });

const activeTab = (page: Page): Locator => page.locator('.history-tab--active');

async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.p-toast-message', { hasText: text }).first().waitFor();
}

/**
 * A fresh context signed in as admin, with module 采购申请 (Purchase) designed (后台设计's
 * switches all on unless given).
 */
async function withDesignedModule(switches?: DesignedModuleInput['switches']) {
  const { context, page } = await newPage(browser);
  await page.goto(`${baseUrl()}/login`);
  await signIn(page, 'admin');
  await page.waitForURL(/\/homepage$/);
  const module = await createDesignedModule(page, { ...DESIGNED_MODULE, switches });
  return { context, page, module };
}

/** How many buttons of the visible list screen are named `name`. */
const toolbarCount = (page: Page, name: string) =>
  page.locator('.crud-page:visible').getByRole('button', { name, exact: true }).count();

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

  it('offers only what 后台设计 switched on; a switch turned on shows its button', async () => {
    const { context, page, module } = await withDesignedModule({
      is_recycle: 2,
      is_import: 2,
      is_mylist: 2,
    });
    const added = await callApi(page, `/api/${module.group}/add`, {
      purchase_title: '碎纸机采购',
      amount: 1,
      category: 1,
    });
    expect(added.status).toBe(200);
    const listPath = `/deal/common/list?module=${module.group}`;
    await signInAt(page, 'admin', listPath);
    const row = rowWith(page, '碎纸机采购');
    await row.waitFor();
    expect(await toolbarCount(page, '新增')).toBe(1);
    for (const name of ['回收站', '导入', '导出', '我的列表'])
      expect(await toolbarCount(page, name), name).toBe(0);
    await screenshot(page, 'deal-switches-off');

    // Without the bin, 删除 asks the spec's permanent-delete question and deletes for good.
    await row.getByRole('button', { name: '删除' }).click();
    await page.getByText('此操作将永久删除该记录，是否继续？').waitFor();
    await page.locator('.p-confirm-dialog-accept').click();
    await expectToast(page, '删除成功');
    await row.waitFor({ state: 'detached' });

    // 我的列表 typed in: a Chinese message and a way back, no broken screen.
    await page.goto(`${baseUrl()}/deal/common/mylist?module=${module.group}`);
    await page.getByRole('alert').filter({ hasText: '「采购申请」未开启我的列表' }).waitFor();
    await page.getByRole('button', { name: '返回列表' }).waitFor();
    await screenshot(page, 'deal-mylist-off');

    // 后台设计: the module's form shows the switches under their Chinese labels; turn two on.
    await page.goto(`${baseUrl()}/system/module/list`);
    const designer = page.locator('section.crud-page[aria-label="后台设计"]:visible');
    const designed = designer.locator('tr', { hasText: module.module_name });
    await designed.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog', { name: '编辑 - 后台设计' });
    for (const label of ['开启回收站', '开启导入导出', '开启我的列表'])
      await dialog.getByText(label, { exact: true }).waitFor();
    await expect.poll(() => dialog.getByLabel('模块名称').inputValue()).toBe(module.module_name);
    await dialog.locator('[data-field=is_recycle] .p-inputswitch').click();
    await dialog.locator('[data-field=is_mylist] .p-inputswitch').click();
    await screenshot(page, 'deal-designer-switches');
    await dialog.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '修改成功');
    await dialog.waitFor({ state: 'detached' });

    // 打开: the module now offers 回收站 and 我的列表; import is still off.
    await designed.getByRole('button', { name: '打开' }).click();
    await page.waitForURL((url) => url.pathname === '/deal/common/list');
    await expect.poll(() => toolbarCount(page, '回收站')).toBe(1);
    await expect.poll(() => toolbarCount(page, '我的列表')).toBe(1);
    expect(await toolbarCount(page, '导入')).toBe(0);
    await screenshot(page, 'deal-switches-on');
    await page.locator('.crud-page:visible').getByRole('button', { name: '我的列表' }).click();
    await page.waitForURL((url) => url.pathname === '/deal/common/mylist');
    await page.locator('.crud-page:visible').getByRole('button', { name: '全部记录' }).waitFor();
    await context.close();
  });
});
