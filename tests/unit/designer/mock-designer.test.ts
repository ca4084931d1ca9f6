// @vitest-environment node
/**
 * The designers' server rules in the mock backend: a field name is identifier-safe, not
 * reserved and unique within its module (the form's words, answered with status 201, also for
 * hostile bodies); a module name is unique; a designed module's fields reach
 * getfieldarrbymodule in their sort order with the implicit primary key.
 */
import { describe, expect, it } from 'vitest';
import { call, signIn, withMockServer } from '../mocks/harness';

withMockServer();

interface Row {
  id: number;
  module_name?: string;
  cf_fieldname?: string;
}

async function newModule(token: string, name = 'Purchase'): Promise<number> {
  const added = await call<Row>('POST', '/api/module/add', {
    token,
    body: {
      module_title: '采购申请',
      module_name: name,
      table_name: 'cms_purchase',
      module_type: 1,
    },
  });
  expect(added.status).toBe(200);
  return added.data.id;
}

function field(moduleId: number, cf_fieldname: unknown, extra: Record<string, unknown> = {}) {
  return { module_id: moduleId, cf_name: '标题', cf_fieldname, cf_control: 'input', ...extra };
}

describe('field names in the mock backend', () => {
  it('stores a good name and refuses bad, reserved and duplicate ones with the form’s words', async () => {
    const token = await signIn();
    const moduleId = await newModule(token);
    const good = await call('POST', '/api/field/add', { token, body: field(moduleId, 'title') });
    expect(good.status).toBe(200);

    const cases: [unknown, string][] = [
      ['Title', '字段标识须以小写字母开头，只能包含小写字母、数字和下划线'],
      ['1title', '字段标识须以小写字母开头，只能包含小写字母、数字和下划线'],
      ['my-title', '字段标识须以小写字母开头，只能包含小写字母、数字和下划线'],
      ['status', '字段标识「status」是系统保留字，请换一个'],
      ['select', '字段标识「select」是系统保留字，请换一个'],
      ['constructor', '字段标识「constructor」是系统保留字，请换一个'],
      ['title', '字段标识「title」在本模块中已存在'],
      ['', '请输入字段标识'],
      ['a'.repeat(65), '字段标识最多64个字符'],
      // hostile shapes: never a crash, the same message
      [{ $gt: '' }, '字段标识须以小写字母开头，只能包含小写字母、数字和下划线'],
      [['title'], '字段标识须以小写字母开头，只能包含小写字母、数字和下划线'],
      [42, '字段标识须以小写字母开头，只能包含小写字母、数字和下划线'],
    ];
    for (const [name, message] of cases) {
      const answer = await call('POST', '/api/field/add', { token, body: field(moduleId, name) });
      expect([name, answer.status, answer.msg]).toEqual([name, 201, message]);
    }
    const listed = await call<{ data: Row[] }>('GET', '/api/field/list', {
      token,
      query: { module_id: moduleId, pageindex: 1, pagesize: 50 },
    });
    expect(listed.data.data.map((row) => row.cf_fieldname)).toEqual(['title']);
  });

  it('the same name is fine in another module; edit and updatefield are judged too', async () => {
    const token = await signIn();
    const first = await newModule(token, 'Purchase');
    const second = await newModule(token, 'Leave');
    await call('POST', '/api/field/add', { token, body: field(first, 'title') });
    await call('POST', '/api/field/add', { token, body: field(first, 'amount') });
    const other = await call('POST', '/api/field/add', { token, body: field(second, 'title') });
    expect(other.status).toBe(200);

    const listed = await call<{ data: Row[] }>('GET', '/api/field/list', {
      token,
      query: { module_id: first, pageindex: 1, pagesize: 50 },
    });
    const amount = listed.data.data.find((row) => row.cf_fieldname === 'amount')!;
    const renamed = await call('POST', '/api/field/edit', {
      token,
      body: { ...field(first, 'title'), id: amount.id },
    });
    expect([renamed.status, renamed.msg]).toEqual([201, '字段标识「title」在本模块中已存在']);
    const kept = await call('POST', '/api/field/edit', {
      token,
      body: { ...field(first, 'amount'), cf_name: '数量', id: amount.id },
    });
    expect(kept.status).toBe(200);
    const update = await call('POST', '/api/field/updatefield', {
      token,
      body: { id: amount.id, field: 'cf_fieldname', value: 'update_time' },
    });
    expect([update.status, update.msg]).toEqual([
      201,
      '字段标识「update_time」是系统保留字，请换一个',
    ]);
    const sort = await call('POST', '/api/field/updatefield', {
      token,
      body: { id: amount.id, field: 'cf_sort', value: 9 },
    });
    expect(sort.status).toBe(200);
  });

  it('a seeded primary-key row named id can still be edited', async () => {
    const token = await signIn();
    const edited = await call('POST', '/api/field/edit', {
      token,
      body: { id: 1, module_id: 1, cf_name: '编号', cf_fieldname: 'id', cf_control: 'input' },
    });
    expect(edited.status).toBe(200);
  });

  it('a module name is unique whatever its case', async () => {
    const token = await signIn();
    await newModule(token, 'Purchase');
    const again = await call('POST', '/api/module/add', {
      token,
      body: { module_title: '采购', module_name: 'purchase', table_name: 'cms_p', module_type: 1 },
    });
    expect([again.status, again.msg]).toEqual([201, '模块名称「purchase」已存在']);
  });
});

describe('getfieldarrbymodule for a designed module', () => {
  it('answers the fields by cf_sort, with the implicit id primary key first', async () => {
    const token = await signIn();
    const moduleId = await newModule(token);
    await call('POST', '/api/field/add', {
      token,
      body: field(moduleId, 'title', { cf_sort: 2, cf_validate: 'require', cf_length: 30 }),
    });
    await call('POST', '/api/field/add', {
      token,
      body: field(moduleId, 'kind', {
        cf_name: '类别',
        cf_control: 'radio',
        cf_sort: 1,
        cf_options: '[{"label":"甲","value":1}]',
      }),
    });
    const answer = await call<Record<string, unknown>[]>('POST', '/api/field/getfieldarrbymodule', {
      token,
      body: { moduleName: 'Purchase', moduleType: 'form' },
    });
    expect(answer.data).toEqual([
      { cf_name: 'ID', cf_fieldname: 'id', cf_control: 'input', cf_ispri: 1 },
      {
        cf_name: '类别',
        cf_fieldname: 'kind',
        cf_control: 'radio',
        optionData: [{ label: '甲', value: 1 }],
      },
      {
        cf_name: '标题',
        cf_fieldname: 'title',
        cf_control: 'input',
        cf_length: 30,
        cf_validate: 'require',
      },
    ]);
  });
});

describe('deleting a designed module', () => {
  it('takes its fields with it: 字段管理 shows none of them and a later module starts empty', async () => {
    const token = await signIn();
    const moduleId = await newModule(token);
    expect(
      (await call('POST', '/api/field/add', { token, body: field(moduleId, 'title') })).status,
    ).toBe(200);
    const deleted = await call('POST', '/api/module/delete', {
      token,
      body: { id: { id: moduleId } },
    });
    expect(deleted).toMatchObject({ status: 200, msg: '删除成功' });
    const fields = await call<{ data: Row[] }>('GET', '/api/field/list', {
      token,
      query: { module_id: moduleId },
    });
    expect(fields.data.data).toEqual([]);
    // A new module of the same name starts without the old one's fields.
    const again = await newModule(token, 'Purchase');
    const answer = await call<Row[]>('POST', '/api/field/getfieldarrbymodule', {
      token,
      body: { moduleName: 'Purchase', moduleType: 'form' },
    });
    expect(again).toBeGreaterThan(0);
    expect(answer.status).toBe(200);
    expect(answer.data.map((row) => row.cf_fieldname)).not.toContain('title');
  });
});
