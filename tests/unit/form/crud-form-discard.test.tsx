/**
 * The add / edit dialog keeps what the user typed: Escape in an open drop-down panel closes
 * only that panel, and closing the dialog with unsaved input (Escape, the close icon, 关闭)
 * asks 有未保存的内容，确定放弃吗？ first. The form is 权限管理's generated one (its 所属菜单 tree
 * select and 操作 multi-select open panels) over the app's mock handlers.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CrudForm } from '@/components/crud/crud-form';
import { setPrilist } from '@/lib/session';
import { authorityModule } from '@generated/modules/authority';
import { permitAllActions, withMockBackend } from '../crud/mock-backend';
import { renderWithProviders, preloadLazyControls } from './render';

// The form's lazily loaded controls are there, as on a list that fetched them ahead.
beforeAll(preloadLazyControls);

const DISCARD = '有未保存的内容，确定放弃吗？';

withMockBackend();

function setup(mode: 'add' | 'edit' = 'add') {
  permitAllActions(authorityModule);
  const onHide = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <CrudForm
      module={authorityModule}
      mode={mode}
      id={mode === 'edit' ? 2 : undefined}
      visible
      onHide={onHide}
    />,
  );
  const title = mode === 'edit' ? '编辑 - 权限管理' : '新增 - 权限管理';
  const dialog = () => screen.getByRole('dialog', { name: title });
  /** The footer's 关闭 (the header's close icon is labelled 关闭 too). */
  const closeButton = () =>
    within(dialog().querySelector<HTMLElement>('.crud-form__footer')!).getByRole('button', {
      name: '关闭',
    });
  return { user, onHide, dialog, title, closeButton };
}

beforeEach(() => setPrilist(['AUTHORITY_ADD', 'AUTHORITY_EDIT']));
afterEach(() => vi.restoreAllMocks());

describe('Escape in an open panel closes that panel only', () => {
  it('tree select: the dialog and the typed title stay', async () => {
    const { user, onHide, dialog } = setup();
    await user.type(within(dialog()).getByLabelText('权限名称'), '不要丢');
    await user.click(within(dialog()).getByText('请选择所属菜单'));
    const filter = await screen.findByPlaceholderText('检索关键字');
    await user.click(filter);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByPlaceholderText('检索关键字')).toBeNull());
    expect(onHide).not.toHaveBeenCalled();
    expect(screen.queryByText(DISCARD)).toBeNull();
    expect(within(dialog()).getByLabelText('权限名称')).toHaveValue('不要丢');
  });

  it('multi-select: the dialog stays, nothing is asked', async () => {
    const { user, onHide, dialog } = setup();
    await user.click(within(dialog()).getByText('请选择操作'));
    await screen.findByRole('option', { name: '启用/禁用', hidden: true });
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: '启用/禁用', hidden: true })).toBeNull(),
    );
    expect(onHide).not.toHaveBeenCalled();
    expect(screen.queryByText(DISCARD)).toBeNull();
    expect(dialog()).toBeInTheDocument();
  });
});

describe('closing with unsaved input asks first', () => {
  it('Escape asks; 继续编辑 keeps the input; 放弃 closes', async () => {
    const { user, onHide, dialog } = setup();
    await user.type(within(dialog()).getByLabelText('权限名称'), '草稿');
    await user.keyboard('{Escape}');
    expect(await screen.findByText(DISCARD)).toBeInTheDocument();
    expect(onHide).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(screen.queryByText(DISCARD)).toBeNull());
    expect(within(dialog()).getByLabelText('权限名称')).toHaveValue('草稿');

    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: '放弃' }));
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('the close icon and 关闭 ask too; Escape on the question closes only the question', async () => {
    const { user, onHide, dialog, closeButton } = setup();
    await user.type(within(dialog()).getByLabelText('权限名称'), '草稿');
    await user.click(closeButton());
    expect(await screen.findByText(DISCARD)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(DISCARD)).toBeNull());
    expect(onHide).not.toHaveBeenCalled();

    const closeIcon = dialog().querySelector<HTMLButtonElement>('.p-dialog-header-close');
    await user.click(closeIcon!);
    expect(await screen.findByText(DISCARD)).toBeInTheDocument();
    expect(onHide).not.toHaveBeenCalled();
  });

  it('an untouched form closes at once, by Escape or 关闭', async () => {
    const first = setup();
    await first.user.keyboard('{Escape}');
    expect(first.onHide).toHaveBeenCalledTimes(1);
    await first.user.click(first.closeButton());
    expect(first.onHide).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(DISCARD)).toBeNull();
  });

  it('edit: the loaded record is not unsaved input; a change is', async () => {
    const { user, onHide, dialog } = setup('edit');
    const title = await within(dialog()).findByLabelText('权限名称');
    await waitFor(() => expect(title).toHaveValue('编辑公告'));
    await user.keyboard('{Escape}');
    expect(onHide).toHaveBeenCalledTimes(1);

    await user.type(title, '（改）');
    await user.keyboard('{Escape}');
    expect(await screen.findByText(DISCARD)).toBeInTheDocument();
    expect(onHide).toHaveBeenCalledTimes(1);
  });
});
