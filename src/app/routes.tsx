/**
 * The route tree: the guard at the root, the public pages, the main layout with one route per
 * screen of the registry (./screens.ts), and the catch-all 404. Every screen's code is
 * lazy-loaded; its meta travels in the route handle for the layout (titles, tabs, keep-alive).
 */
import type { ComponentType } from 'react';
import { matchRoutes, redirect, type RouteObject } from 'react-router-dom';
import type { ScreenDefinition } from '@/core/screen';
import { HOME_TAB, hasOpenTab } from '@/layout/tabs';
import { isLoggedIn } from '@/lib/session';
import { withWholeTheme } from '@/lib/theme';
import { createGuardLoader, guardRedirect, type GuardOptions } from './guard';
import { PUBLIC_PATHS } from './public-paths';
import { screens as registeredScreens } from './screens';
import { shell } from '@/locale/shell';
import { GuardErrorBoundary, Root, RootFallback, ScreenError, ScreenErrorBoundary } from './root';

type LazyScreen = () => Promise<{ default: ComponentType }>;

/** Route handle: the screen's meta, read by every layout part through useMatches(). */
export type RouteHandle = Partial<Omit<ScreenDefinition, 'load'>> & {
  /** Routes under the main layout. */
  layout?: boolean;
};

function lazyComponent(load: LazyScreen) {
  return async () => ({ Component: (await load()).default });
}

export interface AppRoutesOptions extends GuardOptions {
  screens?: readonly ScreenDefinition[];
}

/** The whole route tree: guard at the root, public pages, main layout, catch-all 404. */
export function createAppRoutes(options: AppRoutesOptions = {}): RouteObject[] {
  const screens = options.screens ?? registeredScreens;
  const keptAlive = new Set(
    screens.filter((screen) => screen.keepAlive).map((screen) => screen.path),
  );
  const publicPage = (path: string, title: string, load: LazyScreen): RouteObject => ({
    path,
    handle: { title } satisfies RouteHandle,
    lazy: lazyComponent(load),
  });
  const isOpenKeptAlive = (pathname: string) => keptAlive.has(pathname) && hasOpenTab(pathname);
  const loggedIn = options.loggedIn ?? isLoggedIn;
  return [
    {
      id: 'root',
      loader: createGuardLoader({ isOpenKeptAlive, ...options }),
      // The guard runs on every navigation but one: showing a signed-in user a kept-alive screen
      // whose tab is open, which it would let through at once anyway. Skipping it leaves the
      // router no loader to wait for, so the switch completes in the click (see MainLayout).
      shouldRevalidate: ({ nextUrl }) =>
        !(loggedIn() && !nextUrl.search && isOpenKeptAlive(nextUrl.pathname)),
      Component: Root,
      ErrorBoundary: GuardErrorBoundary,
      HydrateFallback: RootFallback,
      children: [
        publicPage(
          PUBLIC_PATHS.login,
          shell.routeTitles.login,
          () => import('@/features/auth/login-page'),
        ),
        publicPage(
          PUBLIC_PATHS.notFound,
          shell.routeTitles.notFound,
          // The login page draws with its cut of the theme; every other page needs all of it.
          () => withWholeTheme(() => import('@/features/system/not-found-page')),
        ),
        publicPage(PUBLIC_PATHS.unauthorized, shell.routeTitles.unauthorized, () =>
          withWholeTheme(() => import('@/features/system/unauthorized-page')),
        ),
        publicPage(PUBLIC_PATHS.noPermission, shell.routeTitles.noPermission, () =>
          withWholeTheme(() => import('@/features/system/no-permission-page')),
        ),
        {
          id: 'layout',
          lazy: async () => ({
            Component: (await withWholeTheme(() => import('./providers'))).ProvidedMainLayout,
          }),
          children: [
            { path: '/', loader: () => redirect(HOME_TAB.path) },
            ...screens.map(
              ({ load, ...meta }): RouteObject => ({
                path: meta.path,
                handle: { ...meta, layout: true } satisfies RouteHandle,
                lazy: async () => {
                  try {
                    return {
                      Component: (await load()).default,
                      ErrorBoundary: ScreenErrorBoundary,
                    };
                  } catch (error) {
                    // A screen whose code fails to load shows the error inside the layout.
                    return { Component: () => <ScreenError error={error} /> };
                  }
                },
              }),
            ),
          ],
        },
        { path: '*', loader: () => redirect(PUBLIC_PATHS.notFound) },
      ],
    },
  ];
}

/**
 * Starts loading the code of the page the browser opens at (or of /login, where the guard sends a
 * visitor who is not signed in), so that it downloads while the entry waits for the theme's
 * stylesheet instead of after it: one round trip less before the first screen on a slow link.
 * The router asks for the same modules when it first renders and gets them from this download.
 */
export function preloadFirstPage(location: Pick<Location, 'pathname' | 'search'>): void {
  const target = guardRedirect(location.pathname, location.search, isLoggedIn());
  const [pathname = location.pathname] = target?.split('?') ?? [];
  for (const { route } of matchRoutes(createAppRoutes(), pathname) ?? []) {
    // A failed download is the router's to report when it asks again.
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
  }
}
