import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGuardLoader, guardRedirect, TRANSITION_DELAY_MS } from '@/app/guard';
import { loginRedirectTarget } from '@/features/auth/redirect';
import { resolveScreens } from '@/app/routes';
import { pageTitle } from '@/app/root';
import { LAYOUT_ROUTES } from '@/app/route-meta';
import { onNotify } from '@/lib/notify';

describe('navigation guard (spec section 2)', () => {
  it.each([
    // [path, search, signed in, expected redirect]
    ['/system/user', '', false, '/login?redirect=%2Fsystem%2Fuser'],
    ['/system/user', '?a=1', false, '/login?redirect=%2Fsystem%2Fuser%3Fa%3D1'],
    ['/homepage', '', false, '/login?redirect=%2Fhomepage'],
    ['/404', '', false, '/login?redirect=%2F404'],
    ['/login', '', false, undefined],
    ['/login', '?redirect=%2Fsystem%2Fuser', true, '/'],
    ['/system/user', '', true, undefined],
  ])('%s%s signed-in=%s → %s', (path, search, loggedIn, expected) => {
    expect(guardRedirect(path, search, loggedIn)).toBe(expected);
  });

  it('lands on the redirect query after login, never outside the app', () => {
    expect(loginRedirectTarget('?redirect=%2Fsystem%2Fuser%3Fa%3D1')).toBe('/system/user?a=1');
    expect(loginRedirectTarget('')).toBe('/');
    expect(loginRedirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(loginRedirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
  });

  describe('loader', () => {
    afterEach(() => vi.useRealTimers());

    it('waits 500 ms before letting a transition through', async () => {
      vi.useFakeTimers();
      const loader = createGuardLoader({ loggedIn: () => true });
      let settled = false;
      const result = loader({ request: new Request('http://x/system/user') }).then((value) => {
        settled = true;
        return value;
      });
      await vi.advanceTimersByTimeAsync(TRANSITION_DELAY_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await result).toBeNull();
    });

    it('redirects a signed-out user to the login page with the full path', async () => {
      const loader = createGuardLoader({ delayMs: 0, loggedIn: () => false });
      const response = (await loader({
        request: new Request('http://x/system/notice?page=2'),
      })) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe(
        '/login?redirect=%2Fsystem%2Fnotice%3Fpage%3D2',
      );
    });

    it('shows the error message (or 有错误) and goes to login on a guard error', async () => {
      const seen: string[] = [];
      const stop = onNotify((message) => seen.push(message.summary));
      const boom = createGuardLoader({
        delayMs: 0,
        loggedIn: () => {
          throw new Error('令牌解析失败');
        },
      });
      const silent = createGuardLoader({
        delayMs: 0,
        loggedIn: () => {
          throw new Error('');
        },
      });
      const first = (await boom({ request: new Request('http://x/system/user') })) as Response;
      const second = (await silent({ request: new Request('http://x/system/user') })) as Response;
      stop();
      expect(first.headers.get('Location')).toBe('/login');
      expect(second.headers.get('Location')).toBe('/login');
      expect(seen).toEqual(['令牌解析失败', '有错误']);
    });
  });

  it('titles a page with the route title and the system title (or the default)', () => {
    expect(pageTitle('管理员管理', '综合业务信息管理平台')).toBe(
      '管理员管理 - 综合业务信息管理平台',
    );
    expect(pageTitle('登录', undefined)).toBe('登录 - 后台管理系统');
    expect(pageTitle(undefined, '')).toBe('后台管理系统');
  });
});

describe('route table', () => {
  const load = async () => ({ default: () => null });

  it('has every route of spec section 2 with its title and keep-alive flag', () => {
    const byPath = new Map(LAYOUT_ROUTES.map((route) => [route.path, route]));
    expect(byPath.get('/homepage')?.title).toBe('控制台');
    expect(byPath.get('/system/user')?.title).toBe('管理员管理');
    expect(byPath.get('/system/showdoc')?.title).toBe('接口文档');
    expect(byPath.get('/system/module/field')?.parentPath).toBe('/system/module/list');
    expect(byPath.get('/business/user/edit')?.title).toBe('编辑会员管理');
    expect(byPath.get('/demo/print')?.title).toBe('打印Demo');
    for (const path of ['/system/dictionary', '/system/dicttree', '/system/group'])
      expect(byPath.get(path)?.keepAlive).toBe(false);
    expect(byPath.get('/system/notice')?.keepAlive).toBe(true);
  });

  it('prefers a feature screen, then the generated page, then "under construction"', () => {
    const screens = resolveScreens(
      [{ path: '/system/attachment', load }],
      [
        { path: '/system/notice', title: '公告管理', moduleKey: 'notice', keepAlive: true, load },
        {
          path: '/system/attachment',
          title: '附件管理',
          moduleKey: 'attachment',
          keepAlive: true,
          load,
        },
        { path: '/extra/list', title: '额外模块', moduleKey: 'extra', keepAlive: false, load },
      ],
    );
    const source = (path: string) => screens.find((screen) => screen.path === path)?.source;
    expect(source('/system/attachment')).toBe('feature');
    expect(source('/system/notice')).toBe('generated');
    expect(source('/system/log')).toBe('placeholder');
    expect(source('/homepage')).toBe('feature');
    expect(screens.find((screen) => screen.path === '/extra/list')).toMatchObject({
      title: '额外模块',
      keepAlive: false,
    });
  });
});
