/**
 * Issue 51's acceptance walk-through, items 2, 3, 6, 7 and 8, by what an administrator sees:
 * 2. the 内容审批 / 发布列表 badges and the homepage's 待审批 follow submit, approve, reject, publish;
 * 3. 附件管理's seeded documents preview and download as the real files;
 * 6. 管理员管理's 最后登录时间 never lies under the frozen 操作 column, at 1366 and 1930 wide;
 * 7. 导出 says 男 / 女 and 启用 / 禁用, and 导入 takes those words back;
 * 8. a new role's 菜单配置 starts with nothing selected.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { launchChromium, screenshot } from './support/browser';
import { openSignedIn } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const toast = (page: Page, text: string): Locator =>
  page.locator('.p-toast-message', { hasText: text }).first();
const rowWith = (page: Page, text: string): Locator =>
  page.locator('.crud-page:visible .p-datatable-tbody tr', { hasText: text });

async function accept(page: Page, question: string): Promise<void> {
  const dialog = page.locator('.p-confirm-dialog', { hasText: question });
  await dialog.waitFor();
  await dialog.locator('.p-confirm-dialog-accept').click();
  await dialog.waitFor({ state: 'detached' });
}

/** Waits until the sidebar entry `name` shows `count` (no badge at all for 0). */
async function badgeShows(page: Page, name: string, count: number): Promise<void> {
  const entry = page.locator('.side-menu a', { hasText: name });
  const badge = entry.locator('.side-menu__badge');
  if (count === 0) await badge.waitFor({ state: 'detached' });
  else await entry.locator('.side-menu__badge', { hasText: new RegExp(`^${count}$`) }).waitFor();
}

async function openFromSidebar(page: Page, name: string): Promise<void> {
  await page.locator('.side-menu a', { hasText: name }).click();
  await page.locator('.page-title', { hasText: name }).waitFor();
}

describe('2. pending badges follow the workflow', () => {
  it('内容审批 and 发布列表 change after 提交, 通过, 驳回 and 发布; the homepage says 待审批 too', async () => {
    const page = await openSignedIn(browser, '/homepage');
    const pendingCard = page.getByTestId('stat-purple');
    // The seed: 社区志愿服务活动简报 and 冬季供暖准备工作汇报 wait for a decision.
    await pendingCard.filter({ hasText: /^2$/ }).waitFor();
    await page.getByRole('button', { name: /待审批/ }).click();
    await page.locator('.page-title', { hasText: '内容审批' }).waitFor();
    await badgeShows(page, '内容审批', 2);
    await badgeShows(page, '发布列表', 0);
    await screenshot(page, 'walkthrough-a-2-badges-before');

    await openFromSidebar(page, '我的上报');
    await rowWith(page, '2025年度信息报送工作总结').getByRole('button', { name: '提交' }).click();
    await accept(page, '确定提交该上报吗？');
    await toast(page, '提交成功').waitFor();
    await badgeShows(page, '内容审批', 3);

    await openFromSidebar(page, '内容审批');
    await rowWith(page, '社区志愿服务活动简报').getByRole('button', { name: '通过' }).click();
    await accept(page, '确定审批通过该上报吗？');
    await toast(page, '审批通过').waitFor();
    await badgeShows(page, '内容审批', 2);
    await badgeShows(page, '发布列表', 1);

    await rowWith(page, '冬季供暖准备工作汇报').getByRole('button', { name: '驳回' }).click();
    const reject = page.getByRole('dialog', { name: '驳回上报' });
    await reject.getByLabel(/驳回原因/).fill('请补充供暖设备检修记录');
    await reject.getByRole('button', { name: '确定驳回' }).click();
    await toast(page, '已驳回').waitFor();
    await badgeShows(page, '内容审批', 1);
    await screenshot(page, 'walkthrough-a-2-badges-after-reject');

    await openFromSidebar(page, '发布列表');
    await rowWith(page, '社区志愿服务活动简报')
      .getByRole('button', { name: '发布', exact: true })
      .click();
    await accept(page, '确定发布该上报吗？');
    await toast(page, '发布成功').waitFor();
    await badgeShows(page, '发布列表', 0);
    await badgeShows(page, '内容审批', 1);

    await page.locator('.history-tabs').getByText('控制台', { exact: true }).click();
    await pendingCard.filter({ hasText: /^1$/ }).waitFor();
    await screenshot(page, 'walkthrough-a-2-homepage-after');
    await page.context().close();
  });
});

describe('3. 附件管理 seeded documents are real files', () => {
  it('季度销售数据, 财务报销制度 and 员工手册 preview; 下载源文件 saves the workbook itself', async () => {
    const page = await openSignedIn(browser, '/system/attachment');
    const open = async (title: string) => {
      await page.getByRole('button', { name: `预览 ${title}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `文件预览 - ${title}` });
      await dialog.locator('.file-preview__body[data-status="ready"]').waitFor();
      return dialog;
    };
    const close = async (dialog: Locator) => {
      await dialog.getByRole('button', { name: /关闭|Close/ }).click();
      await dialog.waitFor({ state: 'detached' });
    };

    const sales = await open('季度销售数据');
    await sales.getByRole('cell', { name: '2025-09', exact: true }).waitFor();
    await sales.getByText('销售额（万元）').waitFor();
    await screenshot(page, 'walkthrough-a-3-sales-preview');
    const saving = page.waitForEvent('download');
    await sales.getByRole('link', { name: '下载源文件' }).click();
    const download = await saving;
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(bytes).buffer);
    expect(workbook.worksheets[0]?.getCell('A1').value).toBe('月份');
    await close(sales);

    const rules = await open('财务报销制度');
    await rules.getByText('第三条　单笔五千元以上的报销须经部门负责人和财务负责人审批。').waitFor();
    await screenshot(page, 'walkthrough-a-3-docx-preview');
    await close(rules);

    const handbook = await open('员工手册 2025 版');
    await handbook.locator('canvas').first().waitFor();
    expect(await handbook.getByText('预览失败').count()).toBe(0);
    await screenshot(page, 'walkthrough-a-3-pdf-preview');
    await close(handbook);
    await page.context().close();
  });
});

/** Where 最后登录时间 and 操作 stand as the list opens, and how far its card scrolls sideways. */
async function columnsAsShown(page: Page) {
  const box = async (target: Locator) => {
    const found = await target.boundingBox();
    if (!found) throw new Error('not drawn');
    return found;
  };
  const header = (name: string) =>
    page.locator('.crud-page:visible .p-datatable-thead th', { hasText: name });
  const cells = rowWith(page, 'zhangwei').locator('td');
  return {
    lastLogin: await box(header('最后登录时间')),
    actions: await box(header('操作')),
    lastLoginCell: await box(cells.nth((await cells.count()) - 2)),
    sideways: await page
      .locator('.crud-page:visible .p-datatable-wrapper')
      .evaluate((element) => element.scrollWidth - element.clientWidth),
  };
}

describe('6. 管理员管理: 最后登录时间 beside, not under, the frozen 操作 column', () => {
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 1930, height: 980 },
  ])
    it(`at ${viewport.width}×${viewport.height}, without scrolling sideways`, async () => {
      const page = await openSignedIn(browser, '/system/user');
      await page.setViewportSize(viewport);
      await rowWith(page, 'zhangwei').waitFor();
      const { lastLogin, actions, lastLoginCell, sideways } = await columnsAsShown(page);
      await screenshot(page, `walkthrough-a-6-users-${viewport.width}`);
      expect(sideways).toBeLessThanOrEqual(0);
      expect(lastLogin.x + lastLogin.width).toBeLessThanOrEqual(actions.x + 1);
      expect(lastLoginCell.x + lastLoginCell.width).toBeLessThanOrEqual(actions.x + 1);
      await page.context().close();
    });
});

describe('7. exports and imports in the words users see', () => {
  it('会员管理 导出 says 男 / 女 and 启用 / 禁用; 导入 takes 男, 女 and 金卡会员', async () => {
    const page = await openSignedIn(browser, '/business/user/list');
    await rowWith(page, 'chenjing').waitFor();
    const saving = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出', exact: true }).click();
    const download = await saving;
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.load(new Uint8Array(await readFile(await download.path())).buffer);
    const sheet = exported.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[]).slice(1).map(String);
    const cells = (account: string) => {
      let found: Record<string, unknown> = {};
      sheet?.eachRow((row) => {
        const values = (row.values as unknown[]).slice(1);
        if (values[header.indexOf('会员账号')] === account)
          found = Object.fromEntries(header.map((name, index) => [name, values[index]]));
      });
      return found;
    };
    expect(cells('chenjing')).toMatchObject({ 性别: '女', 状态: '启用', 会员等级: '银卡会员' });
    expect(cells('yangqiang')).toMatchObject({ 性别: '男', 状态: '禁用' });
    expect(String(cells('chenjing')['注册时间'])).toMatch(/^2024-05-2\d \d\d:\d\d:\d\d$/);

    const book = new ExcelJS.Workbook();
    const rows = book.addWorksheet('会员');
    rows.addRow(['会员账号', '真实姓名', '手机号', '会员等级', '性别', '状态']);
    rows.addRow(['wangnan01', '王楠', '13800000201', '金卡会员', '男', '启用']);
    rows.addRow(['lixue01', '李雪', '13800000202', '普通会员', '女', '禁用']);
    await page.getByRole('button', { name: '导入', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '导入 - 会员管理' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: '会员（中文取值）.xlsx',
      mimeType: XLSX,
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await toast(page, '导入成功').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '搜索' }).click();
    await rowWith(page, 'wangnan01').getByText('金卡会员').waitFor();
    await rowWith(page, 'wangnan01').getByText('男', { exact: true }).waitFor();
    await rowWith(page, 'lixue01').getByText('女', { exact: true }).waitFor();
    await screenshot(page, 'walkthrough-a-7-imported-labels');
    await page.context().close();
  });
});

describe('8. a new role starts with no menu', () => {
  it('角色管理 → 新增 → 菜单配置 shows 已选 0 项', async () => {
    const page = await openSignedIn(browser, '/system/role');
    await rowWith(page, '系统管理员').waitFor();
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const form = page.getByRole('dialog', { name: /新增/ });
    await form.getByLabel(/角色名称/).fill('临时审计');
    await form.getByLabel(/角色标识/).fill('TEMP_AUDIT');
    await form.getByRole('button', { name: '提交' }).click();
    await toast(page, '新增成功').waitFor();
    await rowWith(page, '临时审计').getByRole('button', { name: '菜单配置' }).click();
    const dialog = page.getByRole('dialog', { name: /菜单配置/ });
    await dialog.getByText('已选 0 项').waitFor();
    expect(await dialog.getByText('已选 63 项').count()).toBe(0);
    await screenshot(page, 'walkthrough-a-8-new-role-menus');
    await page.context().close();
  });
});
