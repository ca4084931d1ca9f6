import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CrudPage } from '@/components/crud';
import { onNotify, type NotifyMessage } from '@/lib/notify';
import { setPrilist } from '@/lib/session';
import { setAccessRoutes } from '@/lib/permissions';
import type { RowActionDefinition } from '@/components/crud';
import { renderWithProviders } from '../form/render';
import { permitAllActions, createFakeNoticeModule, makeNotices } from './fake-module';

const ALL_KEYS = ['ADD', 'EDIT', 'DELETE', 'RECYCLE', 'IMPORT', 'EXPORT'].map(
  (s) => `ADMINNOTICE_${s}`,
);

let toasts: NotifyMessage[] = [];
let stop: () => void = () => undefined;
beforeEach(() => {
  toasts = [];
  stop = onNotify((m) => toasts.push(m));
  setPrilist(ALL_KEYS);
  permitAllActions(createFakeNoticeModule().module);
});
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

/** The page's own table (dialogs are portaled outside the section). */
const table = () => within(screen.getByRole('region', { name: '公告管理' })).getByRole('table');
const rowOf = (text: string) => within(table()).getByText(text).closest('tr')!;

describe('CrudPage over an in-memory module', () => {
  it('lists the rows with formatted columns', async () => {
    const { module, api } = createFakeNoticeModule();
    renderWithProviders(<CrudPage module={module} />);
    expect(await within(table()).findByText('公告1')).toBeInTheDocument();
    expect(within(table()).getByText('公告3')).toBeInTheDocument();
    expect(api.list).toHaveBeenCalledWith({ pageindex: 1, pagesize: 10 });
    expect(screen.getByRole('button', { name: '新增' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '回收站' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '导入' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '导出' })).toBeInTheDocument();
  });

  it('pages on the server: the next page calls list with pageindex 2', async () => {
    const { module, api } = createFakeNoticeModule(makeNotices(25));
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={module} />);
    await within(table()).findByText('公告1');
    expect(screen.getByText('共 25 条')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(await within(table()).findByText('公告11')).toBeInTheDocument();
    expect(within(table()).queryByText('公告1')).not.toBeInTheDocument();
    expect(api.list).toHaveBeenLastCalledWith({ pageindex: 2, pagesize: 10 });
  });

  it('a slow page: the paginator moves on over the old rows until its rows arrive', async () => {
    const { module, api } = createFakeNoticeModule(makeNotices(25));
    const answered = api.list.getMockImplementation()!;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.list.mockImplementation(async (q) => {
      if (q.pageindex === 2) await held;
      return answered(q);
    });
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={module} />);
    await within(table()).findByText('公告1');
    await user.click(screen.getByRole('button', { name: '下一页' }));
    // The server has not answered yet: after a short wait the paginator shows page 2 anyway.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'true'),
    );
    expect(within(table()).getByText('公告1')).toBeInTheDocument();
    release();
    expect(await within(table()).findByText('公告11')).toBeInTheDocument();
    expect(within(table()).queryByText('公告1')).not.toBeInTheDocument();
  });

  it('searches by keyword from page 1', async () => {
    const { module, api } = createFakeNoticeModule(makeNotices(12));
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={module} />);
    await within(table()).findByText('公告1');
    await user.type(screen.getByRole('textbox', { name: '请输入关键字' }), '公告12');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(within(table()).queryByText('公告2')).not.toBeInTheDocument());
    expect(within(table()).getByText('公告12')).toBeInTheDocument();
    expect(api.list).toHaveBeenLastCalledWith({ pageindex: 1, pagesize: 10, keyword: '公告12' });
  });

  it('adds a record through the form dialog; it appears in the list', async () => {
    const { module, api } = createFakeNoticeModule();
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={module} />);
    await within(table()).findByText('公告1');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增 - 公告管理' });
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('请输入标题')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('标题'), ' 放假通知 ');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(table()).findByText('放假通知')).toBeInTheDocument();
    expect(api.add).toHaveBeenCalledWith({ title: '放假通知', status: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts).toContainEqual(
      expect.objectContaining({ severity: 'success', summary: '新增成功' }),
    );
  });

  it('keeps the dialog open with what was typed when the server answers 201', async () => {
    const { module } = createFakeNoticeModule();
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={module} />);
    await within(table()).findByText('公告1');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增 - 公告管理' });
    await user.type(within(dialog).getByLabelText('标题'), '重复');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '提交' })).toBeEnabled());
    expect(screen.getByRole('dialog', { name: '新增 - 公告管理' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('标题')).toHaveValue('重复');
  });

  it('edits a record loaded through info', async () => {
    const { module, api } = createFakeNoticeModule();
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={module} />);
    await within(table()).findByText('公告2');
    const row = within(table()).getByText('公告2').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑 - 公告管理' });
    const input = await within(dialog).findByLabelText('标题');
    expect(input).toHaveValue('公告2');
    await user.clear(input);
    await user.type(input, '公告二');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(table()).findByText('公告二')).toBeInTheDocument();
    expect(api.info).toHaveBeenCalledWith(2);
    expect(api.edit).toHaveBeenCalledWith(expect.objectContaining({ id: 2, title: '公告二' }));
  });

  it('deletes after confirmation; the row is gone and the bin can restore it', async () => {
    const { module, api } = createFakeNoticeModule();
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={module} />);
    await within(table()).findByText('公告2');
    const row = within(table()).getByText('公告2').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '删除' }));
    expect(
      await screen.findByText('确定删除该记录吗？删除后可在回收站中恢复。'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(table()).queryByText('公告2')).not.toBeInTheDocument());
    expect(api.delete).toHaveBeenCalledWith(2);
    expect(toasts).toContainEqual(expect.objectContaining({ summary: '删除成功' }));

    await user.click(screen.getByRole('button', { name: '回收站' }));
    const bin = await screen.findByRole('dialog', { name: '回收站 - 公告管理' });
    expect(await within(bin).findByText('公告2')).toBeInTheDocument();
    await user.click(within(bin).getByRole('button', { name: '恢复' }));
    await waitFor(() => expect(within(bin).queryByText('公告2')).not.toBeInTheDocument());
    expect(await within(table()).findByText('公告2')).toBeInTheDocument();
    expect(api.restore).toHaveBeenCalledWith(2);
  });

  it('cancelling the delete keeps the row and says so', async () => {
    const { module, api } = createFakeNoticeModule();
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={module} />);
    await within(table()).findByText('公告2');
    const row = within(table()).getByText('公告2').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '删除' }));
    await user.click(await screen.findByRole('button', { name: '取消' }));
    expect(toasts).toContainEqual(expect.objectContaining({ summary: '已取消删除' }));
    expect(api.delete).not.toHaveBeenCalled();
    expect(within(table()).getByText('公告2')).toBeInTheDocument();
  });

  it('destroys from the bin after confirmation', async () => {
    const { module, api, db } = createFakeNoticeModule();
    db.bin.push({ id: 9, title: '旧公告', status: 2, create_time: 1714521600 });
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={module} />);
    await user.click(screen.getByRole('button', { name: '回收站' }));
    const bin = await screen.findByRole('dialog', { name: '回收站 - 公告管理' });
    await within(bin).findByText('旧公告');
    await user.click(within(bin).getByRole('button', { name: '彻底删除' }));
    expect(await screen.findByText('此操作将永久删除该记录，是否继续？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(bin).queryByText('旧公告')).not.toBeInTheDocument());
    expect(api.destroy).toHaveBeenCalledWith(9);
    expect(within(bin).getByText('回收站为空')).toBeInTheDocument();
  });

  it('switches status through disable with 2 for off', async () => {
    const { module, api } = createFakeNoticeModule();
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={module} />);
    await within(table()).findByText('公告1');
    await user.click(within(rowOf('公告1')).getByRole('switch', { name: '状态：启用' }));
    await waitFor(() => expect(api.disable).toHaveBeenCalledWith(1, 2));
    await waitFor(() =>
      expect(within(rowOf('公告1')).getByRole('switch', { name: '状态：禁用' })).not.toBeChecked(),
    );
    expect(toasts).toContainEqual(expect.objectContaining({ summary: '状态修改成功' }));
  });

  it('hides the add button without the ADMINNOTICE_ADD key', async () => {
    setPrilist(ALL_KEYS.filter((key) => key !== 'ADMINNOTICE_ADD'));
    const { module } = createFakeNoticeModule();
    renderWithProviders(<CrudPage module={module} />);
    await within(table()).findByText('公告1');
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(within(table()).getAllByRole('button', { name: '删除' })).toHaveLength(3);
  });

  it('hides row delete without the ADMINNOTICE_DELETE key', async () => {
    setPrilist(ALL_KEYS.filter((key) => key !== 'ADMINNOTICE_DELETE'));
    const { module } = createFakeNoticeModule();
    renderWithProviders(<CrudPage module={module} />);
    await within(table()).findByText('公告1');
    expect(within(table()).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(within(table()).getAllByRole('button', { name: '编辑' })).toHaveLength(3);
  });

  it('hides an action the route does not permit (action guard), even with the key', async () => {
    const { module } = createFakeNoticeModule();
    setAccessRoutes({ [module.route]: ['info', 'edit'] });
    renderWithProviders(<CrudPage module={module} />);
    await within(table()).findByText('公告1');
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '回收站' })).not.toBeInTheDocument();
    expect(within(table()).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(within(table()).getAllByRole('button', { name: '编辑' })).toHaveLength(3);
  });

  it('offers no write action at all when the screen is outside the access routes', async () => {
    const { module } = createFakeNoticeModule();
    setAccessRoutes({});
    renderWithProviders(<CrudPage module={module} />);
    await within(table()).findByText('公告1');
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(within(table()).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
  });
});

describe('CrudPage seams', () => {
  const archive = (onClick: RowActionDefinition['onClick']): RowActionDefinition => ({
    id: 'archive',
    label: '归档',
    permission: { action: 'archive', key: 'ADMINNOTICE_ARCHIVE' },
    visible: (row) => row.status === 1,
    onClick,
  });

  it('adds a row action that asks first and runs on yes, guarded by route and key', async () => {
    const { module } = createFakeNoticeModule();
    setAccessRoutes({ [module.route]: ['info', 'edit', 'archive'] });
    setPrilist([...ALL_KEYS, 'ADMINNOTICE_ARCHIVE']);
    const archived: unknown[] = [];
    const user = userEvent.setup();
    renderWithProviders(
      <CrudPage
        module={module}
        rowActions={[
          archive((row, list) =>
            list.ask({
              message: '确定归档吗？',
              accept: async () => archived.push(list.idOf(row)),
            }),
          ),
        ]}
      />,
    );
    await within(table()).findByText('公告1');
    await user.click(within(rowOf('公告1')).getByRole('button', { name: '归档' }));
    expect(await screen.findByText('确定归档吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(archived).toEqual([1]));
  });

  it('hides the row action without its key or its operate entry', async () => {
    const { module } = createFakeNoticeModule();
    const action = archive(() => undefined);
    setAccessRoutes({ [module.route]: ['info', 'edit', 'archive'] });
    const { unmount } = renderWithProviders(<CrudPage module={module} rowActions={[action]} />);
    await within(table()).findByText('公告1');
    expect(within(table()).queryByRole('button', { name: '归档' })).not.toBeInTheDocument();
    unmount();
    setPrilist([...ALL_KEYS, 'ADMINNOTICE_ARCHIVE']);
    setAccessRoutes({ [module.route]: ['info', 'edit'] });
    renderWithProviders(<CrudPage module={module} rowActions={[action]} />);
    await within(table()).findByText('公告1');
    expect(within(table()).queryByRole('button', { name: '归档' })).not.toBeInTheDocument();
  });

  it('offers 编辑 and 删除 only on the rows rowAllows names; delete still asks first', async () => {
    const { module } = createFakeNoticeModule();
    const user = userEvent.setup();
    renderWithProviders(
      <CrudPage
        module={module}
        rowAllows={(action, row) => action === 'view' || row.title !== '公告2'}
      />,
    );
    await within(table()).findByText('公告1');
    expect(within(rowOf('公告2')).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(rowOf('公告2')).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(rowOf('公告2')).getByRole('button', { name: '查看' })).toBeInTheDocument();
    expect(within(rowOf('公告1')).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    await user.click(within(rowOf('公告1')).getByRole('button', { name: '删除' }));
    expect(
      await screen.findByText('确定删除该记录吗？删除后可在回收站中恢复。'),
    ).toBeInTheDocument();
  });

  it('takes toolbar extras, column overrides and a custom form', async () => {
    const { module } = createFakeNoticeModule();
    const user = userEvent.setup();
    renderWithProviders(
      <CrudPage
        module={module}
        toolbarExtra={<button type="button">同步</button>}
        columns={{ title: { header: '公告名称' }, create_time: { hidden: true } }}
        renderForm={({ visible, mode }) => (visible ? <p>自定义表单 {mode}</p> : null)}
      />,
    );
    await within(table()).findByText('公告1');
    expect(screen.getByRole('button', { name: '同步' })).toBeInTheDocument();
    expect(within(table()).getByRole('columnheader', { name: '公告名称' })).toBeInTheDocument();
    expect(within(table()).queryByRole('columnheader', { name: '创建时间' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '新增' }));
    expect(await screen.findByText('自定义表单 add')).toBeInTheDocument();
  });
});
