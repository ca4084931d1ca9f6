/**
 * CrudPage on the real thing: the generated 公告管理 and 配置管理 modules over the app's mock
 * handlers (tests/unit/crud/mock-backend). What is asserted is what a user notices — rows,
 * dialogs, messages, buttons — and, for paging and search, the query the server was sent.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CrudPage, type RowActionDefinition } from '@/components/crud';
import { onNotify, type NotifyMessage } from '@/lib/notify';
import { setPrilist } from '@/lib/session';
import { setAccessRoutes } from '@/lib/permissions';
import type { AdminNotice } from '@generated/api/model/adminNotice';
import { noticeModule } from '@generated/modules/notice';
import { adminnoticeAdd, adminnoticeDelete } from '@generated/api/adminnotice/adminnotice';
import { groupModule } from '@generated/modules/group';
import { renderWithProviders } from '../form/render';
import { permitAllActions, server, withMockBackend } from './mock-backend';

const backend = withMockBackend();

const ALL_KEYS = ['ADD', 'EDIT', 'DELETE', 'DISABLE', 'RECYCLE'].map((s) => `ADMINNOTICE_${s}`);
/** The seeded notices, newest first (the list's order). */
const NEWEST = '关于系统升级维护的通知';
const HOLIDAY = '国庆节放假安排';
const OLDEST = '年中优秀员工评选结果公示';

let toasts: NotifyMessage[] = [];
let stop: () => void = () => undefined;
beforeEach(() => {
  toasts = [];
  stop = onNotify((m) => toasts.push(m));
  setPrilist([...ALL_KEYS, 'GROUP_ADD', 'GROUP_EDIT']);
  permitAllActions(noticeModule);
  setAccessRoutes({
    [noticeModule.route]: noticeModule.capabilities.filter((c) => c !== 'list'),
    [groupModule.route]: ['info', 'add', 'edit', 'delete'],
  });
});
afterEach(() => stop());

/** The page's own table (dialogs are portaled outside the section). */
const table = (title = '公告管理') =>
  within(screen.getByRole('region', { name: title })).getByRole('table');
const rowOf = (text: string, title?: string) => within(table(title)).getByText(text).closest('tr')!;
const listQueries = () => backend.requests('/api/adminnotice/list').map((r) => r.query);

/** Adds notices through the generated call, as another screen would have. */
async function addNotices(count: number) {
  for (let i = 1; i <= count; i += 1)
    await adminnoticeAdd({ notice_title: `新公告${i}`, notice_type: 1, status: 1 });
}

describe('CrudPage over the mock backend', () => {
  it('lists the rows with formatted columns', async () => {
    renderWithProviders(<CrudPage module={noticeModule} />);
    expect(await within(table()).findByText(NEWEST)).toBeInTheDocument();
    expect(within(rowOf(NEWEST)).getByText('维护通知')).toBeInTheDocument();
    expect(screen.getByText('共 8 条')).toBeInTheDocument();
    expect(listQueries()).toContainEqual({ pageindex: '1', pagesize: '10' });
    expect(screen.getByRole('button', { name: '新增' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '回收站' })).toBeInTheDocument();
    // 公告管理 offers no import or export.
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
  });

  it('pages on the server: the next page asks for pageindex 2', async () => {
    await addNotices(4);
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText('新公告1');
    expect(screen.getByText('共 12 条')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(await within(table()).findByText(OLDEST)).toBeInTheDocument();
    expect(within(table()).queryByText('新公告1')).not.toBeInTheDocument();
    expect(listQueries().at(-1)).toEqual({ pageindex: '2', pagesize: '10' });
  });

  it('sorts on the server from a header by keyboard: ascending, descending, none', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText(NEWEST);
    const header = within(table()).getByRole('columnheader', { name: '排序' });
    expect(header).toHaveAttribute('aria-sort', 'none');
    header.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(() =>
      expect(listQueries().at(-1)).toMatchObject({ sortfield: 'sort', sortorder: 'asc' }),
    );
    await user.keyboard(' ');
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'descending'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'none'));
    expect(listQueries().at(-1)).not.toHaveProperty('sortfield');
  });

  it('a slow page: the paginator moves on over the old rows until its rows arrive', async () => {
    await addNotices(4);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Holds page 2, then lets the real handler answer it.
    server.use(
      http.get('*/api/adminnotice/list', async ({ request }) => {
        if (new URL(request.url).searchParams.get('pageindex') === '2') await held;
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText('新公告1');
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'true'),
    );
    expect(within(table()).getByText('新公告1')).toBeInTheDocument();
    release();
    expect(await within(table()).findByText(OLDEST)).toBeInTheDocument();
    expect(within(table()).queryByText('新公告1')).not.toBeInTheDocument();
  });

  it('searches by keyword from page 1', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText(NEWEST);
    await user.type(screen.getByRole('textbox', { name: '请输入关键字' }), '放假');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(within(table()).queryByText(NEWEST)).not.toBeInTheDocument());
    expect(within(table()).getByText(HOLIDAY)).toBeInTheDocument();
    expect(listQueries().at(-1)).toEqual({ pageindex: '1', pagesize: '10', keyword: '放假' });
  });

  it('adds a record through the form dialog; it appears in the list', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={groupModule} />);
    await within(table('配置管理')).findByText('SYS_TITLE');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增 - 配置管理' });
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('请输入配置编码')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('配置编码'), 'SITE_NOTE');
    await user.type(within(dialog).getByLabelText('配置名称'), ' 站点说明 ');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(table('配置管理')).findByText('站点说明')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts).toContainEqual(
      expect.objectContaining({ severity: 'success', summary: '新增成功' }),
    );
  });

  it('keeps the dialog open with what was typed when the server refuses (201)', async () => {
    server.use(
      http.post('*/api/group/add', () => HttpResponse.json({ status: 201, msg: '配置编码已存在' })),
    );
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={groupModule} />);
    await within(table('配置管理')).findByText('SYS_TITLE');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增 - 配置管理' });
    await user.type(within(dialog).getByLabelText('配置编码'), 'SYS_TITLE');
    await user.type(within(dialog).getByLabelText('配置名称'), '重复');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ summary: '配置编码已存在' })),
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '提交' })).toBeEnabled());
    expect(screen.getByRole('dialog', { name: '新增 - 配置管理' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('配置名称')).toHaveValue('重复');
  });

  it('edits a record loaded through info', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={groupModule} />);
    await within(table('配置管理')).findByText('SYS_TITLE');
    await user.click(within(rowOf('SYS_TITLE', '配置管理')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑 - 配置管理' });
    const input = await within(dialog).findByLabelText('配置名称');
    expect(input).toHaveValue('系统标题');
    await user.clear(input);
    await user.type(input, '站点标题');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(table('配置管理')).findByText('站点标题')).toBeInTheDocument();
    expect(toasts).toContainEqual(expect.objectContaining({ summary: '修改成功' }));
  });

  it('deletes after confirmation; the row is gone and the bin can restore it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText(HOLIDAY);
    await user.click(within(rowOf(HOLIDAY)).getByRole('button', { name: '删除' }));
    expect(
      await screen.findByText('确定删除该记录吗？删除后可在回收站中恢复。'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(table()).queryByText(HOLIDAY)).not.toBeInTheDocument());
    expect(toasts).toContainEqual(expect.objectContaining({ summary: '删除成功' }));

    await user.click(screen.getByRole('button', { name: '回收站' }));
    const bin = await screen.findByRole('dialog', { name: '回收站 - 公告管理' });
    expect(await within(bin).findByText(HOLIDAY)).toBeInTheDocument();
    await user.click(within(bin).getByRole('button', { name: '恢复' }));
    await waitFor(() => expect(within(bin).queryByText(HOLIDAY)).not.toBeInTheDocument());
    expect(await within(table()).findByText(HOLIDAY)).toBeInTheDocument();
  });

  it('cancelling the delete keeps the row and says so', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText(HOLIDAY);
    await user.click(within(rowOf(HOLIDAY)).getByRole('button', { name: '删除' }));
    await user.click(await screen.findByRole('button', { name: '取消' }));
    expect(toasts).toContainEqual(expect.objectContaining({ summary: '已取消删除' }));
    expect(backend.requests('/api/adminnotice/delete')).toEqual([]);
    expect(within(table()).getByText(HOLIDAY)).toBeInTheDocument();
  });

  it('destroys from the bin after confirmation', async () => {
    await adminnoticeDelete({ id: { id: 4 } });
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={noticeModule} />);
    await user.click(screen.getByRole('button', { name: '回收站' }));
    const bin = await screen.findByRole('dialog', { name: '回收站 - 公告管理' });
    await within(bin).findByText(HOLIDAY);
    await user.click(within(bin).getByRole('button', { name: '彻底删除' }));
    expect(await screen.findByText('此操作将永久删除该记录，是否继续？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(bin).queryByText(HOLIDAY)).not.toBeInTheDocument());
    expect(within(bin).getByText('回收站为空')).toBeInTheDocument();
  });

  it('switches status through disable', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText(NEWEST);
    await user.click(within(rowOf(NEWEST)).getByRole('switch', { name: '状态：启用' }));
    await waitFor(() =>
      expect(within(rowOf(NEWEST)).getByRole('switch', { name: '状态：禁用' })).not.toBeChecked(),
    );
    expect(toasts).toContainEqual(expect.objectContaining({ summary: '状态修改成功' }));
  });

  it('edits 排序 in place: click, type, Enter saves through updatefield; Escape cancels', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText(NEWEST);
    await user.click(within(rowOf(NEWEST)).getByRole('button', { name: /^点击修改排序：/ }));
    const input = within(rowOf(NEWEST)).getByRole('textbox', { name: '排序' });
    await user.clear(input);
    await user.type(input, '77{Enter}');
    expect(
      await within(rowOf(NEWEST)).findByRole('button', { name: '点击修改排序：77' }),
    ).toHaveTextContent('77');
    expect(backend.requests('/api/adminnotice/updatefield')).toHaveLength(1);

    await user.click(within(rowOf(NEWEST)).getByRole('button', { name: '点击修改排序：77' }));
    await user.type(within(rowOf(NEWEST)).getByRole('textbox', { name: '排序' }), '5{Escape}');
    expect(within(rowOf(NEWEST)).getByRole('button', { name: '点击修改排序：77' })).toBeVisible();
    expect(backend.requests('/api/adminnotice/updatefield')).toHaveLength(1);
  });

  it('hides the add button without the ADMINNOTICE_ADD key', async () => {
    setPrilist(ALL_KEYS.filter((key) => key !== 'ADMINNOTICE_ADD'));
    renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText(NEWEST);
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(within(table()).getAllByRole('button', { name: '删除' })).toHaveLength(8);
  });

  it('hides row delete without the ADMINNOTICE_DELETE key', async () => {
    setPrilist(ALL_KEYS.filter((key) => key !== 'ADMINNOTICE_DELETE'));
    renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText(NEWEST);
    expect(within(table()).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(within(table()).getAllByRole('button', { name: '编辑' })).toHaveLength(8);
  });

  it('hides an action the route does not permit (action guard), even with the key', async () => {
    setAccessRoutes({ [noticeModule.route]: ['info', 'edit'] });
    renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText(NEWEST);
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '回收站' })).not.toBeInTheDocument();
    expect(within(table()).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(within(table()).getAllByRole('button', { name: '编辑' })).toHaveLength(8);
  });

  it('offers no write action at all when the screen is outside the access routes', async () => {
    setAccessRoutes({});
    renderWithProviders(<CrudPage module={noticeModule} />);
    await within(table()).findByText(NEWEST);
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(within(table()).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
  });
});

describe('CrudPage seams, typed by the module row', () => {
  const archive = (
    onClick: RowActionDefinition<AdminNotice>['onClick'],
  ): RowActionDefinition<AdminNotice> => ({
    id: 'archive',
    label: '归档',
    permission: { action: 'archive', key: 'ADMINNOTICE_ARCHIVE' },
    visible: (row) => row.status === 1,
    onClick,
  });

  it('adds a row action that asks first and runs on yes, guarded by route and key', async () => {
    setAccessRoutes({ [noticeModule.route]: ['info', 'edit', 'archive'] });
    setPrilist([...ALL_KEYS, 'ADMINNOTICE_ARCHIVE']);
    const archived: unknown[] = [];
    const user = userEvent.setup();
    renderWithProviders(
      <CrudPage
        module={noticeModule}
        rowActions={[
          archive((row, list) =>
            list.ask({
              message: `确定归档「${row.notice_title}」吗？`,
              accept: async () => archived.push(list.idOf(row)),
            }),
          ),
        ]}
      />,
    );
    await within(table()).findByText(NEWEST);
    // 数据库迁移预告 is off (status 2): no 归档 on it.
    expect(within(rowOf('数据库迁移预告')).queryByRole('button', { name: '归档' })).toBeNull();
    await user.click(within(rowOf(NEWEST)).getByRole('button', { name: '归档' }));
    expect(await screen.findByText(`确定归档「${NEWEST}」吗？`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(archived).toEqual([1]));
  });

  it('hides the row action without its key or its operate entry', async () => {
    const action = archive(() => undefined);
    setAccessRoutes({ [noticeModule.route]: ['info', 'edit', 'archive'] });
    const { unmount } = renderWithProviders(
      <CrudPage module={noticeModule} rowActions={[action]} />,
    );
    await within(table()).findByText(NEWEST);
    expect(within(table()).queryByRole('button', { name: '归档' })).not.toBeInTheDocument();
    unmount();
    setPrilist([...ALL_KEYS, 'ADMINNOTICE_ARCHIVE']);
    setAccessRoutes({ [noticeModule.route]: ['info', 'edit'] });
    renderWithProviders(<CrudPage module={noticeModule} rowActions={[action]} />);
    await within(table()).findByText(NEWEST);
    expect(within(table()).queryByRole('button', { name: '归档' })).not.toBeInTheDocument();
  });

  it('offers 编辑 and 删除 only on the rows rowAllows names; delete still asks first', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <CrudPage
        module={noticeModule}
        rowAllows={(action, row) => action === 'view' || row.notice_title !== HOLIDAY}
      />,
    );
    await within(table()).findByText(NEWEST);
    expect(within(rowOf(HOLIDAY)).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(rowOf(HOLIDAY)).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(rowOf(HOLIDAY)).getByRole('button', { name: '查看' })).toBeInTheDocument();
    expect(within(rowOf(NEWEST)).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    await user.click(within(rowOf(NEWEST)).getByRole('button', { name: '删除' }));
    expect(
      await screen.findByText('确定删除该记录吗？删除后可在回收站中恢复。'),
    ).toBeInTheDocument();
  });

  it('takes toolbar extras, column overrides and a custom form', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <CrudPage
        module={noticeModule}
        toolbarExtra={<button type="button">同步</button>}
        columns={{
          notice_title: { header: '标题', body: (row) => `《${row.notice_title}》` },
          create_time: { hidden: true },
        }}
        renderForm={({ visible, mode }) => (visible ? <p>自定义表单 {mode}</p> : null)}
      />,
    );
    await within(table()).findByText(`《${NEWEST}》`);
    expect(screen.getByRole('button', { name: '同步' })).toBeInTheDocument();
    expect(within(table()).getByRole('columnheader', { name: '标题' })).toBeInTheDocument();
    expect(within(table()).queryByRole('columnheader', { name: '创建时间' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '新增' }));
    expect(await screen.findByText('自定义表单 add')).toBeInTheDocument();
  });
});
