/**
 * Members and versions in real Chromium: a member is added and edited on the full-page
 * sub-screens /business/user/add and /business/user/edit (the list's tab stays active, saving
 * returns to the list with the record); a system version and a module version are made current.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { openSignedIn, signIn } from './support/session';

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

describe('members (/business/user)', () => {
  it('adds and edits a member on the sub-screens, the list’s tab active', async () => {
    const page = await openSignedIn(browser, '/business/user/list');
    await rowWith(page, 'lina88').waitFor();

    await page.getByRole('button', { name: '新增' }).click();
    await page.waitForURL((url) => url.pathname === '/business/user/add');
    await page.locator('.page-title, h1, h2', { hasText: '新增会员管理' }).first().waitFor();
    await expect.poll(() => activeTab(page).innerText()).toContain('会员管理');
    expect(await page.getByRole('dialog').count()).toBe(0);
    const form = page.locator('.crud-form-page');
    await form.getByRole('button', { name: '提交' }).click();
    await form.getByText('请输入会员账号').waitFor();
    await form.getByLabel('会员账号').fill('e2e_member');
    await form.getByLabel('真实姓名').fill('周测试');
    await form.getByLabel('手机号').fill('13700001111');
    await screenshot(page, 'member-add-subscreen');
    await form.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '新增成功');
    await page.waitForURL((url) => url.pathname === '/business/user/list');
    const row = rowWith(page, 'e2e_member');
    await row.waitFor();

    await row.getByRole('button', { name: '编辑' }).click();
    await page.waitForURL((url) => url.pathname === '/business/user/edit');
    expect(new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
    await page.locator('.page-title, h1, h2', { hasText: '编辑会员管理' }).first().waitFor();
    await expect.poll(() => activeTab(page).innerText()).toContain('会员管理');
    const realname = page.locator('.crud-form-page').getByLabel('真实姓名');
    await expect.poll(() => realname.inputValue()).toBe('周测试');
    await realname.fill('周测试（已修改）');
    await screenshot(page, 'member-edit-subscreen');
    await page.locator('.crud-form-page').getByRole('button', { name: '提交' }).click();
    await expectToast(page, '修改成功');
    await page.waitForURL((url) => url.pathname === '/business/user/list');
    await rowWith(page, '周测试（已修改）').waitFor();
    await page.close();
  });
});

describe('the member form while its controls arrive', () => {
  it('keeps 提交 where it was drawn while the upload and picker controls load', async () => {
    const { page } = await newPage(browser, { width: 1366, height: 768 });
    // The controls' code (fetched ahead by the list) is held back from sign-in until the form
    // has been seen, as a slow link holds it; on the context: the demo's service worker makes
    // the requests. The login page's own code (its password field) has arrived by then.
    let holding = false;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page
      .context()
      .route(/\/assets\/(upload-control|calendar|city|password)-[^/]*\.js$/, async (route) => {
        if (holding) await released;
        await route.continue();
      });
    await page.goto(`${baseUrl()}/business/user/list`);
    await page.locator('#login-username').waitFor();
    holding = true;
    await signIn(page, 'admin');
    await rowWith(page, 'lina88').waitFor();
    await page.getByRole('button', { name: '新增' }).click();
    const form = page.locator('.crud-form-page');
    const submit = form.getByRole('button', { name: '提交' });
    await form.getByText('正在加载上传组件…').waitFor();
    expect(await form.getByText('控件加载中…').count()).toBe(3);
    // The layout's own position (offsetTop ignores the page's entrance animation).
    const submitTop = () =>
      submit.evaluate((button) => (button instanceof HTMLElement ? button.offsetTop : Number.NaN));
    const before = await submitTop();
    await screenshot(page, 'member-add-controls-loading');

    release();
    await form.locator('[data-field="avatar"] .filepond--root').waitFor();
    await form.locator('[data-field="birthday"] .p-calendar').waitFor();
    await form.locator('[data-field="city"] .p-treeselect').waitFor();
    await form.locator('[data-field="password"] .p-password').waitFor();
    expect(await submitTop()).toBe(before);
    await page.context().close();
  });
});

describe('versions (/version/systeam, /version/model)', () => {
  it('marks exactly one current system version', async () => {
    const page = await openSignedIn(browser, '/version/systeam');
    const current = page.locator('.crud-page .p-datatable-tbody tr', {
      has: page.locator('.p-tag', { hasText: '当前版本' }),
    });
    // The list first (expect.poll gives up after 1 s, less than a loaded machine needs to load it).
    await current.first().waitFor();
    expect(await current.count()).toBe(1);
    expect(await current.innerText()).toContain('3.2.0');

    const target = rowWith(page, '3.1.0');
    await target.getByRole('button', { name: '设为当前版本' }).click();
    await page.getByText('确定将版本 3.1.0 设为当前版本吗？').waitFor();
    await page.locator('.p-confirm-dialog-accept').click();
    await expectToast(page, '已设为当前版本');
    await target.locator('.p-tag', { hasText: '当前版本' }).waitFor();
    await expect.poll(() => current.count()).toBe(1);
    // The current version offers no 设为当前版本; the former one does again.
    expect(await target.getByRole('button', { name: '设为当前版本' }).count()).toBe(0);
    await rowWith(page, '3.2.0').getByRole('button', { name: '设为当前版本' }).waitFor();
    await screenshot(page, 'version-system-current');
    await page.close();
  });

  it('marks one current version per module', async () => {
    const page = await openSignedIn(browser, '/version/model');
    const target = rowWith(page, '1.4.0');
    await target.getByRole('button', { name: '设为当前版本' }).click();
    await page.locator('.p-confirm-dialog-accept').click();
    await expectToast(page, '已设为当前版本');
    await target.locator('.p-tag', { hasText: '当前版本' }).waitFor();
    // 1.4.2 belongs to the same module and is no longer current; other modules keep theirs.
    await rowWith(page, '1.4.2').getByRole('button', { name: '设为当前版本' }).waitFor();
    await rowWith(page, '2.1.0').locator('.p-tag', { hasText: '当前版本' }).waitFor();
    await screenshot(page, 'version-module-current');
    await page.close();
  });
});
