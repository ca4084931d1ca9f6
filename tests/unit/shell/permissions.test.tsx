import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  hasPermissionAction,
  hasPermissionKey,
  setAccessRoutes,
  setActionGuardEnabled,
} from '@/lib/permissions';
import { Permission, PermissionKey } from '@/lib/permissions/guards';
import { clearSession, setPrilist, startSession } from '@/lib/session';

function renderAt(path: string, ui: React.ReactNode) {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

describe('key guard (prilist)', () => {
  beforeEach(() => sessionStorage.clear());

  it('shows an element only when its key is in prilist', () => {
    setPrilist('ADMINNOTICE_ADD, ADMINUSER_EDIT');
    expect(hasPermissionKey('ADMINNOTICE_ADD')).toBe(true);
    expect(hasPermissionKey('ADMINUSER_EDIT')).toBe(true);
    expect(hasPermissionKey('ADMINUSER_DELETE')).toBe(false);
    expect(hasPermissionKey('')).toBe(false);

    renderAt(
      '/',
      <>
        <PermissionKey k="ADMINNOTICE_ADD">
          <button>提交公告</button>
        </PermissionKey>
        <PermissionKey k="ADMINUSER_DELETE">
          <button>删除</button>
        </PermissionKey>
      </>,
    );
    expect(screen.getByRole('button', { name: '提交公告' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });
});

describe('action guard', () => {
  beforeEach(() => {
    setActionGuardEnabled(true);
    setAccessRoutes({ '/system/user': ['add', 'edit'] });
  });
  afterEach(() => {
    setAccessRoutes(undefined);
    setActionGuardEnabled(true);
    vi.restoreAllMocks();
  });

  it("throws '需要权限！' without an action or before access routes are loaded", () => {
    expect(() => hasPermissionAction(undefined, '/system/user')).toThrow('需要权限！');
    expect(() => hasPermissionAction('', '/system/user')).toThrow('需要权限！');
    setAccessRoutes(undefined);
    expect(() => hasPermissionAction('add', '/system/user')).toThrow('需要权限！');
  });

  it("answers from the current route's permission list; the config flag off lets everything through", () => {
    expect(hasPermissionAction('add', '/system/user')).toBe(true);
    expect(hasPermissionAction('delete', '/system/user')).toBe(false);
    expect(hasPermissionAction('add', '/system/role')).toBe(false);
    setActionGuardEnabled(false);
    expect(hasPermissionAction('delete', '/system/user')).toBe(true);
  });

  it('removes, or disables when asked, an element whose action is missing', () => {
    renderAt(
      '/system/user',
      <>
        <Permission action="add">
          <button>新增</button>
        </Permission>
        <Permission action="delete">
          <button>删除</button>
        </Permission>
        <Permission action="resetpassword" disabled>
          <button>重置密码</button>
        </Permission>
      </>,
    );
    expect(screen.getByRole('button', { name: '新增' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.getByRole('button', { name: '重置密码' })).toBeDisabled();
  });

  it("reports '需要权限！' and hides the element when no access routes are loaded", () => {
    setAccessRoutes(undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt(
      '/system/user',
      <Permission action="add">
        <button>新增</button>
      </Permission>,
    );
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(error).toHaveBeenCalledWith('需要权限！');
  });

  it('forgets the access routes on logout', () => {
    startSession({
      token: 't',
      userinfo: { username: 'admin', nickname: '', avatar: '' },
      prilist: '',
    });
    clearSession();
    expect(() => hasPermissionAction('add', '/system/user')).toThrow('需要权限！');
  });
});
