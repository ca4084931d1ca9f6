/**
 * 会员管理 → 导入 in real Chromium on the demo's mock backend: a sheet with two bad rows is
 * refused whole, the dialog reports 第2行 and 第4行 with the messages 新增 gives, 下载问题清单
 * gives an .xlsx of them (exceljs fetched only then, never with the list), the file stays
 * chosen, and the corrected sheet imports every row.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import ExcelJS from 'exceljs';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = ['会员账号', '真实姓名', '手机号', '会员等级'];

async function sheet(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('会员');
  for (const row of [HEADER, ...rows]) worksheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('member import (/business/user/list)', () => {
  it('reports the bad rows, stores nothing, downloads the report and imports the fix', async () => {
    const { page } = await newPage(browser);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/homepage$/);
    await page.goto(`${baseUrl()}/business/user/list`);
    const list = page.locator('.crud-page .p-datatable-tbody');
    await list.locator('tr').first().waitFor();

    await page.getByRole('button', { name: '导入', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '导入 - 会员管理' });
    await dialog.locator('.filepond--root').waitFor();
    // The list and the import dialog carry no exceljs.
    expect(fetched.filter((path) => /exceljs/i.test(path))).toEqual([]);

    await dialog.locator('input[type=file]').setInputFiles({
      name: '会员.xlsx',
      mimeType: XLSX,
      buffer: await sheet([
        ['badphone01', '号码错', 'notaphone', 1],
        ['goodrow01', '好数据', '13800000101', 2],
        ['noname01', null, '13800000102', 1],
      ]),
    });
    await dialog.getByRole('button', { name: '开始导入' }).click();

    const report = dialog.getByRole('region', { name: '导入问题' });
    await report.getByText('2 行数据有问题，所有数据均未导入。').waitFor();
    await page
      .locator('.p-toast-message', {
        hasText: '导入失败：2 行数据有问题，所有数据均未导入（第2行：「手机号」格式不正确 等）',
      })
      .waitFor();
    const rows = report.locator('.p-datatable-tbody tr');
    expect(await report.locator('.p-datatable-thead th').allInnerTexts()).toEqual([
      '行号',
      '字段',
      '问题',
    ]);
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.textContent))).toEqual([
      '第2行手机号「手机号」格式不正确',
      '第4行真实姓名请输入真实姓名',
    ]);
    // The file stays chosen: 开始导入 is still offered.
    await expect
      .poll(() => dialog.getByRole('button', { name: '开始导入' }).isEnabled())
      .toBe(true);
    await screenshot(page, 'import-report');

    // Nothing stored: not even the good row.
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: '请输入关键字' }).fill('goodrow01');
    await page.getByRole('button', { name: '搜索' }).click();
    await list.getByText('暂无数据').waitFor();

    await page.getByRole('button', { name: '导入', exact: true }).click();
    await dialog.locator('.filepond--root').waitFor();
    await dialog.locator('input[type=file]').setInputFiles({
      name: '会员.xlsx',
      mimeType: XLSX,
      buffer: await sheet([['badphone01', '号码错', 'notaphone', 1]]),
    });
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await report.getByText('1 行数据有问题，所有数据均未导入。').waitFor();

    // 下载问题清单: an .xlsx of the table, with exceljs fetched for it.
    const saving = page.waitForEvent('download');
    await report.getByRole('button', { name: '下载问题清单' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toBe('会员管理导入问题.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await readFile(await download.path())).buffer);
    const cells: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) =>
      cells.push(Array.isArray(row.values) ? row.values.slice(1) : []),
    );
    expect(cells).toEqual([
      ['行号', '字段', '问题'],
      [2, '手机号', '「手机号」格式不正确'],
    ]);

    // The corrected sheet, chosen again, imports whole.
    await dialog.locator('input[type=file]').setInputFiles({
      name: '会员（已修改）.xlsx',
      mimeType: XLSX,
      buffer: await sheet([
        ['badphone01', '号码错', '13800000100', 1],
        ['goodrow01', '好数据', '13800000101', 2],
        ['noname01', '补上姓名', '13800000102', 1],
      ]),
    });
    await expect.poll(() => report.count()).toBe(0);
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await page.locator('.p-toast-message', { hasText: '导入成功' }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '搜索' }).click();
    await list.getByText('goodrow01').waitFor();
  });
});
