// @vitest-environment node
/**
 * 导出 and 导入模板 speak the list's language: an option field exports its label (性别 女,
 * 状态 启用, 会员等级 银卡会员), a date-time its text as the list shows it, and the template offers the
 * labels to choose from; 导入 takes those labels back (and the codes, as before).
 */
import { describe, expect, it } from 'vitest';
import { formatTime } from '@/lib/format';
import { call, send, signIn, withMockServer } from './harness';

withMockServer();

async function exceljs() {
  const module = await import('exceljs');
  return (module as unknown as { default?: typeof module }).default ?? module;
}

async function firstSheet(bytes: ArrayBuffer) {
  const ExcelJS = await exceljs();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

/** The sheet's rows as header → cell value objects. */
async function records(bytes: ArrayBuffer): Promise<Record<string, unknown>[]> {
  const sheet = await firstSheet(bytes);
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((name, index) => [name, values[index]])));
  });
  return rows;
}

describe('member export and import template use the labels users see', () => {
  it('exports 性别 女, 状态 启用 / 禁用, 会员等级 and 注册时间 as the list shows them', async () => {
    const token = await signIn();
    const response = await send('GET', '/api/member/export', { token });
    const rows = await records(await response.arrayBuffer());
    const chenjing = rows.find((row) => row['会员账号'] === 'chenjing');
    expect(chenjing).toMatchObject({
      性别: '女',
      状态: '启用',
      会员等级: '银卡会员',
      注册时间: formatTime(1716293760, 'YYYY-MM-DD HH:mm:ss'),
    });
    expect(rows.find((row) => row['会员账号'] === 'yangqiang')).toMatchObject({
      性别: '男',
      状态: '禁用',
    });
  });

  it('offers the labels to choose from in the import template', async () => {
    const token = await signIn();
    const response = await send('POST', '/api/member/importtemplate', { token });
    const sheet = await firstSheet(await response.arrayBuffer());
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const genderColumn = header.indexOf('性别') + 1;
    const validation = sheet.getRow(2).getCell(genderColumn).dataValidation;
    expect(validation).toMatchObject({ type: 'list', formulae: ['"保密,男,女"'] });
  });

  it('imports 男 / 女, 禁用 and 金卡会员 as their codes, and codes as before', async () => {
    const token = await signIn();
    const ExcelJS = await exceljs();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('会员');
    sheet.addRow(['会员账号', '真实姓名', '手机号', '会员等级', '性别', '状态']);
    sheet.addRow(['labelman', '标签男', '13800000011', '金卡会员', '男', '禁用']);
    sheet.addRow(['codewoman', '代码女', '13800000012', 1, 2, 1]);
    const form = new FormData();
    form.append(
      'importfile',
      new Blob([(await book.xlsx.writeBuffer()) as ArrayBuffer]),
      '会员.xlsx',
    );
    const answer = await call('POST', '/api/member/import', { token, body: form });
    expect(answer).toMatchObject({ status: 200, msg: '成功导入 2 条数据' });
    const list = await call<{ data: Record<string, unknown>[] }>('GET', '/api/member/list', {
      token,
      query: { pagesize: 100 },
    });
    const byName = (name: string) => list.data.data.find((row) => row.username === name);
    expect(byName('labelman')).toMatchObject({ gender: 1, level: 3, status: 2 });
    expect(byName('codewoman')).toMatchObject({ gender: 2, level: 1, status: 1 });
  });

  it('still refuses a value that is neither a label nor a code, naming the column', async () => {
    const token = await signIn();
    const ExcelJS = await exceljs();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('会员');
    sheet.addRow(['会员账号', '真实姓名', '手机号', '会员等级', '性别']);
    sheet.addRow(['unknownsex', '未知', '13800000013', 1, '未知']);
    const form = new FormData();
    form.append(
      'importfile',
      new Blob([(await book.xlsx.writeBuffer()) as ArrayBuffer]),
      '会员.xlsx',
    );
    expect(await call('POST', '/api/member/import', { token, body: form })).toMatchObject({
      status: 201,
      msg: '导入失败：1 行数据有问题，所有数据均未导入（第2行：「性别」取值不正确）',
    });
  });

  it('imports its own export back: labels and the 注册时间 text are read, not refused', async () => {
    const token = await signIn();
    const exported = await send('GET', '/api/member/export', {
      token,
      query: { keyword: 'chenjing' },
    });
    const ExcelJS = await exceljs();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await exported.arrayBuffer());
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    // A new member from an edited copy: another account and mobile, the rest as exported.
    sheet.getRow(2).getCell(header.indexOf('会员账号') + 1).value = 'chenjing2';
    sheet.getRow(2).getCell(header.indexOf('手机号') + 1).value = '18612340988';
    const form = new FormData();
    form.append('importfile', new Blob([(await book.xlsx.writeBuffer()) as ArrayBuffer]), 'x.xlsx');
    expect(await call('POST', '/api/member/import', { token, body: form })).toMatchObject({
      status: 200,
      msg: '成功导入 1 条数据',
    });
  });
});
