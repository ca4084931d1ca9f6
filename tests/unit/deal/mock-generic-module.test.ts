// @vitest-environment node
/**
 * The mock backend behind /deal/common and the version screens: a module designed through the
 * API is served by the generic calls at once (its required fields checked, its keys granted),
 * and 设为当前版本 leaves exactly one current version per system / per module.
 */
import { describe, expect, it } from 'vitest';
import { call, send, signIn, withMockServer } from '../mocks/harness';

withMockServer();

interface Page<T> {
  data: T[];
  allcount: number;
}
type Row = Record<string, unknown>;

type Switches = Partial<Record<'is_recycle' | 'is_import' | 'is_mylist', 1 | 2>>;
const ALL_ON: Switches = { is_recycle: 1, is_import: 1, is_mylist: 1 };

/**
 * Designs module Purchase (one required text field, one select) as `token`'s user, with the
 * designer's switches given (回收站, 导入导出 and 我的列表 all on unless said).
 */
async function designPurchase(token: string, switches: Switches = ALL_ON): Promise<number> {
  const added = await call<{ id: number }>('POST', '/api/module/add', {
    token,
    body: {
      module_title: '采购申请',
      module_name: 'Purchase',
      table_name: 'cms_purchase',
      module_type: 1,
      status: 1,
      ...switches,
    },
  });
  expect(added.status).toBe(200);
  const listed = await call<Page<Row>>('GET', '/api/module/list', {
    token,
    query: { pageindex: 1, pagesize: 50, keyword: 'Purchase' },
  });
  const id = listed.data.data.find((row) => row.module_name === 'Purchase')?.id;
  const base = { module_id: id, cf_validate: 'none', cf_ispri: 0, cf_sourcetype: 'STATIC' };
  for (const field of [
    {
      cf_name: '申请标题',
      cf_fieldname: 'purchase_title',
      cf_control: 'input',
      cf_validate: 'require',
    },
    {
      cf_name: '采购类别',
      cf_fieldname: 'category',
      cf_control: 'select',
      cf_options: '[{"label":"办公用品","value":1}]',
    },
  ]) {
    const answer = await call('POST', '/api/field/add', { token, body: { ...base, ...field } });
    expect(answer.status).toBe(200);
  }
  return Number(id);
}

/** Turns 后台设计 switches of module `id` on or off, as its edit dialog saves them. */
async function switchDesign(token: string, id: number, switches: Switches): Promise<void> {
  const info = await call<Row>('POST', '/api/module/info', { token, body: { id: { id } } });
  const answer = await call('POST', '/api/module/edit', {
    token,
    body: { ...info.data, ...switches },
  });
  expect(answer.status).toBe(200);
}

async function prilistOf(username: string): Promise<string[]> {
  const captcha = await call<{ captcha_key: string }>('GET', '/api/captcha', { query: { r: 1 } });
  const login = await call<{ prilist: string }>('POST', '/api/login', {
    body: {
      username,
      password: 'Admin@123456',
      captcha: '8888',
      captcha_key: captcha.data.captcha_key,
    },
  });
  return login.data.prilist.split(',');
}

describe('a module designed at run time', () => {
  it('is served by the generic calls at once: required field, list, mylist, bin', async () => {
    const admin = await signIn();
    await designPurchase(admin);

    const fields = await call<Row[]>('POST', '/api/field/getfieldarrbymodule', {
      token: admin,
      body: { moduleName: 'Purchase', moduleType: 'form' },
    });
    // The designer keeps the primary key `id` first.
    expect(fields.data.map((field) => field.cf_fieldname)).toEqual([
      'id',
      'purchase_title',
      'category',
    ]);
    expect(fields.data[2]!.optionData).toEqual([{ label: '办公用品', value: 1 }]);

    const missing = await call('POST', '/api/purchase/add', {
      token: admin,
      body: { category: 1 },
    });
    expect(missing).toMatchObject({ status: 201, msg: '请输入申请标题' });

    const ok = await call('POST', '/api/purchase/add', {
      token: admin,
      body: { purchase_title: '打印机采购', category: 1 },
    });
    expect(ok.status).toBe(200);
    const mine = await call<Page<Row>>('GET', '/api/purchase/mylist', {
      token: admin,
      query: { pageindex: 1, pagesize: 10, keyword: '打印机' },
    });
    expect(mine.data.data).toEqual([
      expect.objectContaining({ purchase_title: '打印机采购', username: 'admin' }),
    ]);
    const other = await signIn('zhangwei');
    const theirs = await call<Page<Row>>('GET', '/api/purchase/mylist', {
      token: other,
      query: { pageindex: 1, pagesize: 10 },
    });
    expect(theirs.data.allcount).toBe(0);

    const id = mine.data.data[0]!.id;
    expect(
      (await call('POST', '/api/purchase/delete', { token: admin, body: { id: { id } } })).status,
    ).toBe(200);
    const bin = await call<Page<Row>>('GET', '/api/purchase/recycle', {
      token: admin,
      query: { pageindex: 1, pagesize: 10 },
    });
    expect(bin.data.data.map((row) => row.purchase_title)).toEqual(['打印机采购']);
    expect(
      (await call('POST', '/api/purchase/restore', { token: admin, body: { id: { id } } })).status,
    ).toBe(200);
    const list = await call<Page<Row>>('GET', '/api/purchase/list', {
      token: admin,
      query: { pageindex: 1, pagesize: 10 },
    });
    expect(list.data.data.map((row) => row.purchase_title)).toEqual(['打印机采购']);
  });

  it('its <MODULE>_ADD key is the super admin’s at the next sign-in, not a plain user’s', async () => {
    await designPurchase(await signIn());
    expect(await prilistOf('admin')).toContain('PURCHASE_ADD');
    const lina = await prilistOf('lina');
    expect(lina).toContain('PURCHASE_LIST');
    expect(lina).not.toContain('PURCHASE_ADD');
    const refused = await call('POST', '/api/purchase/add', {
      token: await signIn('lina'),
      body: { purchase_title: '越权新增' },
    });
    expect(refused.status).toBe(220);
  });
});

describe('the designer’s switches (开启回收站, 开启导入导出, 开启我的列表)', () => {
  const page = { pageindex: 1, pagesize: 10 };
  const titles = async (token: string, path: string) =>
    (await call<Page<Row>>('GET', path, { token, query: page })).data.data.map(
      (row) => row.purchase_title,
    );

  it('without the recycle bin: the bin calls are refused and delete is permanent', async () => {
    const token = await signIn();
    const moduleId = await designPurchase(token, { is_recycle: 2, is_import: 1, is_mylist: 1 });
    await call('POST', '/api/purchase/add', { token, body: { purchase_title: '碎纸机采购' } });
    const [row] = (await call<Page<Row>>('GET', '/api/purchase/list', { token, query: page })).data
      .data;
    const id = { id: row!.id };
    const refused = { status: 201, msg: '该模块未开启回收站' };
    expect(await call('GET', '/api/purchase/recycle', { token, query: page })).toMatchObject(
      refused,
    );
    expect(await call('POST', '/api/purchase/restore', { token, body: { id } })).toMatchObject(
      refused,
    );
    expect(await call('POST', '/api/purchase/destroy', { token, body: { id } })).toMatchObject(
      refused,
    );
    expect(await titles(token, '/api/purchase/list')).toEqual(['碎纸机采购']);

    expect(await call('POST', '/api/purchase/delete', { token, body: { id } })).toMatchObject({
      status: 200,
      msg: '删除成功',
    });
    expect(await titles(token, '/api/purchase/list')).toEqual([]);
    // Switched on later, the bin is empty: the record was deleted, not binned.
    await switchDesign(token, moduleId, { is_recycle: 1 });
    expect(await titles(token, '/api/purchase/recycle')).toEqual([]);
    expect(await call('POST', '/api/purchase/restore', { token, body: { id } })).toMatchObject({
      status: 201,
      msg: '记录不存在',
    });
  });

  it('without import: import, its template and export are refused until switched on', async () => {
    const token = await signIn();
    const moduleId = await designPurchase(token, { is_recycle: 1, is_import: 2, is_mylist: 1 });
    const refused = { status: 201, msg: '该模块未开启导入导出' };
    expect(await call('GET', '/api/purchase/export', { token })).toMatchObject(refused);
    expect(await call('POST', '/api/purchase/importtemplate', { token })).toMatchObject(refused);
    const form = new FormData();
    form.append('importfile', new Blob([new Uint8Array([1, 2, 3])]), 'purchase.xlsx');
    expect(await call('POST', '/api/purchase/import', { token, body: form })).toMatchObject(
      refused,
    );

    await switchDesign(token, moduleId, { is_import: 1 });
    const exported = await send('GET', '/api/purchase/export', { token });
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
  });

  it('without 我的列表: mylist is refused, the list is served; switched on, mylist is', async () => {
    const token = await signIn();
    const moduleId = await designPurchase(token, { is_recycle: 1, is_import: 1, is_mylist: 2 });
    await call('POST', '/api/purchase/add', { token, body: { purchase_title: '白板采购' } });
    expect(await call('GET', '/api/purchase/mylist', { token, query: page })).toMatchObject({
      status: 201,
      msg: '该模块未开启我的列表',
    });
    expect(await titles(token, '/api/purchase/list')).toEqual(['白板采购']);
    await switchDesign(token, moduleId, { is_mylist: 1 });
    expect(await titles(token, '/api/purchase/mylist')).toEqual(['白板采购']);
  });

  it('a module stored without the switches has them off (the contract’s default 2)', async () => {
    const token = await signIn();
    await designPurchase(token, {});
    expect(await call('GET', '/api/purchase/mylist', { token, query: page })).toMatchObject({
      status: 201,
      msg: '该模块未开启我的列表',
    });
  });

  it('the built-in module common follows the switches of its design Deal', async () => {
    const token = await signIn();
    // Deal is the designer's module 1 (通用办理).
    await switchDesign(token, 1, { is_mylist: 2 });
    expect(await call('GET', '/api/common/mylist', { token, query: page })).toMatchObject({
      status: 201,
      msg: '该模块未开启我的列表',
    });
    expect((await call('GET', '/api/common/recycle', { token, query: page })).status).toBe(200);
  });

  it('a module with a contract follows its contract, not the designer row', async () => {
    const token = await signIn();
    // Member (designer module 2): export is in its contract; its designer row is switched off.
    await switchDesign(token, 2, { is_import: 2 });
    const exported = await send('GET', '/api/member/export', { token });
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
  });
});

describe('the built-in module common', () => {
  it('takes the designer module Deal’s fields, with 列表显示 (cf_islist) for the list', async () => {
    const token = await signIn();
    const fields = await call<Row[]>('POST', '/api/field/getfieldarrbymodule', {
      token,
      body: { moduleName: 'common', moduleType: 'form' },
    });
    const islist = Object.fromEntries(fields.data.map((row) => [row.cf_fieldname, row.cf_islist]));
    expect(islist).toMatchObject({ deal_title: 1, urgency: 1, budget: 2, deal_content: 2 });
  });

  it('exports a designed module’s records under the designed labels, and imports them back', async () => {
    const token = await signIn();
    await designPurchase(token);
    await call('POST', '/api/purchase/add', { token, body: { purchase_title: '导出测试' } });
    const response = await send('GET', '/api/purchase/export', { token });
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const bytes = await response.arrayBuffer();
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const headers: unknown[] = [];
    workbook.worksheets[0]!.getRow(1).eachCell((cell) => headers.push(cell.value));
    expect(headers).toEqual(['申请标题', '采购类别']);

    // The exported workbook imports back as a new record (the designed labels map to fields).
    const form = new FormData();
    form.append('importfile', new Blob([bytes]), 'purchase.xlsx');
    const imported = await call('POST', '/api/purchase/import', { token, body: form });
    expect(imported).toMatchObject({ status: 200 });
    const list = await call<Page<Row>>('GET', '/api/purchase/list', {
      token,
      query: { pageindex: 1, pagesize: 10 },
    });
    expect(list.data.data.map((row) => row.purchase_title)).toEqual(['导出测试', '导出测试']);
  });
});

describe('设为当前版本', () => {
  const currentOf = async (token: string, group: string) => {
    const page = await call<Page<Row>>('GET', `/api/${group}/list`, {
      token,
      query: { pageindex: 1, pagesize: 100 },
    });
    return page.data.data.filter((row) => row.is_current === 1);
  };

  it('leaves exactly one current system version', async () => {
    const admin = await signIn();
    expect((await currentOf(admin, 'systemversion')).map((row) => row.version_no)).toEqual([
      '3.2.0',
    ]);
    const answer = await call('POST', '/api/systemversion/setcurrent', {
      token: admin,
      body: { id: 3 },
    });
    expect(answer.status).toBe(200);
    expect((await currentOf(admin, 'systemversion')).map((row) => row.version_no)).toEqual([
      '3.1.0',
    ]);
  });

  it('leaves one current version per module, the other modules untouched', async () => {
    const admin = await signIn();
    const before = await currentOf(admin, 'moduleversion');
    await call('POST', '/api/moduleversion/setcurrent', { token: admin, body: { id: 3 } });
    const after = await currentOf(admin, 'moduleversion');
    const byModule = (rows: Row[]) =>
      Object.fromEntries(rows.map((row) => [String(row.module_id), row.version_no]));
    expect(byModule(after)).toEqual({ ...byModule(before), '2': '1.4.0' });
    expect(after).toHaveLength(before.length);
  });

  it('needs the _EDIT key (220) and an existing version (201)', async () => {
    const lina = await signIn('lina');
    expect(
      (await call('POST', '/api/systemversion/setcurrent', { token: lina, body: { id: 3 } }))
        .status,
    ).toBe(220);
    const admin = await signIn();
    expect(
      await call('POST', '/api/systemversion/setcurrent', { token: admin, body: { id: 999 } }),
    ).toMatchObject({
      status: 201,
      msg: '记录不存在',
    });
  });
});
