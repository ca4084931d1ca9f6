/**
 * The route tree: the guard at the root, the public pages, the main layout with one route per
 * screen of the registry (./screens.ts), and the catch-all 404. Every screen's code is
 * lazy-loaded; its meta travels in the route handle for the layout (titles, tabs, keep-alive).
 * The app's router (`createAppRouter`) adds the screens the first time a path needs them, so the
 * registry's code (every screen's title, path and rights) is not part of /login.
 */
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  redirect,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router-dom';
import type { ScreenDefinition } from '@/core/screen';
import { HOME_TAB, hasOpenTab } from '@/layout/tabs';
import LoginPage from '@/features/auth/login-page';
import { isLoggedIn, sessionSharingSettled } from '@/lib/session';
import { loadWholeTheme, withWholeTheme } from '@/lib/theme';
import { createGuardLoader, guardRedirect, type GuardOptions } from './guard';
import { PUBLIC_PATHS } from './public-paths';
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
  /** The screens under the main layout; none given, they are added later (`screenRoutes`). */
  screens?: readonly ScreenDefinition[];
  /** The paths of the kept-alive screens, filled as screens are added (shared with the patch). */
  keptAlive?: Set<string>;
}

/** The id of the main layout's route, under which the screens are added. */
export const LAYOUT_ROUTE_ID = 'layout';

/** One route per screen under the main layout; the kept-alive ones are noted in `keptAlive`. */
export function screenRoutes(
  screens: readonly ScreenDefinition[],
  keptAlive: Set<string>,
): RouteObject[] {
  for (const screen of screens) if (screen.keepAlive) keptAlive.add(screen.path);
  return screens.map(
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
  );
}

/** The whole route tree: guard at the root, public pages, main layout, catch-all 404. */
export function createAppRoutes(options: AppRoutesOptions = {}): RouteObject[] {
  const keptAlive = options.keptAlive ?? new Set<string>();
  const layoutChildren = screenRoutes(options.screens ?? [], keptAlive);
  // The pages outside the layout but the login form: they draw PrimeReact components, so they
  // wait for the whole theme (the login form draws with its cut) beside their code.
  const publicPage = (path: string, title: string, load: LazyScreen): RouteObject => ({
    path,
    handle: { title } satisfies RouteHandle,
    lazy: lazyComponent(() => withWholeTheme(load)),
  });
  const isOpenKeptAlive = (pathname: string) => keptAlive.has(pathname) && hasOpenTab(pathname);
  const loggedIn = options.loggedIn ?? isLoggedIn;
  const sessionKnown = options.sessionKnown ?? sessionSharingSettled;
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
        // In the entry, not loaded on demand: nearly every visit starts here, and on a slow link
        // the form then needs no second round of downloads (5 KB for a visitor already signed in).
        {
          path: PUBLIC_PATHS.login,
          handle: { title: shell.routeTitles.login } satisfies RouteHandle,
          Component: LoginPage,
        },
        publicPage(
          PUBLIC_PATHS.notFound,
          shell.routeTitles.notFound,
          () => import('@/features/system/not-found-page'),
        ),
        publicPage(
          PUBLIC_PATHS.unauthorized,
          shell.routeTitles.unauthorized,
          () => import('@/features/system/unauthorized-page'),
        ),
        publicPage(
          PUBLIC_PATHS.noPermission,
          shell.routeTitles.noPermission,
          () => import('@/features/system/no-permission-page'),
        ),
        {
          id: LAYOUT_ROUTE_ID,
          lazy: async () => ({
            Component: (await withWholeTheme(() => import('./providers'))).ProvidedMainLayout,
          }),
          children: [{ path: '/', loader: () => redirect(HOME_TAB.path) }, ...layoutChildren],
        },
        {
          path: '*',
          // Signed out, the guard's redirect to the login form (keeping the address asked for)
          // is the one that counts; signed in, an address no route takes is 页面不存在.
          loader: async () => {
            await sessionKnown();
            return loggedIn() ? redirect(PUBLIC_PATHS.notFound) : null;
          },
        },
      ],
    },
  ];
}

/**
 * Adds the registry's screens under the main layout the first time a signed-in navigation needs
 * them (a path that only the catch-all matches so far). Until then the registry's code is not
 * fetched: not on /login, not for a signed-out visitor's deep link.
 */
function addScreensWhenNeeded(keptAlive: Set<string>): PatchRoutesOnNavigationFunction {
  let added = false;
  return async ({ patch, signal }) => {
    if (added) return;
    // A visitor who is not signed in goes to the login form whatever the address: the screens
    // are added on the navigation after signing in, not fetched before the form shows.
    await sessionSharingSettled();
    if (!isLoggedIn()) return;
    const { screens } = await import('./screens');
    // A navigation overtaken while the registry loaded adds nothing (the router ignores it).
    if (added || signal.aborted) return;
    patch(LAYOUT_ROUTE_ID, screenRoutes(screens, keptAlive));
    added = true;
  };
}

/** The app's router: the route tree, its screens added on the first navigation to one. */
export function createAppRouter() {
  const keptAlive = new Set<string>();
  return createBrowserRouter(createAppRoutes({ keptAlive }), {
    patchRoutesOnNavigation: addScreensWhenNeeded(keptAlive),
  });
}

const startLoading = (routes: RouteObject[], pathname: string) => {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    // A failed download is the router's to report when it asks again.
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
  }
};

/**
 * Starts loading the code of a page (the homepage for `/`) ahead of the navigation to it: its
 * route's code, the registry first when it is a screen, and the whole theme unless it is the
 * login form. The router asks for the same modules when it gets there and gets this download.
 */
export function preloadPage(path: string): void {
  const pathname = path === '/' ? HOME_TAB.path : path;
  // Any page but the login form draws with the whole theme: linked now, not after the registry.
  if (pathname !== PUBLIC_PATHS.login) void loadWholeTheme();
  const routes = createAppRoutes();
  const matches = matchRoutes(routes, pathname) ?? [];
  if (matches.length > 0 && !matches.some(({ route }) => route.path === '*')) {
    startLoading(routes, pathname);
    return;
  }
  import('./screens')
    .then(({ screens }) => startLoading(createAppRoutes({ screens }), pathname))
    .catch(() => undefined);
}

/**
 * Starts loading the code of the page the browser opens at (or of /login, where the guard sends a
 * visitor who is not signed in), so that it downloads while the entry waits for the theme's
 * stylesheet instead of after it: one round trip less before the first screen on a slow link.
 */
export function preloadFirstPage(location: Pick<Location, 'pathname' | 'search'>): void {
  const target = guardRedirect(location.pathname, location.search, isLoggedIn());
  const [pathname = location.pathname] = target?.split('?') ?? [];
  preloadPage(pathname);
}
