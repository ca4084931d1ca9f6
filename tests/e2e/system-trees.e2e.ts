/**
 * System administration trees and assignments in real Chromium on the mock backend:
 * a role's 菜单配置 decides what its users see at the next sign-in; a menu added under a node
 * shows in the shell after a reload; a menu with children is not deleted; a department added
 * under a node is offered at once by the 管理员管理 form's department control; a job's
 * departments are saved and shown again; a sortable header re-sorts the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launchChromium, screenshot } from './support/browser';
import { openSignedIn, signIn } from './support/session';
import { columnCells } from './support/table';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const view = (page: Page, path: string): Locator =>
  page.locator(`.shell-view[data-path="${path}"]`);

const tableRow = (scope: Locator, text: string): Locator =>
  scope.locator('.p-datatable-tbody tr, .p-treetable-tbody tr', { hasText: text });

async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.p-toast-message', { hasText: text }).first().waitFor();
}

/** A tree node's checkbox row in an assignment dialog, by its exact label. */
const treeNode = (dialog: Locator, label: string): Locator =>
  dialog.locator('.p-treenode-content', { hasText: new RegExp(`^\\s*${label}`) });

async function settled(page: Page): Promise<void> {
  await page.locator('.p-datatable-loading-overlay, .p-treetable-loading').first().waitFor({
    state: 'detached',
  });
}

describe('roles (/system/role)', () => {
  it('菜单配置 → a user of the role signs in and sees only those menus', async () => {
    const page = await openSignedIn(browser, '/system/role');
    const roles = view(page, '/system/role');
    const row = tableRow(roles, '部门管理员');
    await row.getByRole('button', { name: '菜单配置' }).click();
    const dialog = page.getByRole('dialog', { name: '菜单配置 - 部门管理员' });
    await treeNode(dialog, '管理员管理').waitFor();
    await dialog.getByRole('button', { name: '全不选' }).click();
    await dialog.getByText('已选 0 项').waitFor();
    await treeNode(dialog, '管理员管理').locator('.p-checkbox').click();
    // The group is half-checked: it is saved with the entry so the user's menu keeps it.
    await treeNode(dialog, '组织权限')
      .locator('.p-checkbox[data-p-partialchecked="true"]')
      .waitFor();
    await screenshot(page, 'system-role-menu-config');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '保存成功');
    await dialog.waitFor({ state: 'detached' });

    // Reopened: the same ticks.
    await row.getByRole('button', { name: '菜单配置' }).click();
    await treeNode(dialog, '管理员管理').locator('.p-checkbox[data-p-checked="true"]').waitFor();
    expect(
      await treeNode(dialog, '角色管理').locator('.p-checkbox').getAttribute('data-p-checked'),
    ).toBe('false');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Sign out and in as 李娜 (lina, 部门管理员).
    await page.click('.user-menu__trigger');
    await page.click('.user-menu__popup .p-menuitem-text:text-is("退出系统")');
    await page.click('.p-confirm-dialog:has-text("确认退出登录吗？") .p-confirm-dialog-accept');
    await page.waitForURL(/\/login/);
    await signIn(page, 'lina');
    await page.waitForURL(/\/homepage$/);
    await page.locator('.top-menu__tab').first().waitFor();
    expect(
      (await page.locator('.top-menu__tab').allInnerTexts()).map((text) => text.trim()),
    ).toEqual(['组织权限']);
    await page.click('.top-menu__tab:has-text("组织权限")');
    await page.locator('.side-menu__item').first().waitFor();
    expect(
      (await page.locator('.side-menu__item').allInnerTexts()).map((text) => text.trim()),
    ).toEqual(['管理员管理']);
    await screenshot(page, 'system-role-user-menus');
    await page.context().close();
  });

  it('权限分配 keeps the keys chosen for the role', async () => {
    const page = await openSignedIn(browser, '/system/role');
    const row = tableRow(view(page, '/system/role'), '信息报送员');
    await row.getByRole('button', { name: '权限分配' }).click();
    const dialog = page.getByRole('dialog', { name: '权限分配 - 信息报送员' });
    await treeNode(dialog, '新增公告').locator('.p-checkbox').click();
    await screenshot(page, 'system-role-auth');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '保存成功');
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: '权限分配' }).click();
    await treeNode(dialog, '新增公告').locator('.p-checkbox[data-p-checked="true"]').waitFor();
    await dialog.getByText('已选 1 项').waitFor();
    await page.context().close();
  });

  it('a sortable header re-sorts the list through the server', async () => {
    const page = await openSignedIn(browser, '/system/role');
    const roles = view(page, '/system/role');
    const firstRow = roles.locator('.p-datatable-tbody tr').first();
    await firstRow.waitFor();
    await settled(page);
    // Newest first: 只读访客 (排序 8); by 排序 ascending: 超级管理员 (排序 1).
    expect(await firstRow.innerText()).toContain('只读访客');
    await roles.locator('th', { hasText: '排序' }).click();
    await firstRow.filter({ hasText: '超级管理员' }).waitFor();
    await roles.locator('th', { hasText: '排序' }).click();
    await firstRow.filter({ hasText: '只读访客' }).waitFor();
    await screenshot(page, 'system-role');
    await page.context().close();
  });
});

describe('menus (/system/menu)', () => {
  it('adds a child under a node; after a reload it is in the shell', async () => {
    const page = await openSignedIn(browser, '/system/menu');
    const menus = view(page, '/system/menu');
    const group = tableRow(menus, '组织权限').first();
    await group.waitFor();
    await screenshot(page, 'system-menu');
    await group.getByRole('button', { name: '新增下级' }).click();
    const dialog = page.getByRole('dialog', { name: '新增 - 菜单管理' });
    // The parent is preset to the node.
    await dialog.locator('[data-field=amenu_pid]').getByText('组织权限').waitFor();
    await dialog.getByLabel('菜单名称').fill('端到端菜单');
    await dialog.getByLabel('路由地址').fill('/system/log');
    await dialog.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '新增成功');
    await tableRow(menus, '端到端菜单').waitFor();

    await page.reload();
    await page.click('.top-menu__tab:has-text("组织权限")');
    await page.locator('.side-menu__item', { hasText: '端到端菜单' }).waitFor();
    await screenshot(page, 'system-menu-in-shell');
    await page.context().close();
  });

  it('a menu with children is not deleted, with the message', async () => {
    const page = await openSignedIn(browser, '/system/menu');
    const menus = view(page, '/system/menu');
    const group = tableRow(menus, '组织权限').first();
    await group.getByRole('button', { name: '删除' }).click();
    await expectToast(page, '该菜单下还有下级，请先删除下级后再删除');
    expect(await page.locator('.p-confirm-dialog').count()).toBe(0);
    await screenshot(page, 'system-menu-delete-refused');
    await page.context().close();
  });
});

describe('departments (/system/department)', () => {
  it('a child added under a node is offered by the 管理员管理 form at once', async () => {
    const page = await openSignedIn(browser, '/system/user');
    // The form's department options are loaded (and cached) before the change.
    const users = view(page, '/system/user');
    await tableRow(users, 'admin').first().waitFor();
    await users.getByRole('button', { name: '新增' }).click();
    let form = page.getByRole('dialog', { name: '新增 - 管理员管理' });
    await form.locator('[data-field=department_id] .p-treeselect').click();
    await page.locator('.p-treeselect-panel .p-treenode-content', { hasText: '总公司' }).waitFor();
    await page.keyboard.press('Escape');
    await form.locator('.crud-form__footer').getByRole('button', { name: '关闭' }).click();
    await form.waitFor({ state: 'detached' });

    await page.click('.side-menu__item:has-text("部门管理")');
    const departments = view(page, '/system/department');
    const parent = tableRow(departments, '总公司').first();
    await parent.getByRole('button', { name: '新增下级' }).click();
    const dialog = page.getByRole('dialog', { name: '新增 - 部门管理' });
    await dialog.locator('[data-field=pid]').getByText('总公司').waitFor();
    await dialog.getByLabel('部门名称').fill('端到端测试部');
    await dialog.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '新增成功');
    const added = tableRow(departments, '端到端测试部');
    await added.waitFor();
    // In-place sort (updatefield): click the 排序 cell, type, Enter.
    await added.getByTitle('点击修改排序').click();
    await added.getByLabel('排序').fill('9');
    await added.getByLabel('排序').press('Enter');
    await expectToast(page, '修改成功');
    await added.getByTitle('点击修改排序').filter({ hasText: '9' }).waitFor();
    await screenshot(page, 'system-department');

    await page.click('.side-menu__item:has-text("管理员管理")');
    await users.getByRole('button', { name: '新增' }).click();
    form = page.getByRole('dialog', { name: '新增 - 管理员管理' });
    await form.locator('[data-field=department_id] .p-treeselect').click();
    await page
      .locator('.p-treeselect-panel .p-treenode-content', { hasText: '总公司' })
      .locator('.p-tree-toggler')
      .click();
    await page
      .locator('.p-treeselect-panel .p-treenode-content', { hasText: '端到端测试部' })
      .waitFor();
    await screenshot(page, 'system-department-in-user-form');
    await page.context().close();
  });
});

describe('jobs (/system/job)', () => {
  it('分配部门 is saved and shown again on reopening', async () => {
    const page = await openSignedIn(browser, '/system/job');
    const jobs = view(page, '/system/job');
    const row = jobs.locator('.p-datatable-tbody tr').first();
    await row.waitFor();
    const jobName = (await (await columnCells(jobs, '岗位名称')).first().innerText()).trim();
    await row.getByRole('button', { name: '分配部门' }).click();
    const dialog = page.getByRole('dialog', { name: `分配部门 - ${jobName}` });
    await treeNode(dialog, '财务部').waitFor();
    await dialog.getByRole('button', { name: '全不选' }).click();
    await treeNode(dialog, '财务部').locator('.p-checkbox').click();
    await treeNode(dialog, '前端开发组').locator('.p-checkbox').click();
    await screenshot(page, 'system-job-departments');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '保存成功');
    await dialog.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: '分配部门' }).click();
    await treeNode(dialog, '财务部').locator('.p-checkbox[data-p-checked="true"]').waitFor();
    await treeNode(dialog, '前端开发组').locator('.p-checkbox[data-p-checked="true"]').waitFor();
    await treeNode(dialog, '研发中心')
      .locator('.p-checkbox[data-p-partialchecked="true"]')
      .waitFor();
    await dialog.getByText('已选 2 项').waitFor();
    await screenshot(page, 'system-job');
    await page.context().close();
  });
});

describe('lists at the design width (1930×980)', () => {
  it('every row keeps its 操作 buttons in view', async () => {
    const page = await openSignedIn(browser, '/system/user');
    for (const path of [
      '/system/user',
      '/system/role',
      '/system/job',
      '/system/authority',
      '/system/menu',
      '/system/department',
    ]) {
      await page.goto(`${baseUrl()}${path}`);
      const screen = view(page, path);
      const firstRow = screen.locator('.p-datatable-tbody tr, .p-treetable-tbody tr').first();
      await firstRow.waitFor();
      await settled(page);
      const header = screen.locator('thead th').last();
      expect((await header.innerText()).trim(), path).toBe('操作');
      const box = await header.boundingBox();
      expect(box, path).not.toBeNull();
      expect(box!.x + box!.width, path).toBeLessThanOrEqual(1930);
      // The row's last button (删除) is on screen and is what a click there reaches.
      const last = firstRow.locator('.crud-list__actions button').last();
      const button = await last.boundingBox();
      expect(button!.x + button!.width, path).toBeLessThanOrEqual(1930);
      expect(
        await last.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
          return element.contains(hit);
        }),
        path,
      ).toBe(true);
      await screenshot(page, `system-fit${path.replaceAll('/', '-')}`);
    }
    await page.context().close();
  });
});
