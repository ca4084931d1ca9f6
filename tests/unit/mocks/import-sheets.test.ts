// @vitest-environment node
/**
 * Excel import through the real mock handlers (会员管理, /api/member/import): each row is
 * checked as 新增 checks its body and the import is all or nothing; what a user sees is the
 * answer's message and its row-by-row problems, and whether the members list changed.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_MAX_ROWS, readImportSheet } from '@/mocks/excel';
import { call, signIn, withMockServer } from './harness';

withMockServer();

async function exceljs() {
  const module = await import('exceljs');
  return (module as unknown as { default?: typeof module }).default ?? module;
}

type Cell = import('exceljs').CellValue;

/** An .xlsx with one sheet: the given rows, the first one being the header. */
async function workbook(rows: readonly (readonly Cell[])[]): Promise<ArrayBuffer> {
  const ExcelJS = await exceljs();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('会员');
  for (const row of rows) sheet.addRow([...row]);
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}

function form(bytes: ArrayBuffer | Uint8Array, name = '会员.xlsx'): FormData {
  const body = new FormData();
  body.append('importfile', new Blob([new Uint8Array(bytes)]), name);
  return body;
}

interface ImportData {
  count: number;
  problemRows?: number;
  problems?: { row: number; field: string; label: string; message: string }[];
}

interface MemberList {
  allcount: number;
  data: Record<string, unknown>[];
}

async function importSheet(token: string, bytes: ArrayBuffer | Uint8Array, name?: string) {
  return call<ImportData | null>('POST', '/api/member/import', { token, body: form(bytes, name) });
}

async function members(token: string, keyword = ''): Promise<MemberList> {
  const list = await call<MemberList>('GET', '/api/member/list', {
    token,
    query: { pagesize: 100, ...(keyword ? { keyword } : {}) },
  });
  return list.data;
}

const HEADER = ['会员账号', '真实姓名', '手机号', '会员等级'];
const TEMPLATE_COLUMNS =
  '会员ID、会员账号、昵称、真实姓名、头像、性别、手机号、会员等级、积分、状态、注册时间';

describe('rows are checked as 新增 checks them', () => {
  it('refuses the whole sheet for a bad mobile and a missing name, naming the sheet rows', async () => {
    const token = await signIn();
    const before = await members(token);
    const answer = await importSheet(
      token,
      await workbook([
        HEADER,
        ['wrongphone', '错号码', 'notaphone', 1],
        ['goodrow', '好数据', '13800000001', 2],
        ['noname', null, '13800000002', 1],
      ]),
    );
    expect(answer).toEqual({
      status: 201,
      msg: '导入失败：2 行数据有问题，所有数据均未导入（第2行：「手机号」格式不正确 等）',
      data: {
        count: 0,
        problemRows: 2,
        problems: [
          { row: 2, field: 'mobile', label: '手机号', message: '「手机号」格式不正确' },
          { row: 4, field: 'realname', label: '真实姓名', message: '请输入真实姓名' },
        ],
      },
    });
    // Nothing stored, not even the good row.
    expect(await members(token)).toEqual(before);
    // The same words 新增 answers for the same record.
    expect(
      await call('POST', '/api/member/add', {
        token,
        body: { username: 'wrongphone', realname: '错号码', mobile: 'notaphone', level: 1 },
      }),
    ).toMatchObject({ status: 201, msg: '「手机号」格式不正确' });
  });

  it('says one bad row without 等, and lists at most 100 problems while counting them all', async () => {
    const token = await signIn();
    const one = await importSheet(
      token,
      await workbook([HEADER, ['abcd', '甲', '13800000001', 9]]),
    );
    expect(one.msg).toBe(
      '导入失败：1 行数据有问题，所有数据均未导入（第2行：「会员等级」取值不正确）',
    );
    const rows = Array.from({ length: 150 }, (_, i) => [`user${1000 + i}`, '乙', 'x', 1]);
    const many = await importSheet(token, await workbook([HEADER, ...rows]));
    expect(many.msg).toBe(
      '导入失败：150 行数据有问题，所有数据均未导入（第2行：「手机号」格式不正确 等）',
    );
    expect(many.data?.problemRows).toBe(150);
    expect(many.data?.problems).toHaveLength(100);
    expect(many.data?.problems?.at(-1)).toMatchObject({ row: 101 });
  });

  it('imports a good sheet whole, typed as the contract says, blank rows skipped', async () => {
    const token = await signIn();
    const before = await members(token);
    const answer = await importSheet(
      token,
      await workbook([
        [...HEADER, '积分', '昵称', '会员ID'],
        // A mobile typed into Excel is a number; an id from an edited export is not reused.
        ['newmember1', '新会员一', 13800000011, 1, 100, '一号', 1],
        [],
        ['newmember2', '新会员二', '13800000012', '3', null, null, 2],
      ]),
    );
    expect(answer).toEqual({ status: 200, msg: '成功导入 2 条数据', data: { count: 2 } });
    const after = await members(token);
    expect(after.allcount).toBe(before.allcount + 2);
    const added = (await members(token, 'newmember')).data.map((row) => ({
      username: row.username,
      mobile: row.mobile,
      level: row.level,
      points: row.points,
      nickname: row.nickname,
    }));
    expect(added).toEqual([
      {
        username: 'newmember2',
        mobile: '13800000012',
        level: 3,
        points: undefined,
        nickname: undefined,
      },
      { username: 'newmember1', mobile: '13800000011', level: 1, points: 100, nickname: '一号' },
    ]);
    expect((await members(token, 'newmember')).data.map((row) => row.id)).not.toContain(1);
  });
});

describe('cells import their plain value', () => {
  it('takes a formula’s saved result, rich text and a link’s text', async () => {
    const token = await signIn();
    const answer = await importSheet(
      token,
      await workbook([
        [...HEADER, '昵称', '积分'],
        [
          'formulauser',
          { richText: [{ text: '富' }, { text: '文本', font: { bold: true } }] },
          { formula: '"1380000"&"0021"', result: '13800000021' },
          { formula: '1+1', result: 2 },
          { text: '链接昵称', hyperlink: 'https://example.cn/' },
          { formula: 'SUM(1,2)', result: 3 },
        ],
      ]),
    );
    expect(answer).toMatchObject({ status: 200, msg: '成功导入 1 条数据' });
    const [row] = (await members(token, 'formulauser')).data;
    expect(row).toMatchObject({
      realname: '富文本',
      mobile: '13800000021',
      level: 2,
      nickname: '链接昵称',
      points: 3,
    });
  });

  it('reads a date as its day, or its day and time, as the forms write them', async () => {
    // 会员管理's template has no date column: read the sheet as a module with one would.
    const columns = [
      ['title', '名称'],
      ['day', '日期'],
      ['at', '时间'],
    ] as const;
    const sheet = await workbook([
      ['名称', '日期', '时间'],
      ['a', new Date(Date.UTC(1990, 4, 12)), new Date(Date.UTC(2025, 0, 2, 8, 30, 5))],
    ]);
    expect(await readImportSheet(sheet, columns, { maxRows: 10, required: [] })).toEqual({
      ok: true,
      rows: [
        {
          row: 2,
          values: { title: 'a', day: '1990-05-12', at: '2025-01-02 08:30:05' },
          problems: [],
        },
      ],
    });
  });

  it('refuses a formula without a saved result and an error value, by row', async () => {
    const token = await signIn();
    const before = await members(token);
    const answer = await importSheet(
      token,
      await workbook([
        [...HEADER, '昵称'],
        ['ok_user', '正常', '13800000031', 1, '好'],
        ['webuser', '公式', '13800000032', 1, { formula: 'WEBSERVICE("https://example.cn/")' }],
        ['erruser', '错误', { error: '#N/A' }, 1],
      ]),
    );
    expect(answer).toEqual({
      status: 201,
      msg: '导入失败：2 行数据有问题，所有数据均未导入（第3行：「昵称」是公式，文件中没有保存计算结果，请在 Excel 中打开并保存后重新导入 等）',
      data: {
        count: 0,
        problemRows: 2,
        problems: [
          {
            row: 3,
            field: 'nickname',
            label: '昵称',
            message: '「昵称」是公式，文件中没有保存计算结果，请在 Excel 中打开并保存后重新导入',
          },
          { row: 4, field: 'mobile', label: '手机号', message: '「手机号」是错误值 #N/A' },
        ],
      },
    });
    expect(await members(token)).toEqual(before);
  });

  it('reports content in a column without a header instead of dropping it', async () => {
    const token = await signIn();
    const answer = await importSheet(
      token,
      await workbook([HEADER, ['extra_col', '多一列', '13800000041', 1, null, '备注写在这里']]),
    );
    expect(answer.data?.problems).toEqual([
      { row: 2, field: '', label: 'F列', message: 'F列有内容但没有表头，无法导入' },
    ]);
  });
});

describe('the header row', () => {
  it('is an error naming the template’s columns when it is not the template’s', async () => {
    const token = await signIn();
    const before = await members(token);
    expect(
      await importSheet(
        token,
        await workbook([
          ['姓名', '电话'],
          ['张三', '13800000051'],
        ]),
      ),
    ).toEqual({
      status: 201,
      msg: `表头与导入模板不一致：不认识的列「姓名」、「电话」；缺少必填列「会员账号」、「真实姓名」、「手机号」、「会员等级」。第 1 行应依次为：${TEMPLATE_COLUMNS}`,
      data: null,
    });
    expect(
      await importSheet(
        token,
        await workbook([
          [...HEADER, '手机号'],
          ['dup', '重复', '1', 1, '2'],
        ]),
      ),
    ).toMatchObject({
      status: 201,
      msg: `表头与导入模板不一致：重复的列「手机号」。第 1 行应依次为：${TEMPLATE_COLUMNS}`,
    });
    // A title row above the header is the usual way to get here.
    expect(
      await importSheet(
        token,
        await workbook([['会员名单'], HEADER, ['t', '标题', '13800000052', 1]]),
      ),
    ).toMatchObject({
      status: 201,
      msg: `表头与导入模板不一致：不认识的列「会员名单」；缺少必填列「会员账号」、「真实姓名」、「手机号」、「会员等级」。第 1 行应依次为：${TEMPLATE_COLUMNS}`,
    });
    expect(await members(token)).toEqual(before);
  });

  it('refuses a sheet with no header or no data rows instead of importing 0 rows', async () => {
    const token = await signIn();
    expect(await importSheet(token, await workbook([]))).toMatchObject({
      status: 201,
      msg: `表头与导入模板不一致：第 1 行没有表头。第 1 行应依次为：${TEMPLATE_COLUMNS}`,
    });
    expect(await importSheet(token, await workbook([HEADER]))).toMatchObject({
      status: 201,
      msg: '表格中没有数据（第 1 行是表头，数据从第 2 行开始填写）',
    });
  });
});

describe('the row cap and hostile files', () => {
  it(`refuses ${DEFAULT_IMPORT_MAX_ROWS + 1} rows with the cap message`, async () => {
    const token = await signIn();
    const before = await members(token);
    const rows = Array.from({ length: DEFAULT_IMPORT_MAX_ROWS + 1 }, (_, i) => [`u${i}`]);
    const answer = await importSheet(token, await workbook([['会员账号'], ...rows]));
    expect(answer).toEqual({
      status: 201,
      msg: '一次最多导入 10000 行数据，请拆分成多个文件分批导入',
      data: null,
    });
    expect(await members(token)).toEqual(before);
  });

  it('counts data rows up to the cap exactly (the cap is one parameter)', async () => {
    const columns = [['username', '会员账号']] as const;
    const sheet = (n: number) =>
      workbook([['会员账号'], ...Array.from({ length: n }, (_, i) => [`u${i}`])]);
    const options = { maxRows: 3, required: [] };
    expect(await readImportSheet(await sheet(3), columns, options)).toMatchObject({ ok: true });
    expect(await readImportSheet(await sheet(4), columns, options)).toEqual({
      ok: false,
      message: '一次最多导入 3 行数据，请拆分成多个文件分批导入',
    });
  });

  it('answers a clear message for an empty file, junk, an .xls and a zip that is no workbook', async () => {
    const token = await signIn();
    const cases: [Uint8Array, string][] = [
      [new Uint8Array(), '文件是空的，请选择填好数据的 Excel 文件'],
      [new TextEncoder().encode('not excel at all'), 'Excel 文件无法解析，请使用导入模板'],
      [
        new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Uint8Array(600)]),
        '暂不支持 .xls 格式，请在 Excel 中另存为 .xlsx 后重新导入',
      ],
      [
        zip([{ name: 'word/document.xml', data: '<w:document/>' }]),
        'Excel 文件无法解析，请使用导入模板',
      ],
      [
        // The directory promises a workbook; the sheet's bytes are not deflate data.
        zip([
          { name: 'xl/workbook.xml', data: '<workbook/>' },
          { name: 'xl/worksheets/sheet1.xml', raw: new Uint8Array([0xff, 0xff, 0xff, 0xff]) },
        ]),
        'Excel 文件无法解析，请使用导入模板',
      ],
    ];
    for (const [bytes, msg] of cases) {
      expect(await importSheet(token, bytes), msg).toEqual({ status: 201, msg, data: null });
    }
  });

  it('stops a zip bomb while it inflates, whatever sizes its directory declares', async () => {
    const token = await signIn();
    // 80 MB of text deflates to well under 1 MB.
    const size = 80 * 1024 * 1024;
    const huge = new Uint8Array(deflateRawSync(Buffer.alloc(size, 'A')));
    const tooLarge =
      '文件内容过多（解压后超过 64 MB 或单元格过多），请删除多余的列和工作表后重新导入';
    const honest = zip([
      { name: 'xl/workbook.xml', data: '<workbook/>' },
      { name: 'xl/sharedStrings.xml', raw: huge, declaredSize: size },
    ]);
    expect(honest.length).toBeLessThan(1024 * 1024);
    expect(await importSheet(token, honest)).toEqual({ status: 201, msg: tooLarge, data: null });
    const lying = zip([
      { name: 'xl/workbook.xml', data: '<workbook/>' },
      { name: 'xl/sharedStrings.xml', raw: huge, declaredSize: 100 },
    ]);
    expect(await importSheet(token, lying)).toEqual({ status: 201, msg: tooLarge, data: null });
  });

  it('refuses 50,000 rows and a sheet thousands of cells wide before exceljs reads them', async () => {
    const token = await signIn();
    const rows = Array.from({ length: 50_001 }, (_, i) => `<row r="${i + 1}"/>`).join('');
    expect(
      await importSheet(
        token,
        zip([
          { name: 'xl/workbook.xml', data: '<workbook/>' },
          {
            name: 'xl/worksheets/sheet1.xml',
            data: `<worksheet><sheetData>${rows}</sheetData></worksheet>`,
          },
        ]),
      ),
    ).toMatchObject({ status: 201, msg: '一次最多导入 10000 行数据，请拆分成多个文件分批导入' });
    const cells = '<c t="n"><v>1</v></c>'.repeat(500_000);
    expect(
      await importSheet(
        token,
        zip([
          { name: 'xl/workbook.xml', data: '<workbook/>' },
          {
            name: 'xl/worksheets/sheet1.xml',
            data: `<worksheet><sheetData><row r="1">${cells}</row></sheetData></worksheet>`,
          },
        ]),
      ),
    ).toMatchObject({
      status: 201,
      msg: '文件内容过多（解压后超过 64 MB 或单元格过多），请删除多余的列和工作表后重新导入',
    });
  });
});

// --- a minimal zip writer for hostile files (exceljs would not write them) ----------------------

interface ZipInput {
  name: string;
  /** Text, deflated. */
  data?: string;
  /** Deflated (or junk) bytes, stored as they are. */
  raw?: Uint8Array;
  /** The uncompressed size the directory declares (default: the true one). */
  declaredSize?: number;
}

/** A zip of the entries (CRC left 0: the import measures the file before anything checks it). */
function zip(entries: readonly ZipInput[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const plain = entry.data === undefined ? undefined : Buffer.from(entry.data);
    const stored = entry.raw ?? new Uint8Array(deflateRawSync(plain ?? Buffer.alloc(0)));
    const size = entry.declaredSize ?? plain?.length ?? stored.length;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(8, 8, true);
    local.setUint32(18, stored.length, true);
    local.setUint32(22, size, true);
    local.setUint16(26, name.length, true);
    const record = new DataView(new ArrayBuffer(46));
    record.setUint32(0, 0x02014b50, true);
    record.setUint16(10, 8, true);
    record.setUint32(20, stored.length, true);
    record.setUint32(24, size, true);
    record.setUint16(28, name.length, true);
    record.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), name, stored);
    central.push(new Uint8Array(record.buffer), name);
    offset += 30 + name.length + stored.length;
  }
  const directorySize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, offset, true);
  return Buffer.concat([...parts, ...central, new Uint8Array(end.buffer)]);
}
