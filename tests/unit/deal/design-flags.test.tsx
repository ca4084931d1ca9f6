/**
 * The generic deal screens offer what the module's design switches on (后台设计: 开启回收站,
 * 开启导入导出, 开启我的列表), over the mock backend (msw/node): no 回收站 / 导入 / 导出 /
 * 我的列表 when off, a permanent delete (with the spec's confirmation) without the bin, and a
 * Chinese message on 我的列表's address when it is off.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { DESIGN_FLAGS } from '@/core/design-flags';
import DealListPage from '@/features/deal/deal-list-page';
import DealMylistPage from '@/features/deal/deal-mylist-page';
import {
  GENERIC_MODULE_CAPABILITIES,
  runtimeModuleDefinition,
} from '@/features/deal/runtime-module';
import { onNotify, type NotifyMessage } from '@/lib/notify';
import { setAccessRoutes } from '@/lib/permissions';
import { clearSession, startSession } from '@/lib/session';
import { renderWithProviders } from '../form/render';
import { call as callAt, signIn, withMockServer, type CallOptions } from '../mocks/harness';

withMockServer();

/** The mock serves its generic calls to the page's own origin (jsdom's), as the app calls it. */
const call = <T,>(method: 'GET' | 'POST', path: string, options?: CallOptions) =>
  callAt<T>(method, new URL(path, location.origin).href, options);

type Switch = 1 | 2;
interface Switches {
  is_recycle: Switch;
  is_import: Switch;
  is_mylist: Switch;
}

const OPERATE = GENERIC_MODULE_CAPABILITIES.filter((capability) => capability !== 'list');
const KEYS = ['ADD', 'EDIT', 'DELETE', 'RECYCLE', 'IMPORT', 'EXPORT', 'MYLIST'];

let token = '';
let toasts: NotifyMessage[] = [];
let stop: () => void = () => undefined;
beforeEach(async () => {
  toasts = [];
  stop = onNotify((message) => toasts.push(message));
  token = await signIn();
  startSession({
    token,
    userinfo: { username: 'admin', nickname: '超级管理员', avatar: '' },
    prilist: KEYS.map((key) => `PURCHASE_${key}`).join(','),
  } as Parameters<typeof startSession>[0]);
  setAccessRoutes({ '/deal/common/list': OPERATE, '/deal/common/mylist': OPERATE });
});
afterEach(() => {
  stop();
  clearSession();
  setAccessRoutes(undefined);
});

/** Designs module Purchase (采购申请) with the switches given and one record 投影仪采购. */
async function designPurchase(switches: Switches): Promise<void> {
  const added = await call('POST', '/api/module/add', {
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
  const listed = await call<{ data: { id: number; module_name: string }[] }>(
    'GET',
    '/api/module/list',
    { token, query: { pageindex: 1, pagesize: 50, keyword: 'Purchase' } },
  );
  const moduleId = listed.data.data.find((row) => row.module_name === 'Purchase')?.id;
  const field = await call('POST', '/api/field/add', {
    token,
    body: {
      module_id: moduleId,
      cf_name: '申请标题',
      cf_fieldname: 'purchase_title',
      cf_control: 'input',
      cf_validate: 'require',
      cf_ispri: 0,
      cf_sourcetype: 'STATIC',
    },
  });
  expect(field.status).toBe(200);
  const record = await call('POST', '/api/purchase/add', {
    token,
    body: { purchase_title: '投影仪采购' },
  });
  expect(record.status).toBe(200);
}

function Where() {
  const location = useLocation();
  return <output aria-label="地址">{location.pathname + location.search}</output>;
}

function open(path: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/deal/common/list" element={<DealListPage />} />
        <Route path="/deal/common/mylist" element={<DealMylistPage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const button = (name: string) => screen.queryByRole('button', { name });

describe('runtimeModuleDefinition with the designer’s switches', () => {
  const fields = [
    { cf_name: 'ID', cf_fieldname: 'id', cf_control: 'input' as const, cf_ispri: 1 as const },
  ];
  const withFlags = (is_recycle: boolean, is_import: boolean, is_mylist: boolean) =>
    runtimeModuleDefinition({
      name: 'Purchase',
      title: '采购申请',
      route: '/deal/common/list',
      fields,
      flags: { is_recycle, is_import, is_mylist },
    }).capabilities;

  it('drops the calls of each switch that is off, and only those', () => {
    expect(withFlags(true, true, true)).toEqual(GENERIC_MODULE_CAPABILITIES);
    expect(withFlags(false, true, true)).toEqual(
      GENERIC_MODULE_CAPABILITIES.filter((c) => !['recycle', 'restore', 'destroy'].includes(c)),
    );
    expect(withFlags(true, false, true)).toEqual(
      GENERIC_MODULE_CAPABILITIES.filter(
        (c) => !['import', 'importtemplate', 'export'].includes(c),
      ),
    );
    expect(withFlags(true, true, false)).not.toContain('mylist');
    expect(withFlags(false, false, false)).toEqual(['list', 'info', 'add', 'edit', 'delete']);
    // Every switched capability is a generic call of the deal module.
    for (const capabilities of Object.values(DESIGN_FLAGS))
      for (const capability of capabilities)
        expect(GENERIC_MODULE_CAPABILITIES).toContain(capability);
  });
});

describe('the deal list by the design’s switches', () => {
  it('everything on: 回收站, 导入, 导出 and 我的列表 are offered', async () => {
    await designPurchase({ is_recycle: 1, is_import: 1, is_mylist: 1 });
    open('/deal/common/list?module=purchase');
    await screen.findByText('投影仪采购');
    for (const name of ['新增', '回收站', '导入', '导出', '我的列表'])
      expect(button(name), name).toBeInTheDocument();
  });

  it('bin and import off: no 回收站 / 导入 / 导出, and 删除 is permanent after the spec’s question', async () => {
    await designPurchase({ is_recycle: 2, is_import: 2, is_mylist: 1 });
    const user = userEvent.setup();
    open('/deal/common/list?module=purchase');
    const row = (await screen.findByText('投影仪采购')).closest('tr')!;
    expect(button('新增')).toBeInTheDocument();
    expect(button('我的列表')).toBeInTheDocument();
    for (const name of ['回收站', '导入', '导出']) expect(button(name), name).toBeNull();

    await user.click(within(row).getByRole('button', { name: '删除' }));
    const question = await screen.findByText('此操作将永久删除该记录，是否继续？');
    const dialog = question.closest<HTMLElement>('.p-confirm-dialog')!;
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByText('投影仪采购')).toBeNull());
    expect(toasts).toContainEqual(expect.objectContaining({ summary: '删除成功' }));
    // Gone for good: the server keeps it in no bin either.
    const binned = await call('GET', '/api/purchase/recycle', { token });
    expect(binned).toMatchObject({ status: 201, msg: '该模块未开启回收站' });
  });

  it('我的列表 off: no button, and its address says so in Chinese with a way back', async () => {
    await designPurchase({ is_recycle: 1, is_import: 1, is_mylist: 2 });
    const user = userEvent.setup();
    open('/deal/common/mylist?module=purchase');
    expect(await screen.findByRole('alert')).toHaveTextContent('「采购申请」未开启我的列表');
    expect(screen.getByText(/打开「开启我的列表」后使用/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('button', { name: '返回列表' }));
    await screen.findByText('投影仪采购');
    expect(screen.getByRole('status', { name: '地址' })).toHaveTextContent(
      '/deal/common/list?module=purchase',
    );
    expect(button('我的列表')).toBeNull();
    expect(button('回收站')).toBeInTheDocument();
  });

  it('我的列表 on: the list links to it and it links back to 全部记录', async () => {
    await designPurchase({ is_recycle: 1, is_import: 1, is_mylist: 1 });
    const user = userEvent.setup();
    open('/deal/common/list?module=purchase');
    await screen.findByText('投影仪采购');
    await user.click(screen.getByRole('button', { name: '我的列表' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '地址' })).toHaveTextContent(
        '/deal/common/mylist?module=purchase',
      ),
    );
    await screen.findByText('投影仪采购');
    expect(button('全部记录')).toBeInTheDocument();
  });
});
