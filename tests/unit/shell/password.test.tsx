import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { passwordSchema } from '@/layout/password-schema';
import { ChangePasswordDialog } from '@/layout/change-password-dialog';

async function errorsOf(values: Record<string, string>): Promise<Record<string, string>> {
  try {
    await passwordSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const result: Record<string, string> = {};
    for (const inner of (error as { inner: { path: string; message: string }[] }).inner)
      result[inner.path] ??= inner.message;
    return result;
  }
}

describe('password change rules (spec section 5)', () => {
  it.each([
    [
      { oldPwd: '', newPwd: '', newPwdTwo: '' },
      { oldPwd: '请输入旧密码！', newPwd: '请输入新密码！', newPwdTwo: '请确认密码！' },
    ],
    [
      { oldPwd: 'x', newPwd: 'Ab1@', newPwdTwo: 'Ab1@' },
      { newPwd: '密码长度8到20个字符', newPwdTwo: '密码长度8到20个字符' },
    ],
    [
      { oldPwd: 'x', newPwd: 'Ab1@Ab1@Ab1@Ab1@Ab1@X', newPwdTwo: 'Ab1@Ab1@Ab1@Ab1@Ab1@X' },
      { newPwd: '密码长度8到20个字符', newPwdTwo: '密码长度8到20个字符' },
    ],
    [
      { oldPwd: 'x', newPwd: 'abcdefg1@', newPwdTwo: 'abcdefg1@' },
      { newPwd: '必须包含数字、大小写字母和特殊符号' },
    ],
    [
      { oldPwd: 'x', newPwd: 'Abcdefgh@', newPwdTwo: 'Abcdefgh@' },
      { newPwd: '必须包含数字、大小写字母和特殊符号' },
    ],
    [
      { oldPwd: 'x', newPwd: 'Abcdefg12', newPwdTwo: 'Abcdefg12' },
      { newPwd: '必须包含数字、大小写字母和特殊符号' },
    ],
    [
      { oldPwd: 'x', newPwd: 'Abcdef1$%', newPwdTwo: 'Abcdef1$%' },
      { newPwd: '必须包含数字、大小写字母和特殊符号' },
    ],
    [
      { oldPwd: 'x', newPwd: 'Abcdef1@x', newPwdTwo: 'Abcdef1@y' },
      { newPwdTwo: '两次输入的密码不一致！' },
    ],
    [{ oldPwd: 'x', newPwd: 'Abcdef1@x', newPwdTwo: 'Abcdef1@x' }, {}],
  ])('%o → %o', async (values, expected) => {
    expect(await errorsOf(values)).toEqual(expected);
  });

  it.each(['`', '~', '!', '#', '@', '*', '&', '.'])(
    'accepts the special symbol %s',
    async (symbol) => {
      const pwd = `Abcdef1${symbol}`;
      expect(await errorsOf({ oldPwd: 'x', newPwd: pwd, newPwdTwo: pwd })).toEqual({});
    },
  );

  it('shows the messages in the dialog and keeps what the user typed', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ChangePasswordDialog visible onHide={vi.fn()} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('请输入旧密码！')).toBeInTheDocument();
    expect(screen.getByText('请输入新密码！')).toBeInTheDocument();
    expect(screen.getByText('请确认密码！')).toBeInTheDocument();

    await user.type(screen.getByLabelText('新密码'), 'abc');
    await user.type(screen.getByLabelText('确认密码'), 'abd');
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect((await screen.findAllByText('密码长度8到20个字符')).length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText('请输入新密码！')).toBeNull();
    expect(screen.getByLabelText('新密码')).toHaveValue('abc');
  });
});
