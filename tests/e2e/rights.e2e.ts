/**
 * Rights as a read-only user and a restricted role meet them in real Chromium: 孙丽 (reading
 * keys only) sees none of the buttons whose calls the server would refuse; a role whose menu
 * holds only 公告管理 gets the no-permission page on another typed address; and a right that
 * appears while signed in (a module designed meanwhile) shows without signing in again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { callApi, createDesignedModule, DESIGNED_MODULE } from './support/designed-module';
import { signInAt } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const screenView = (page: Page) => page.locator('.shell-content');

describe('a read-only user (孙丽)', () => {
  it('sees no button whose call the server refuses', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/login`);
    await signInAt(page, 'sunli', '/system/attachment');
    const view = screenView(page);
    await view.getByRole('checkbox', { name: '公司 Logo' }).waitFor();
    for (const name of ['上传', '大文件上传', '直传云存储', '新增分类', '网络附件'])
      expect(await view.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    await screenshot(page, 'rights-sunli-attachment');

    await page.goto(`${baseUrl()}/business/informationreportingexamine/list`);
    const pending = view.locator('.p-datatable-tbody tr', { hasText: '待审批' }).first();
    await pending.waitFor();
    for (const name of ['通过', '驳回'])
      expect(await pending.getByRole('button', { name, exact: true }).count(), name).toBe(0);

    await page.goto(`${baseUrl()}/system/dictionary`);
    await view.locator('.p-datatable-tbody tr').first().waitFor();
    expect(await view.getByRole('button', { name: '刷新缓存' }).count()).toBe(0);

    await page.goto(`${baseUrl()}/system/setting`);
    await view.getByLabel('系统标题').first().waitFor();
    expect(await view.getByRole('button', { name: '保存' }).count()).toBe(0);
    await screenshot(page, 'rights-sunli-setting');
    await context.close();
  });
});

describe('a role whose menu holds only 公告管理', () => {
  it('gets the no-permission page on a typed address outside it, and the way back', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/login`);
    await signInAt(page, 'admin', '/homepage');
    const menus = await callApi<{ data: { amenu_id: number; amenu_address: string }[] }>(
      page,
      '/api/adminmenu/list?pageindex=1&pagesize=500',
      undefined,
      'GET',
    );
    const notice = menus.data.data.find((row) => row.amenu_address === '/system/notice');
    expect(notice).toBeDefined();
    // 孙丽 is 部门管理员 (role 3).
    const saved = await callApi(page, '/api/adminmenu/saverolemenu', {
      roleid: 3,
      menuarr: [notice?.amenu_id],
    });
    expect(saved.status).toBe(200);

    await signInAt(page, 'sunli', '/system/notice');
    await screenView(page).locator('.p-datatable-tbody tr').first().waitFor();
    await page.goto(`${baseUrl()}/system/user`);
    await page.waitForURL(/\/no-permission$/);
    await page.getByText('403').waitFor();
    expect(await page.locator('.p-datatable').count()).toBe(0);
    await screenshot(page, 'rights-outside-menu');
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(/\/homepage$/);
    await context.close();
  });
});

describe('a right that appears while signed in', () => {
  it('a module designed meanwhile offers 新增 without signing in again', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/login`);
    await signInAt(page, 'admin', '/homepage');
    const module = await createDesignedModule(page, DESIGNED_MODULE);
    // The app asks for the keys again when it loads, so a reload (or the next visit) has them.
    await page.goto(`${baseUrl()}/deal/common/list?module=${module.group}`);
    await screenView(page).getByTestId('deal-module').waitFor();
    await screenView(page).getByRole('button', { name: '新增', exact: true }).waitFor();
    await screenshot(page, 'rights-designed-module-add');
    await context.close();
  });
});
