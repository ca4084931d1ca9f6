/**
 * The add / edit dialog keeps what the user typed: Escape in an open drop-down panel closes
 * only that panel, and closing the dialog with unsaved input (Escape, the close icon, 关闭)
 * asks 有未保存的内容，确定放弃吗？ first.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CrudForm } from '@/components/crud/crud-form';
import { setPrilist } from '@/lib/session';
import { createFakeNoticeModule, permitAllActions } from '../crud/fake-module';
import { renderWithProviders } from './render';

const DISCARD = '有未保存的内容，确定放弃吗？';

function setup(mode: 'add' | 'edit' = 'add') {
  const { module, api } = createFakeNoticeModule();
  module.fields = [
    ...module.fields,
    {
      cf_name: '部门',
      cf_fieldname: 'dept',
      cf_control: 'SelectTree',
      optionData: [{ label: '总部', value: 1, children: [{ label: '研发部', value: 11 }] }],
    },
    {
      cf_name: '颜色',
      cf_fieldname: 'colour',
      cf_control: 'select',
      optionData: [
        { label: '红色', value: 'red' },
        { label: '蓝色', value: 'blue' },
      ],
    },
  ];
  permitAllActions(module);
  const onHide = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <CrudForm
      module={module}
      mode={mode}
      id={mode === 'edit' ? 2 : undefined}
      visible
      onHide={onHide}
    />,
  );
  const title = mode === 'edit' ? '编辑 - 公告管理' : '新增 - 公告管理';
  const dialog = () => screen.getByRole('dialog', { name: title });
  /** The footer's 关闭 (the header's close icon is labelled 关闭 too). */
  const closeButton = () =>
    within(dialog().querySelector<HTMLElement>('.crud-form__footer')!).getByRole('button', {
      name: '关闭',
    });
  return { user, onHide, dialog, api, title, closeButton };
}

beforeEach(() => setPrilist(['ADMINNOTICE_ADD']));
afterEach(() => vi.restoreAllMocks());

describe('Escape in an open panel closes that panel only', () => {
  it('tree select: the dialog and the typed title stay', async () => {
    const { user, onHide, dialog } = setup();
    await user.type(within(dialog()).getByLabelText('标题'), '不要丢');
    await user.click(within(dialog()).getByText('检索关键字'));
    const filter = await screen.findByPlaceholderText('检索关键字');
    await user.click(filter);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByPlaceholderText('检索关键字')).toBeNull());
    expect(onHide).not.toHaveBeenCalled();
    expect(screen.queryByText(DISCARD)).toBeNull();
    expect(within(dialog()).getByLabelText('标题')).toHaveValue('不要丢');
  });

  it('drop-down: the dialog stays, nothing is asked', async () => {
    const { user, onHide, dialog } = setup();
    await user.click(within(dialog()).getByText('请选择', { selector: '.p-dropdown-label' }));
    await screen.findByRole('option', { name: '蓝色', hidden: true });
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: '蓝色', hidden: true })).toBeNull(),
    );
    expect(onHide).not.toHaveBeenCalled();
    expect(screen.queryByText(DISCARD)).toBeNull();
    expect(dialog()).toBeInTheDocument();
  });
});

describe('closing with unsaved input asks first', () => {
  it('Escape asks; 继续编辑 keeps the input; 放弃 closes', async () => {
    const { user, onHide, dialog } = setup();
    await user.type(within(dialog()).getByLabelText('标题'), '草稿');
    await user.keyboard('{Escape}');
    expect(await screen.findByText(DISCARD)).toBeInTheDocument();
    expect(onHide).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(screen.queryByText(DISCARD)).toBeNull());
    expect(within(dialog()).getByLabelText('标题')).toHaveValue('草稿');

    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: '放弃' }));
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('the close icon and 关闭 ask too; Escape on the question closes only the question', async () => {
    const { user, onHide, dialog, closeButton } = setup();
    await user.type(within(dialog()).getByLabelText('标题'), '草稿');
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
    const { user, onHide, dialog, api } = setup('edit');
    const title = await within(dialog()).findByLabelText('标题');
    await waitFor(() => expect(title).toHaveValue('公告2'));
    expect(api.info).toHaveBeenCalledWith(2);
    await user.keyboard('{Escape}');
    expect(onHide).toHaveBeenCalledTimes(1);

    await user.type(title, '（改）');
    await user.keyboard('{Escape}');
    expect(await screen.findByText(DISCARD)).toBeInTheDocument();
    expect(onHide).toHaveBeenCalledTimes(1);
  });
});
