import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGuardLoader, guardRedirect, TRANSITION_DELAY_MS } from '@/app/guard';
import { createAppRoutes } from '@/app/routes';
import type { ScreenDefinition } from '@/core/screen';
import { HOME_TAB, writeTabs } from '@/layout/tabs';
import { loginRedirectTarget } from '@/features/auth/redirect';
import { pageTitle } from '@/app/root';
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

  it.each([
    // [login page query, where the user lands]
    ['?redirect=%2Fsystem%2Fuser%3Fa%3D1', '/system/user?a=1'],
    ['?redirect=/system/notice?page=2%23top', '/system/notice?page=2#top'],
    ['?redirect=%2Fsystem%2Fnotice%3Fkeyword%3Da%2520b', '/system/notice?keyword=a%20b'],
    ['?redirect=%2F%E7%B3%BB%E7%BB%9F', '/%E7%B3%BB%E7%BB%9F'],
    ['?redirect=/homepage', '/homepage'],
    ['', '/'],
    ['?redirect=', '/'],
    ['?redirect=system/user', '/'],
    // Another site, however it is spelled.
    ['?redirect=https%3A%2F%2Fevil.example', '/'],
    ['?redirect=HTTPS://evil.example', '/'],
    ['?redirect=javascript:alert(1)', '/'],
    ['?redirect=data:text/html,x', '/'],
    ['?redirect=%2F%2Fevil.example', '/'],
    ['?redirect=//evil.example/x', '/'],
    ['?redirect=///evil.example', '/'],
    ['?redirect=/\\evil.example', '/'],
    ['?redirect=%2F%5Cevil.example', '/'],
    ['?redirect=/\\\\evil.example', '/'],
    ['?redirect=\\\\evil.example', '/'],
    ['?redirect=/%5C/evil.example', '/'],
    ['?redirect=/%255C/evil.example', '/'],
    ['?redirect=/%2F/evil.example', '/'],
    ['?redirect=/%252F/evil.example', '/'],
    ['?redirect=/%09/evil.example', '/'],
    ['?redirect=/%2509/evil.example', '/'],
    ['?redirect=/%0A/evil.example', '/'],
    ['?redirect=/%0D%0A/evil.example', '/'],
    ['?redirect=/%250A/evil.example', '/'],
    ['?redirect=%09//evil.example', '/'],
    ['?redirect=%20/system/user', '/'],
    ['?redirect=/system%20/user', '/'],
    ['?redirect=/%00/evil.example', '/'],
    ['?redirect=/%E2%80%AE/evil.example', '/'],
    ['?redirect=/a/../..//evil.example', '/'],
    ['?redirect=/%2e%2e//evil.example', '/'],
    ['?redirect=/%E0%A4%A', '/'],
    // The login page itself, in any case or with a query.
    ['?redirect=/login', '/'],
    ['?redirect=/LOGIN?redirect=/system/user', '/'],
    ['?redirect=%2Flogin%3Fredirect%3D%252Flogin', '/'],
    ['?redirect=/login/', '/'],
  ])('after login with %s the user lands on %s', (search, expected) => {
    expect(loginRedirectTarget(search)).toBe(expected);
  });

  describe('loader', () => {
    afterEach(() => vi.useRealTimers());

    /** Under fake timers: `navigation` settles with the transition delay's last millisecond. */
    async function settlesAfterTheDelay<T>(navigation: Promise<T>): Promise<T> {
      let settled = false;
      const result = navigation.finally(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(TRANSITION_DELAY_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
      return result;
    }

    it('lets the page load through at once, then waits 500 ms before each transition', async () => {
      vi.useFakeTimers();
      const loader = createGuardLoader({ loggedIn: () => true });
      // The first navigation is the page load: no timer to wait for.
      expect(await loader({ request: new Request('http://x/homepage') })).toBeNull();
      expect(
        await settlesAfterTheDelay(loader({ request: new Request('http://x/system/user') })),
      ).toBeNull();
    });

    it('sends a signed-out page load to the login form at once; the next transition waits', async () => {
      vi.useFakeTimers();
      let signedIn = false;
      const loader = createGuardLoader({ loggedIn: () => signedIn });
      const first = (await loader({ request: new Request('http://x/system/user') })) as Response;
      expect(first.headers.get('Location')).toBe('/login?redirect=%2Fsystem%2Fuser');
      // The redirect's own navigation, still the page load: no timer to wait for.
      expect(
        await loader({ request: new Request('http://x/login?redirect=%2Fsystem%2Fuser') }),
      ).toBeNull();
      signedIn = true;
      await settlesAfterTheDelay(loader({ request: new Request('http://x/system/user') }));
    });

    it('shows a kept-alive screen whose tab is open at once; opening another still waits', async () => {
      vi.useFakeTimers();
      const loader = createGuardLoader({
        loggedIn: () => true,
        isOpenKeptAlive: (pathname) => pathname === '/system/notice',
      });
      expect(await loader({ request: new Request('http://x/homepage') })).toBeNull();
      // Switching tabs: no timer to wait for.
      expect(await loader({ request: new Request('http://x/system/notice') })).toBeNull();
      await settlesAfterTheDelay(loader({ request: new Request('http://x/system/user') }));
    });

    it('still sends a signed-out user to login from an open tab', async () => {
      const loader = createGuardLoader({
        delayMs: 0,
        loggedIn: () => false,
        isOpenKeptAlive: () => true,
      });
      const response = (await loader({
        request: new Request('http://x/system/notice'),
      })) as Response;
      expect(response.headers.get('Location')).toBe('/login?redirect=%2Fsystem%2Fnotice');
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

  it('runs the guard on every navigation but showing a signed-in user an open kept-alive tab', () => {
    const screen = (path: string, keepAlive: boolean): ScreenDefinition => ({
      path,
      title: path,
      keepAlive,
      load: () => Promise.resolve({ default: () => null }),
    });
    let signedIn = true;
    const [root] = createAppRoutes({
      screens: [
        screen('/system/notice', true),
        screen('/system/user', true),
        screen('/system/log', false),
      ],
      loggedIn: () => signedIn,
    });
    writeTabs([
      HOME_TAB,
      { path: '/system/notice', title: '公告管理' },
      { path: '/system/log', title: '操作日志' },
    ]);
    const guardRuns = (to: string) =>
      root!.shouldRevalidate!({
        currentUrl: new URL('http://x/homepage'),
        currentParams: {},
        nextUrl: new URL(`http://x${to}`),
        nextParams: {},
        defaultShouldRevalidate: true,
      });
    expect(guardRuns('/system/notice')).toBe(false);
    // Not open, not kept alive, or with a query: a transition like any other.
    expect(guardRuns('/system/user')).toBe(true);
    expect(guardRuns('/system/log')).toBe(true);
    expect(guardRuns('/system/notice?page=2')).toBe(true);
    signedIn = false;
    expect(guardRuns('/system/notice')).toBe(true);
  });

  it('titles a page with the route title and the product’s one name, signed in or not', () => {
    // Issue 51 item 5: the stored SYS_TITLE no longer ends the title (it is unknown before sign-in).
    expect(pageTitle('管理员管理')).toBe('管理员管理 - 后台管理系统');
    expect(pageTitle('登录')).toBe('登录 - 后台管理系统');
    expect(pageTitle(undefined)).toBe('后台管理系统');
  });
});
