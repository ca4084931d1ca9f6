import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DynamicForm, type FieldDefinition } from '@/components/form';
import { renderWithProviders } from './render';

const title: FieldDefinition = {
  cf_name: '标题',
  cf_fieldname: 'title',
  cf_control: 'input',
  cf_validate: 'require',
};

function setup(fields: FieldDefinition[], record?: Record<string, unknown>) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<DynamicForm fields={fields} record={record} onSubmit={onSubmit} />);
  return { onSubmit, user, submit: () => user.click(screen.getByRole('button', { name: '提交' })) };
}

describe('DynamicForm text rules (spec section 5)', () => {
  it('asks for a required text field by name: 请输入标题', async () => {
    const { submit, onSubmit } = setup([title]);
    await submit();
    expect(await screen.findByText('请输入标题')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the typed value once the field is filled, and clears the message', async () => {
    const { submit, onSubmit, user } = setup([title]);
    await submit();
    await screen.findByText('请输入标题');
    await user.type(screen.getByLabelText('标题'), '通知');
    await waitFor(() => expect(screen.queryByText('请输入标题')).not.toBeInTheDocument());
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ title: '通知' });
  });

  it('trims and strips emoji before validating and submitting', async () => {
    const { submit, onSubmit, user } = setup([title]);
    const input = screen.getByLabelText('标题');
    await user.type(input, '  年度😀总结👍🏽  ');
    expect(input).toHaveValue('  年度总结  ');
    await user.tab();
    expect(input).toHaveValue('年度总结');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ title: '年度总结' });
  });

  it('a field of only blanks and emoji counts as empty', async () => {
    const { submit, user, onSubmit } = setup([title]);
    await user.type(screen.getByLabelText('标题'), '   😀 ');
    await submit();
    expect(await screen.findByText('请输入标题')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    { control: 'input', length: undefined, max: 50 },
    { control: 'input', length: 10, max: 10 },
    { control: 'textarea', length: undefined, max: 200 },
    { control: 'password', length: undefined, max: 20 },
  ] as const)(
    'limits $control (cf_length $length) to $max characters',
    async ({ control, length, max }) => {
      const field: FieldDefinition = {
        cf_name: '内容',
        cf_fieldname: 'body',
        cf_control: control,
        cf_length: length,
      };
      const { submit, onSubmit } = setup([field], { body: '字'.repeat(max + 1) });
      await submit();
      expect(await screen.findByText(`内容最多${max}个字符`)).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it('accepts exactly the maximum length', async () => {
    const field: FieldDefinition = { cf_name: '内容', cf_fieldname: 'body', cf_control: 'input' };
    const { submit, onSubmit } = setup([field], { body: '字'.repeat(50) });
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ body: '字'.repeat(50) }));
  });

  it('textarea and password follow the same trim rule', async () => {
    const fields: FieldDefinition[] = [
      { cf_name: '简介', cf_fieldname: 'intro', cf_control: 'textarea', cf_validate: 'require' },
      { cf_name: '密码', cf_fieldname: 'pwd', cf_control: 'password', cf_validate: 'require' },
    ];
    const { submit, user, onSubmit } = setup(fields);
    await submit();
    expect(await screen.findByText('请输入简介')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    await user.type(screen.getByLabelText('简介'), ' 第一行 ');
    await user.type(screen.getByLabelText('密码'), ' Abc#1234 ');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ intro: '第一行', pwd: 'Abc#1234' });
  });

  it('keeps what the user typed when the submit handler fails', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new Error('接口出错！'));
    const user = userEvent.setup();
    renderWithProviders(<DynamicForm fields={[title]} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('标题'), '草稿');
    await user.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(screen.getByLabelText('标题')).toHaveValue('草稿');
    expect(screen.getByRole('button', { name: '提交' })).toBeEnabled();
  });
});
