// @vitest-environment node
/**
 * The report workflow as an API client sees it: a report moves draft → 待审批 → 已驳回 →
 * 待审批 → 待发布 → 已发布 → 已撤回, each list shows it where its state puts it, the history
 * records every step, and a transition the state does not allow (or a hand-written state)
 * answers status 201 with a Chinese message.
 */
import { describe, expect, it } from 'vitest';
import { call, signIn, withMockServer } from '../mocks/harness';

withMockServer();

interface Page<T> {
  allcount: number;
  data: T[];
}
type Row = Record<string, unknown>;

const NEW_REPORT = {
  title: '第四季度防火检查情况',
  category_id: 4,
  department_id: 3,
  report_date: '2025-12-01',
  summary: '检查 20 处。',
  content: '<p>检查发现隐患 2 处。</p>',
};

async function list(token: string, path: string, query: Record<string, string | number> = {}) {
  return (await call<Page<Row>>('GET', path, { token, query: { pagesize: 100, ...query } })).data;
}

async function rowOf(token: string, path: string, field: string, value: unknown) {
  return (await list(token, path)).data.find((row) => row[field] === value);
}

/** Adds a draft as `token`'s user and answers its id. */
async function addDraft(token: string, extra: Row = {}): Promise<number> {
  const added = await call<Row>('POST', '/api/informationreporting/add', {
    token,
    body: { ...NEW_REPORT, ...extra },
  });
  expect(added.status).toBe(200);
  return Number(added.data.id);
}

describe('report workflow', () => {
  it('moves a report through every state and shows it in the list its state puts it in', async () => {
    const token = await signIn();
    const id = await addDraft(token);
    const mine = () => rowOf(token, '/api/informationreporting/mylist', 'id', id);
    const examined = () => rowOf(token, '/api/informationreportingexamine/list', 'report_id', id);
    const published = () => rowOf(token, '/api/informationreportingpublish/list', 'report_id', id);

    expect(await mine()).toMatchObject({ report_status: 1, username: 'admin' });
    expect(await examined()).toBeUndefined();

    expect(await call('POST', '/api/informationreporting/submit', { token, body: { id } })).toEqual(
      { status: 200, msg: '提交成功', data: null },
    );
    expect(await mine()).toMatchObject({ report_status: 2 });
    const examine = await examined();
    expect(examine).toMatchObject({ examine_status: 1, title: NEW_REPORT.title });

    const reject = await call('POST', '/api/informationreportingexamine/examine', {
      token,
      body: { id: examine?.id, status: 3, remark: '请补充隐患整改时限' },
    });
    expect(reject).toMatchObject({ status: 200, msg: '已驳回' });
    expect(await mine()).toMatchObject({ report_status: 3, examine_remark: '请补充隐患整改时限' });
    expect(await published()).toBeUndefined();

    // A rejected report can be edited and submitted again; its examination is pending again.
    const edited = await call('POST', '/api/informationreporting/edit', {
      token,
      body: { id, ...NEW_REPORT, summary: '检查 20 处，整改时限 12 月 15 日。' },
    });
    expect(edited.status).toBe(200);
    expect(
      (await call('POST', '/api/informationreporting/submit', { token, body: { id } })).status,
    ).toBe(200);
    expect(await mine()).toMatchObject({ report_status: 2, examine_remark: '' });
    expect(await examined()).toMatchObject({ id: examine?.id, examine_status: 1 });

    const approve = await call('POST', '/api/informationreportingexamine/examine', {
      token,
      body: { id: examine?.id, status: 2, remark: '同意' },
    });
    expect(approve).toMatchObject({ status: 200, msg: '审批通过' });
    expect(await mine()).toMatchObject({ report_status: 4 });
    const publication = await published();
    expect(publication).toMatchObject({ publish_status: 1, publish_time: null });

    const publish = await call('POST', '/api/informationreportingpublish/publish', {
      token,
      body: { id: publication?.id },
    });
    expect(publish).toMatchObject({ status: 200, msg: '发布成功' });
    expect(await mine()).toMatchObject({ report_status: 5 });
    expect(await published()).toMatchObject({ publish_status: 2, publish_user: 'admin' });

    const withdraw = await call('POST', '/api/informationreportingpublish/withdraw', {
      token,
      body: { id: publication?.id },
    });
    expect(withdraw).toMatchObject({ status: 200, msg: '撤回成功' });
    expect(await mine()).toMatchObject({ report_status: 6 });

    const history = await call<Row[]>('POST', '/api/informationreporting/history', {
      token,
      body: { id },
    });
    expect(history.data.map((entry) => [entry.action, entry.username, entry.remark])).toEqual([
      ['submit', 'admin', ''],
      ['reject', 'admin', '请补充隐患整改时限'],
      ['submit', 'admin', ''],
      ['approve', 'admin', '同意'],
      ['publish', 'admin', ''],
      ['withdraw', 'admin', ''],
    ]);
    expect(history.data.every((entry) => typeof entry.time === 'number' && entry.time > 0)).toBe(
      true,
    );
  });

  it('refuses the transitions a state does not allow, with a message', async () => {
    const token = await signIn();
    const id = await addDraft(token);
    await call('POST', '/api/informationreporting/submit', { token, body: { id } });
    const refused = (msg: string) => ({ status: 201, msg, data: null });

    expect(await call('POST', '/api/informationreporting/submit', { token, body: { id } })).toEqual(
      refused('只有草稿或已驳回的上报可以提交'),
    );
    expect(
      await call('POST', '/api/informationreporting/edit', { token, body: { id, ...NEW_REPORT } }),
    ).toEqual(refused('已提交的上报不能修改'));
    expect(
      await call('POST', '/api/informationreporting/delete', { token, body: { id: { id } } }),
    ).toEqual(refused('已提交的上报不能删除'));

    const examine = await rowOf(token, '/api/informationreportingexamine/list', 'report_id', id);
    expect(
      await call('POST', '/api/informationreportingexamine/examine', {
        token,
        body: { id: examine?.id, status: 3, remark: '   ' },
      }),
    ).toEqual(refused('驳回时请填写审批意见'));
    await call('POST', '/api/informationreportingexamine/examine', {
      token,
      body: { id: examine?.id, status: 2 },
    });
    expect(
      await call('POST', '/api/informationreportingexamine/examine', {
        token,
        body: { id: examine?.id, status: 3, remark: '再驳回' },
      }),
    ).toEqual(refused('该上报已审批，不能重复审批'));

    const publication = await rowOf(
      token,
      '/api/informationreportingpublish/list',
      'report_id',
      id,
    );
    expect(
      await call('POST', '/api/informationreportingpublish/withdraw', {
        token,
        body: { id: publication?.id },
      }),
    ).toEqual(refused('只有已发布的上报可以撤回'));
    await call('POST', '/api/informationreportingpublish/publish', {
      token,
      body: { id: publication?.id },
    });
    expect(
      await call('POST', '/api/informationreportingpublish/publish', {
        token,
        body: { id: publication?.id },
      }),
    ).toEqual(refused('该上报已发布，不能重复发布'));
    expect(
      await call('POST', '/api/informationreportingpublish/publish', { token, body: { id: 9999 } }),
    ).toEqual(refused('记录不存在'));
  });

  it('lets only the author edit or submit a report', async () => {
    const author = await signIn();
    const id = await addDraft(author);
    // 张伟's role (系统管理员) is given the submit key: the refusal below is about authorship.
    await call('POST', '/api/adminrole/saveroleauth', {
      token: author,
      body: { roleid: 2, prilist: ['INFORMATIONREPORTING_SUBMIT'] },
    });
    const other = await signIn('zhangwei');
    expect(
      await call('POST', '/api/informationreporting/submit', { token: other, body: { id } }),
    ).toEqual({
      status: 201,
      msg: '只能操作自己的上报',
      data: null,
    });
    const mine = await list(other, '/api/informationreporting/mylist');
    expect(mine.data.some((row) => row.id === id)).toBe(false);
  });

  it('ignores a state, author or remark a client writes by hand, and refuses generic state writes', async () => {
    const token = await signIn();
    const id = await addDraft(token, {
      report_status: 5,
      username: 'zhangwei',
      examine_remark: 'x',
    });
    const row = await rowOf(token, '/api/informationreporting/mylist', 'id', id);
    expect(row).toMatchObject({ report_status: 1, username: 'admin', examine_remark: '' });

    await call('POST', '/api/informationreporting/edit', {
      token,
      body: { id, ...NEW_REPORT, report_status: 5 },
    });
    expect(await rowOf(token, '/api/informationreporting/mylist', 'id', id)).toMatchObject({
      report_status: 1,
    });

    const workflowOnly = '上报的审批与发布状态只能通过提交、审批、发布、撤回改变';
    for (const [path, body] of [
      ['/api/informationreportingpublish/edit', { id: 1, publish_status: 1 }],
      ['/api/informationreportingpublish/delete', { id: { id: 1 } }],
    ] as const) {
      expect(await call('POST', path, { token, body }), path).toMatchObject({
        status: 201,
        msg: workflowOnly,
      });
    }
    // Calls the contract does not declare (no updatefield for the group, no path in other letter
    // case) are no calls at all (issue 49: 404).
    for (const [path, body] of [
      ['/api/informationreporting/updatefield', { id, field: 'report_status', value: 5 }],
      ['/api/InformationReportingExamine/Edit/', { id: 3, examine_status: 2 }],
    ] as const) {
      expect(await call('POST', path, { token, body }), path).toMatchObject({
        status: 404,
        msg: '404，接口不存在！',
      });
    }
    expect(await rowOf(token, '/api/informationreportingexamine/list', 'id', 3)).toMatchObject({
      examine_status: 1,
    });
  });

  it('answers hostile bodies with 201, never a crash', async () => {
    const token = await signIn();
    for (const [path, body] of [
      ['/api/informationreporting/submit', { id: { id: { id: 1 } } }],
      ['/api/informationreporting/submit', { id: '__proto__' }],
      ['/api/informationreporting/history', {}],
      ['/api/informationreportingexamine/examine', { id: 3, status: 'approve' }],
      ['/api/informationreportingpublish/publish', { id: null }],
      ['/api/informationreporting/delete', { id: [] }],
    ] as const) {
      const answer = await call('POST', path, { token, body });
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(201);
      expect(answer.msg).not.toBe('');
    }
  });
});

describe('statistics', () => {
  it('counts published reports of a date range by category, department and month', async () => {
    const token = await signIn();
    const stats = await call<{
      total: number;
      start: string;
      end: string;
      byCategory: { category_name: string; count: number }[];
      byDepartment: { department_name: string; count: number }[];
      byMonth: { month: string; count: number }[];
    }>('GET', '/api/informationreportingpublish/statistic', {
      token,
      query: { start: '2025-09-01', end: '2025-11-30' },
    });
    expect(stats.status).toBe(200);
    expect(stats.data).toMatchObject({ start: '2025-09-01', end: '2025-11-30' });
    expect(stats.data.byMonth.map((month) => month.month)).toEqual([
      '2025-09',
      '2025-10',
      '2025-11',
    ]);
    const sum = (items: { count: number }[]) =>
      items.reduce((total, item) => total + item.count, 0);
    expect(sum(stats.data.byMonth)).toBe(stats.data.total);
    expect(sum(stats.data.byCategory)).toBe(stats.data.total);
    expect(sum(stats.data.byDepartment)).toBe(stats.data.total);
    // Seeds published from September to November: reports 1, 2, 5, 6 and 9 of the publish list.
    expect(stats.data.total).toBe(5);
    expect(stats.data.byCategory).toEqual([
      { category_id: 2, category_name: '经济运行', count: 3 },
      { category_id: 4, category_name: '安全生产', count: 2 },
    ]);
    expect(stats.data.byDepartment.map((item) => item.department_name)).toEqual([
      '市场部',
      '财务部',
      '人力资源部',
    ]);
  });

  it('counts a publication once published and no more once withdrawn', async () => {
    const token = await signIn();
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
    const total = async () =>
      (
        await call<{ total: number }>('GET', '/api/informationreportingpublish/statistic', {
          token,
          query: { start: day, end: day },
        })
      ).data.total;
    expect(await total()).toBe(0);
    const examine = await rowOf(token, '/api/informationreportingexamine/list', 'id', 3);
    await call('POST', '/api/informationreportingexamine/examine', {
      token,
      body: { id: examine?.id, status: 2 },
    });
    expect(await total()).toBe(0);
    const publication = await rowOf(token, '/api/informationreportingpublish/list', 'report_id', 3);
    await call('POST', '/api/informationreportingpublish/publish', {
      token,
      body: { id: publication?.id },
    });
    expect(await total()).toBe(1);
    await call('POST', '/api/informationreportingpublish/withdraw', {
      token,
      body: { id: publication?.id },
    });
    expect(await total()).toBe(0);
  });

  it('refuses a reversed, half-given or over-long range with a message', async () => {
    const token = await signIn();
    const stat = (query: Record<string, string>) =>
      call('GET', '/api/informationreportingpublish/statistic', { token, query });
    expect(await stat({ start: '2025-12-01', end: '2025-01-01' })).toMatchObject({
      status: 201,
      msg: '开始日期不能晚于结束日期',
    });
    expect(await stat({ start: '2025-01-01' })).toMatchObject({
      status: 201,
      msg: '请同时选择开始日期和结束日期',
    });
    expect(await stat({ start: '2000-01-01', end: '2025-01-01' })).toMatchObject({
      status: 201,
      msg: '统计区间不能超过 10 年',
    });
    expect((await stat({ start: '2025-02-30', end: '2025-03-01' })).status).toBe(201);
  });
});
