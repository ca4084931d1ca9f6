/**
 * The login page after wrong passwords (issue 49, case 12): every refusal shows a new captcha
 * and empties its answer, and after 5 wrong passwords in a row even the right one is told to
 * wait — 登录失败次数过多，请 1 秒后再试 — instead of signing in.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import LoginPage from '@/features/auth/login-page';
import { clearSession, getToken } from '@/lib/session';
import { setNotifySink, type NotifyMessage } from '@/lib/notify';
import { withMockServer } from '../mocks/harness';
import { renderWithProviders } from '../form/render';

withMockServer();

let shown: NotifyMessage[] = [];
let stopListening: () => void = () => undefined;

beforeEach(() => {
  // The clock stands still: typing six times may take longer than the first 1 s wait.
  vi.useFakeTimers({ toFake: ['Date'] });
  shown = [];
  stopListening = setNotifySink((message) => shown.push(message));
});
afterEach(() => {
  vi.useRealTimers();
  stopListening();
  clearSession();
});

describe('login page after wrong passwords', () => {
  it('renews the captcha after each refusal and makes the right password wait after 5 wrong ones', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>,
    );
    const username = screen.getByLabelText('用户名');
    const password = screen.getByLabelText('密码');
    const captcha = screen.getByLabelText('验证码');
    let image = (await screen.findByAltText('验证码图片')).getAttribute('src');

    /** Submits the form; resolves with the message the user is shown once a new captcha shows. */
    const attempt = async (typed: string) => {
      const before = shown.length;
      await user.clear(username);
      await user.type(username, 'admin');
      await user.clear(password);
      await user.type(password, typed);
      await user.type(captcha, '8888');
      await user.click(screen.getByRole('button', { name: '登录' }));
      await waitFor(() => {
        expect(screen.getByAltText('验证码图片').getAttribute('src')).not.toBe(image);
        expect(shown.length).toBeGreaterThan(before);
      });
      image = screen.getByAltText('验证码图片').getAttribute('src');
      expect(captcha).toHaveValue('');
      return shown.at(-1)?.summary;
    };

    for (let i = 0; i < 5; i += 1) expect(await attempt(`wrong-${i}`)).toBe('用户名或密码错误');
    expect(await attempt('Admin@123456')).toBe('登录失败次数过多，请 1 秒后再试');
    expect(getToken()).toBe('');
  });
});
