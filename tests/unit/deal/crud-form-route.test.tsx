/**
 * The CRUD blocks' seam for forms opened as routes: CrudPage hands 新增 / 编辑 to `openForm`
 * (no dialog), and CrudFormPage is the same form as a page — required message, <MODULE>_ADD
 * guarding 提交, onDone after a successful save.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CrudFormPage, CrudPage } from '@/components/crud';
import { setPrilist } from '@/lib/session';
import { renderWithProviders } from '../form/render';
import { createFakeNoticeModule, permitAllActions } from '../crud/fake-module';

beforeEach(() => {
  setPrilist(['ADMINNOTICE_ADD', 'ADMINNOTICE_EDIT', 'ADMINNOTICE_DELETE']);
  permitAllActions(createFakeNoticeModule().module);
});
afterEach(() => vi.restoreAllMocks());

describe('CrudPage openForm', () => {
  it('新增 and 编辑 call openForm with the mode and id, and open no dialog', async () => {
    const { module } = createFakeNoticeModule();
    const openForm = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CrudPage module={module} openForm={openForm} />);
    const table = within(screen.getByRole('region', { name: '公告管理' })).getByRole('table');
    const row = (await within(table).findByText('公告2')).closest('tr')!;
    await user.click(screen.getByRole('button', { name: '新增' }));
    expect(openForm).toHaveBeenLastCalledWith('add');
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    expect(openForm).toHaveBeenLastCalledWith('edit', 2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('CrudFormPage', () => {
  it('adds after the required-field message, then calls onDone', async () => {
    const { module, api } = createFakeNoticeModule();
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <CrudFormPage module={module} mode="add" onDone={onDone} onCancel={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请输入标题')).toBeInTheDocument();
    expect(api.add).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('标题'), '整页新增');
    await user.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(api.add).toHaveBeenCalledWith(expect.objectContaining({ title: '整页新增' }));
  });

  it('edits the loaded record; without <MODULE>_ADD there is no 提交', async () => {
    const { module } = createFakeNoticeModule();
    setPrilist(['ADMINNOTICE_EDIT']);
    renderWithProviders(
      <CrudFormPage module={module} mode="edit" id={3} onDone={vi.fn()} onCancel={vi.fn()} />,
    );
    await waitFor(() => expect(screen.getByLabelText('标题')).toHaveValue('公告3'));
    expect(screen.getByRole('button', { name: '关闭' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交' })).not.toBeInTheDocument();
  });

  it('关闭 with unsaved input asks before leaving', async () => {
    const { module } = createFakeNoticeModule();
    const onCancel = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <CrudFormPage module={module} mode="add" onDone={vi.fn()} onCancel={onCancel} />,
    );
    await user.type(screen.getByLabelText('标题'), '未保存');
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: '放弃' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
