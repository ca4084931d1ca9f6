// @vitest-environment node
/**
 * The mock backend behind the settings area: 日志管理's filters (operator, type, time range),
 * 系统设置's saved title in getsystemsetting, and 树形字典's status switch.
 */
import { describe, expect, it } from 'vitest';
import { call, signIn, withMockServer } from '../mocks/harness';

withMockServer();

interface LogRow {
  id: number;
  username: string;
  log_type: number;
  create_time: number;
}
interface Page<T> {
  data: T[];
  allcount: number;
}

async function logs(query: string) {
  const token = await signIn();
  const answer = await call<Page<LogRow>>(
    'GET',
    `/api/adminlog/list?pageindex=1&pagesize=50${query}`,
    {
      token,
    },
  );
  expect(answer.status).toBe(200);
  return answer.data;
}

describe('日志管理 filters', () => {
  it('filters by operator and by type', async () => {
    const byUser = await logs('&username=zhangwei');
    expect(byUser.data.map((row) => row.id).sort()).toEqual([3, 4]);
    const byType = await logs('&log_type=1');
    expect(byType.data.every((row) => row.log_type === 1)).toBe(true);
    expect(byType.allcount).toBe(2);
  });

  it('keeps the rows inside the time range, both ends included, newest first', async () => {
    const range = await logs('&start_time=1763429400&end_time=1763533200');
    expect(range.data.map((row) => row.id)).toEqual([5, 4, 3]);
    const none = await logs('&start_time=1800000000');
    expect(none).toMatchObject({ data: [], allcount: 0 });
  });
});

describe('系统设置 → getsystemsetting', () => {
  it('answers the title saved through group/updatesetting', async () => {
    const token = await signIn();
    const saved = await call('POST', '/api/group/updatesetting', {
      token,
      body: { code: 'SYS_TITLE', data: { SYS_TITLE: '新的系统标题' } },
    });
    expect(saved.status).toBe(200);
    const settings = await call<{ SYS_TITLE: string }>('POST', '/api/getsystemsetting', {
      token,
      body: {},
    });
    expect(settings.data?.SYS_TITLE).toBe('新的系统标题');
  });
});

describe('树形字典 status', () => {
  it('switches a node off and on with disable', async () => {
    const token = await signIn();
    const off = await call('POST', '/api/datadicttree/disable', {
      token,
      body: { id: 1, status: 2 },
    });
    expect(off.status).toBe(200);
    const info = await call<{ status: number }>('POST', '/api/datadicttree/info', {
      token,
      body: { id: { id: 1 } },
    });
    expect(info.data?.status).toBe(2);
    await call('POST', '/api/datadicttree/disable', { token, body: { id: 1, status: 1 } });
    const back = await call<{ status: number }>('POST', '/api/datadicttree/info', {
      token,
      body: { id: { id: 1 } },
    });
    expect(back.data?.status).toBe(1);
  });
});
