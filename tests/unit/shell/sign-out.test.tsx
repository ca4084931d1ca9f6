/**
 * 退出系统 → 确认退出登录吗？ → 确定 signs out on the server too (issue 49, case 12): a copy of
 * the token (a log, another program) is refused with 401，登录失效！ afterwards, and the
 * browser's session is gone at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { UserMenu } from '@/layout/user-menu';
import { clearSession, getToken, startSession } from '@/lib/session';
import { call, signIn, withMockServer } from '../mocks/harness';
import { renderWithProviders } from '../form/render';

withMockServer();

/** The app's own origin (jsdom's): the mock answers only calls to its own backend. */
const own = (path: string) => new URL(path, window.location.href).href;

let token = '';

beforeEach(async () => {
  token = await signIn();
  startSession({
    token,
    userinfo: { username: 'admin', nickname: '超级管理员', avatar: '' },
    prilist: '',
  });
});
afterEach(() => clearSession());

describe('退出系统', () => {
  it('ends the token on the server: the same token then answers 401，登录失效！', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter>
        <UserMenu />
        <ConfirmDialog />
      </MemoryRouter>,
    );
    expect((await call('GET', own('/api/adminnotice/list'), { token })).status).toBe(200);
    await user.click(screen.getByRole('button', { name: '超级管理员' }));
    await user.click(await screen.findByText('退出系统'));
    expect(await screen.findByText('确认退出登录吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(getToken()).toBe('');
    await vi.waitFor(async () =>
      expect(await call('GET', own('/api/adminnotice/list'), { token })).toEqual({
        status: 401,
        msg: '401，登录失效！',
        data: null,
      }),
    );
  });
});
