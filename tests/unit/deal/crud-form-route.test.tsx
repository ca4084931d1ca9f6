/**
 * The CRUD blocks' seam for forms opened as routes: CrudPage hands 新增 / 编辑 to `openForm`
 * (no dialog), and CrudFormPage is the same form as a page — required message, <MODULE>_ADD
 * guarding 提交, onDone after a successful save. 配置管理's generated module over the app's mock
 * handlers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CrudFormPage, CrudPage } from '@/components/crud';
import { setPrilist } from '@/lib/session';
import { groupList } from '@generated/api/group/group';
import { renderWithProviders } from '../form/render';
import { groupModule as module } from '@generated/modules/group';
import { permitAllActions, withMockBackend } from '../crud/mock-backend';

const backend = withMockBackend();

beforeEach(() => {
  setPrilist(['GROUP_ADD', 'GROUP_EDIT', 'GROUP_DELETE']);
  permitAllActions(module);
});
afterEach(() => vi.restoreAllMocks());

describe('CrudPage openForm', () => {
  it('新增 and 编辑 call openForm with the mode and id, and open no dialog', async () => {
    const openForm = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={module} openForm={openForm} />);
    const table = within(screen.getByRole('region', { name: '配置管理' })).getByRole('table');
    const row = (await within(table).findByText('SYS_TITLE')).closest('tr')!;
    await user.click(screen.getByRole('button', { name: '新增' }));
    expect(openForm).toHaveBeenLastCalledWith('add');
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    expect(openForm).toHaveBeenLastCalledWith('edit', 2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('CrudFormPage', () => {
  it('adds after the required-field message, then calls onDone', async () => {
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <CrudFormPage module={module} mode="add" onDone={onDone} onCancel={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请输入配置编码')).toBeInTheDocument();
    expect(backend.requests('/api/group/add')).toEqual([]);
    await user.type(screen.getByLabelText('配置编码'), 'PAGE_ADD');
    await user.type(screen.getByLabelText('配置名称'), '整页新增');
    await user.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const { data } = await groupList({ pageindex: 1, pagesize: 100, keyword: '整页新增' });
    expect(data?.data.map((row) => row.code)).toEqual(['PAGE_ADD']);
  });

  it('edits the loaded record; without <MODULE>_ADD there is no 提交', async () => {
    setPrilist(['GROUP_EDIT']);
    renderWithProviders(
      <CrudFormPage module={module} mode="edit" id={2} onDone={vi.fn()} onCancel={vi.fn()} />,
    );
    await waitFor(() => expect(screen.getByLabelText('配置名称')).toHaveValue('系统标题'));
    expect(screen.getByRole('button', { name: '关闭' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交' })).not.toBeInTheDocument();
  });

  it('关闭 with unsaved input asks before leaving', async () => {
    const onCancel = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <CrudFormPage module={module} mode="add" onDone={vi.fn()} onCancel={onCancel} />,
    );
    await user.type(screen.getByLabelText('配置名称'), '未保存');
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: '放弃' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
