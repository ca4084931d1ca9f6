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

const REQUIRED_OLD = '请输入旧密码！';
const REQUIRED_NEW = '请输入新密码！';
const REQUIRED_CONFIRM = '请确认密码！';
const LENGTH = '密码长度8到20个字符';
const PATTERN = '必须包含数字、大小写字母和特殊符号';
const MISMATCH = '两次输入的密码不一致！';

/** New-password inputs and the one message each must get (spec order: required, length, pattern). */
const NEW_PASSWORDS: [label: string, value: string, message: string | undefined][] = [
  ['empty', '', REQUIRED_NEW],
  ['7 characters', 'Ab1@Ab1', LENGTH],
  ['21 characters', 'Ab1@Ab1@Ab1@Ab1@Ab1@X', LENGTH],
  ['no digit', 'Abcdefgh@', PATTERN],
  ['no upper-case letter', 'abcdefg1@', PATTERN],
  ['no lower-case letter', 'ABCDEFG1@', PATTERN],
  ['no special symbol', 'Abcdefg12', PATTERN],
  ['a symbol outside the set', 'Abcdef1@$', PATTERN],
  ['8 characters, valid', 'Abcde1@x', undefined],
  ['20 characters, valid', 'Abcdef1@Abcdef1@Abcd', undefined],
];

/** Confirmations (spec order: required, length, equality); `same` copies the new password. */
const CONFIRMATIONS: [label: string, value: string, message: string | undefined][] = [
  ['empty', '', REQUIRED_CONFIRM],
  ['7 characters', 'Ab1@Ab1', LENGTH],
  ['21 characters', 'Ab1@Ab1@Ab1@Ab1@Ab1@Y', LENGTH],
  ['a different valid password', 'Zyxwvu9@', MISMATCH],
  ['the same text', 'same', undefined],
];

/** What the confirmation shows when it repeats the new password: its own required / length rule. */
function sameConfirmationMessage(newPwd: string): string | undefined {
  if (!newPwd) return REQUIRED_CONFIRM;
  return newPwd.length < 8 || newPwd.length > 20 ? LENGTH : undefined;
}

const CASES = NEW_PASSWORDS.flatMap(([newLabel, newPwd, newMessage]) =>
  CONFIRMATIONS.map(([confirmLabel, confirm, confirmMessage]) => {
    const newPwdTwo = confirm === 'same' ? newPwd : confirm;
    const expected: Record<string, string> = {};
    if (newMessage) expected.newPwd = newMessage;
    const twoMessage = confirm === 'same' ? sameConfirmationMessage(newPwd) : confirmMessage;
    if (twoMessage) expected.newPwdTwo = twoMessage;
    return { newLabel, confirmLabel, values: { oldPwd: 'old', newPwd, newPwdTwo }, expected };
  }),
);

describe('password change rules (spec section 5)', () => {
  it('covers every pair of new-password and confirmation cases', () => {
    expect(CASES).toHaveLength(NEW_PASSWORDS.length * CONFIRMATIONS.length);
  });

  it.each(CASES)(
    'new password $newLabel, confirmation $confirmLabel',
    async ({ values, expected }) => {
      expect(await errorsOf(values)).toEqual(expected);
    },
  );

  it.each([
    [
      { oldPwd: '', newPwd: '', newPwdTwo: '' },
      { oldPwd: REQUIRED_OLD, newPwd: REQUIRED_NEW, newPwdTwo: REQUIRED_CONFIRM },
    ],
    [{ oldPwd: '', newPwd: 'Abcdef1@x', newPwdTwo: 'Abcdef1@x' }, { oldPwd: REQUIRED_OLD }],
    [{ oldPwd: 'x', newPwd: 'Abcdef1@x', newPwdTwo: 'Abcdef1@x' }, {}],
  ])('old password: %o → %o', async (values, expected) => {
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

    // A valid new password with an empty, then a short confirmation: the confirmation's own
    // rules speak first, not the mismatch.
    await user.clear(screen.getByLabelText('新密码'));
    await user.type(screen.getByLabelText('新密码'), 'Abcdef1@x');
    await user.clear(screen.getByLabelText('确认密码'));
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请确认密码！')).toBeInTheDocument();
    expect(screen.queryByText('两次输入的密码不一致！')).toBeNull();
    await user.type(screen.getByLabelText('确认密码'), 'Abc');
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('密码长度8到20个字符')).toBeInTheDocument();
    expect(screen.queryByText('两次输入的密码不一致！')).toBeNull();
    await user.type(screen.getByLabelText('确认密码'), 'def1@y');
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('两次输入的密码不一致！')).toBeInTheDocument();
  });
});
