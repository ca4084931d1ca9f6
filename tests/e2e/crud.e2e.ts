/**
 * Generated CRUD screens in real Chromium on the mock backend: the notices journey
 * (add → appears in list → edit → delete → in bin → restore → destroy) and the
 * administrators screen (add, disable, reset password, required-field message); and what a user
 * sees when the app's own code cannot be downloaded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launchChromium, screenshot } from './support/browser';
import { openSignedIn } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const rowWith = (page: Page, text: string): Locator =>
  page.locator('.crud-page .p-datatable-tbody tr', { hasText: text });

async function confirm(page: Page): Promise<void> {
  await page.locator('.p-confirm-dialog-accept').click();
}

async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.p-toast-message', { hasText: text }).first().waitFor();
}

describe('notices (/system/notice)', () => {
  it('adds, edits, deletes to the bin, restores and destroys a notice', async () => {
    const page = await openSignedIn(browser, '/system/notice');
    await page.locator('.crud-page .p-datatable-tbody tr').first().waitFor();

    // Add: the required title has the spec's message; nothing typed is lost.
    await page.getByRole('button', { name: '新增' }).click();
    const addDialog = page.getByRole('dialog', { name: '新增 - 公告管理' });
    // 公告内容 is a rich-text editor: its first paragraph takes the text.
    const content = addDialog
      .getByRole('group', { name: '公告内容' })
      .locator('.ce-paragraph')
      .first();
    await content.fill('本周六 22:00 至 24:00 进行系统维护。');
    await addDialog.getByRole('button', { name: '提交' }).click();
    await addDialog.getByText('请输入公告标题').waitFor();
    expect(await content.textContent()).toBe('本周六 22:00 至 24:00 进行系统维护。');
    await addDialog.getByLabel('公告标题').fill('端到端测试公告');
    await addDialog.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '新增成功');
    await rowWith(page, '端到端测试公告').waitFor();
    await screenshot(page, 'crud-notice-added');

    // Edit.
    await rowWith(page, '端到端测试公告').getByRole('button', { name: '编辑' }).click();
    const editDialog = page.getByRole('dialog', { name: '编辑 - 公告管理' });
    const title = editDialog.getByLabel('公告标题');
    await expect.poll(() => title.inputValue()).toBe('端到端测试公告');
    await title.fill('端到端测试公告（已修改）');
    await editDialog.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '修改成功');
    await rowWith(page, '端到端测试公告（已修改）').waitFor();

    // Delete to the recycle bin.
    await rowWith(page, '端到端测试公告（已修改）').getByRole('button', { name: '删除' }).click();
    await confirm(page);
    await expectToast(page, '删除成功');
    await rowWith(page, '端到端测试公告（已修改）').waitFor({ state: 'detached' });

    // In the bin → restore → back in the list.
    await page.getByRole('button', { name: '回收站' }).click();
    const bin = page.getByRole('dialog', { name: '回收站 - 公告管理' });
    const binRow = bin.locator('tr', { hasText: '端到端测试公告（已修改）' });
    await binRow.waitFor();
    await screenshot(page, 'crud-notice-recycle-bin');
    await binRow.getByRole('button', { name: '恢复' }).click();
    await expectToast(page, '恢复成功');
    await binRow.waitFor({ state: 'detached' });
    await bin
      .getByRole('button', { name: 'Close' })
      .or(bin.locator('.p-dialog-header-close'))
      .first()
      .click();
    await rowWith(page, '端到端测试公告（已修改）').waitFor();

    // Delete again, then destroy permanently from the bin.
    await rowWith(page, '端到端测试公告（已修改）').getByRole('button', { name: '删除' }).click();
    await confirm(page);
    await rowWith(page, '端到端测试公告（已修改）').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '回收站' }).click();
    await binRow.waitFor();
    await binRow.getByRole('button', { name: '彻底删除' }).click();
    await page.getByText('此操作将永久删除该记录，是否继续？').waitFor();
    await confirm(page);
    await expectToast(page, '已彻底删除');
    await binRow.waitFor({ state: 'detached' });
    await page.close();
  });
});

describe('administrators (/system/user)', () => {
  it('adds an administrator, switches them off and resets the password', async () => {
    const page = await openSignedIn(browser, '/system/user');
    await rowWith(page, 'admin').first().waitFor();

    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增 - 管理员管理' });
    await dialog.getByLabel('登录账号').fill('e2e_editor');
    await dialog.getByLabel('昵称').fill('测试编辑');
    await dialog.getByLabel('登录密码').fill('Editor@2026');
    await dialog.locator('[data-field=department_id] .p-treeselect').click();
    // A department with sub-departments is refused (存在下级不能选择): open 总公司, pick a leaf.
    await page
      .locator('.p-treeselect-panel .p-treenode-content', { hasText: '总公司' })
      .locator('.p-tree-toggler')
      .click();
    const departmentName = '财务部';
    const department = page.locator('.p-treeselect-panel .p-treenode-content', {
      hasText: departmentName,
    });
    await department.click();
    await dialog.locator('[data-field=role_id] .p-dropdown').click();
    const role = page.locator('.p-dropdown-panel .p-dropdown-item').first();
    const roleName = (await role.innerText()).trim();
    await role.click();
    await dialog.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '新增成功');
    const row = rowWith(page, 'e2e_editor');
    await row.waitFor();
    // The list shows the department's and the role's names, not their stored ids.
    await row.getByText(departmentName, { exact: true }).waitFor();
    await row.getByText(roleName, { exact: true }).waitFor();
    await screenshot(page, 'crud-user-added');

    // Status switch goes through the disable call.
    const toggle = row.getByRole('switch');
    const wasOn = await toggle.isChecked();
    await row.locator('.p-inputswitch').click();
    await expectToast(page, '状态修改成功');
    await expect.poll(() => toggle.isChecked()).toBe(!wasOn);

    await row.getByRole('button', { name: '重置密码' }).click();
    await page.getByText('确定重置该用户的密码吗？').waitFor();
    await confirm(page);
    await expectToast(page, '密码已重置');
    await page.close();
  });
});

describe('code that cannot be downloaded (a flaky link, or a release that replaced the files)', () => {
  it('a screen offers 刷新页面; 新增 closes with a message and keeps the list; a form control offers 重试 and keeps what was typed', async () => {
    const page = await openSignedIn(browser, '/homepage');
    // The files a step needs fail as on a dropped link; `refused` says which, step by step.
    let refused = /\/assets\/job-page-[^/]*\.js$/;
    await page
      .context()
      .route(/\/assets\/[^/]*\.js$/, (route) =>
        refused.test(route.request().url()) ? route.abort() : route.continue(),
      );

    await page.goto(`${baseUrl()}/system/job`);
    const failed = page.locator('.screen-error', {
      hasText: '页面代码下载失败，请检查网络后刷新页面',
    });
    await failed.waitFor();
    refused = /\/assets\/(crud-form|editor-control)-[^/]*\.js$/;
    await failed.getByRole('button', { name: '刷新页面' }).click();
    await page
      .locator('.shell-view[data-path="/system/job"] .p-datatable-tbody tr')
      .first()
      .waitFor();

    await page.goto(`${baseUrl()}/system/notice`);
    const list = page.locator('.shell-view[data-path="/system/notice"]');
    await list.locator('.p-datatable-tbody tr').first().waitFor();
    const add = list.getByRole('button', { name: '新增', exact: true });
    await add.click();
    await expectToast(page, '打开失败：页面代码下载失败，请检查网络后重试');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await rowWith(page, '关于系统升级维护的通知').count()).toBe(1);

    refused = /\/assets\/editor-control-[^/]*\.js$/;
    await add.click();
    const dialog = page.getByRole('dialog', { name: '新增 - 公告管理' });
    await dialog.getByText('控件加载失败。').waitFor();
    await dialog.getByLabel('公告标题').fill('断网时写的标题');
    refused = /$^/;
    await dialog.getByRole('button', { name: '重试' }).click();
    await dialog
      .locator('.rich-editor[data-ready="true"] [contenteditable="true"]')
      .first()
      .waitFor();
    expect(await dialog.getByLabel('公告标题').inputValue()).toBe('断网时写的标题');
    await screenshot(page, 'crud-code-download-retried');
    await page.close();
  });
});
