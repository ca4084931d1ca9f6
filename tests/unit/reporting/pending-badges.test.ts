// @vitest-environment node
/**
 * The sidebar's pending badges (the menu's wait_num) of 内容审批 and 发布列表 are the server's
 * real counts — examinations waiting for a decision, approved reports waiting to be published —
 * and follow every submit, approve, reject and publish.
 */
import { describe, expect, it } from 'vitest';
import { call, signIn, withMockServer } from '../mocks/harness';

withMockServer();

interface UserMenu {
  amenu_name: string;
  wait_num: number;
  children?: UserMenu[];
}
type Row = Record<string, unknown>;

function badgeOf(menus: readonly UserMenu[], name: string): number | undefined {
  for (const menu of menus) {
    if (menu.amenu_name === name) return menu.wait_num;
    const found = badgeOf(menu.children ?? [], name);
    if (found !== undefined) return found;
  }
  return undefined;
}

async function badges(token: string) {
  const menus = await call<UserMenu[]>('POST', '/api/adminmenu/getusermenu', { token });
  return { examine: badgeOf(menus.data, '内容审批'), publish: badgeOf(menus.data, '发布列表') };
}

async function submitDraft(token: string, title: string): Promise<number> {
  const added = await call<Row>('POST', '/api/informationreporting/add', {
    token,
    body: {
      title,
      category_id: 4,
      department_id: 3,
      report_date: '2025-12-01',
      summary: '检查 20 处。',
      content: '<p>检查发现隐患 2 处。</p>',
    },
  });
  expect(added.status).toBe(200);
  const id = Number(added.data.id);
  expect(
    (await call('POST', '/api/informationreporting/submit', { token, body: { id } })).status,
  ).toBe(200);
  const examinations = await call<{ data: Row[] }>('GET', '/api/informationreportingexamine/list', {
    token,
    query: { pagesize: 100 },
  });
  return Number(examinations.data.data.find((row) => row.report_id === id)?.id);
}

describe('pending badges of 内容审批 and 发布列表', () => {
  it('count what waits and change with submit, approve, reject and publish', async () => {
    const token = await signIn();
    // The seed: two examinations pending (社区志愿服务活动简报, 冬季供暖准备工作汇报), nothing to publish.
    expect(await badges(token)).toEqual({ examine: 2, publish: 0 });

    const first = await submitDraft(token, '第一份待审报告');
    const second = await submitDraft(token, '第二份待审报告');
    expect(await badges(token)).toEqual({ examine: 4, publish: 0 });

    await call('POST', '/api/informationreportingexamine/examine', {
      token,
      body: { id: first, status: 2 },
    });
    expect(await badges(token)).toEqual({ examine: 3, publish: 1 });

    await call('POST', '/api/informationreportingexamine/examine', {
      token,
      body: { id: second, status: 3, remark: '请补充数据' },
    });
    expect(await badges(token)).toEqual({ examine: 2, publish: 1 });

    const publications = await call<{ data: Row[] }>(
      'GET',
      '/api/informationreportingpublish/list',
      {
        token,
        query: { pagesize: 100, publish_status: 1 },
      },
    );
    const waiting = publications.data.data[0];
    await call('POST', '/api/informationreportingpublish/publish', {
      token,
      body: { id: waiting?.id },
    });
    expect(await badges(token)).toEqual({ examine: 2, publish: 0 });
  });
});
