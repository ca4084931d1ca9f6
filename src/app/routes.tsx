/**
 * The route table: routes compose features. Every path of spec section 2 (./route-meta.ts)
 * renders, in order of preference:
 *   1. a hand-written feature screen: any `src/features/<name>/routes.ts` exporting
 *      `routes: { path, load }[]` is picked up here (no edit of this file needed);
 *   2. the generated page of generated/routes.ts;
 *   3. the honest "screen under construction" page.
 * Generated routes whose path is not in the spec table are added with their own meta.
 * Every screen's code is lazy-loaded.
 */
import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router-dom';
import type { GeneratedRoute } from '@/components/crud/module-definition';
import { generatedRoutes } from '@generated/routes';
import { createGuardLoader, type GuardOptions } from './guard';
import {
  HOME_PATH,
  LAYOUT_ROUTES,
  PUBLIC_PATHS,
  DEFAULT_OPERATE,
  type RouteMeta,
} from './route-meta';
import { shell } from '@/locale/shell';
import { GuardErrorBoundary, Root, RootFallback, ScreenError, ScreenErrorBoundary } from './root';

type LazyScreen = () => Promise<{ default: ComponentType }>;

/** What a feature's routes.ts exports. */
export interface FeatureRoute {
  path: string;
  load: LazyScreen;
}

/** Route handle: the meta every layout part reads through useMatches(). */
export interface RouteHandle extends Partial<RouteMeta> {
  title?: string;
  /** Routes under the main layout. */
  layout?: boolean;
}

function collectFeatureRoutes(): FeatureRoute[] {
  const modules = import.meta.glob<{ routes?: FeatureRoute[] }>('../features/*/routes.ts', {
    eager: true,
  });
  return Object.values(modules).flatMap((module) => module.routes ?? []);
}

export interface ScreenRoute extends RouteMeta {
  load: LazyScreen;
  /** Where the screen comes from (for the report and the under-construction list). */
  source: 'feature' | 'generated' | 'placeholder';
}

const underConstruction: LazyScreen = () => import('@/features/system/under-construction');
const homepage: LazyScreen = () => import('@/features/home/homepage');

/** Merges the spec table with feature and generated screens. */
export function resolveScreens(
  features: FeatureRoute[] = collectFeatureRoutes(),
  generated: readonly GeneratedRoute[] = generatedRoutes,
): ScreenRoute[] {
  const featureByPath = new Map(features.map((route) => [route.path, route]));
  const generatedByPath = new Map(generated.map((route) => [route.path, route]));
  const screens: ScreenRoute[] = LAYOUT_ROUTES.map((meta) => {
    const feature =
      meta.path === HOME_PATH ? { path: HOME_PATH, load: homepage } : featureByPath.get(meta.path);
    const gen = generatedByPath.get(meta.path);
    if (feature) return { ...meta, load: feature.load, source: 'feature' };
    if (gen)
      return {
        ...meta,
        keepAlive: gen.keepAlive,
        hideTitle: gen.hideTitle ?? meta.hideTitle,
        load: gen.load,
        source: 'generated',
      };
    return { ...meta, load: underConstruction, source: 'placeholder' };
  });
  const known = new Set(screens.map((screen) => screen.path));
  for (const gen of generated) {
    if (known.has(gen.path)) continue;
    known.add(gen.path);
    screens.push({
      path: gen.path,
      title: gen.title,
      parentPath: gen.parentPath,
      hideTitle: gen.hideTitle,
      keepAlive: gen.keepAlive,
      operate: DEFAULT_OPERATE,
      load: featureByPath.get(gen.path)?.load ?? gen.load,
      source: featureByPath.has(gen.path) ? 'feature' : 'generated',
    });
  }
  for (const feature of features) {
    if (known.has(feature.path)) continue;
    known.add(feature.path);
    screens.push({
      path: feature.path,
      title: '',
      keepAlive: true,
      operate: DEFAULT_OPERATE,
      load: feature.load,
      source: 'feature',
    });
  }
  return screens;
}

function lazyComponent(load: LazyScreen) {
  return async () => ({ Component: (await load()).default });
}

export interface AppRoutesOptions extends GuardOptions {
  screens?: ScreenRoute[];
}

/** The whole route tree: guard at the root, public pages, main layout, catch-all 404. */
export function createAppRoutes(options: AppRoutesOptions = {}): RouteObject[] {
  const screens = options.screens ?? resolveScreens();
  const publicPage = (path: string, title: string, load: LazyScreen): RouteObject => ({
    path,
    handle: { title } satisfies RouteHandle,
    lazy: lazyComponent(load),
  });
  return [
    {
      id: 'root',
      loader: createGuardLoader(options),
      shouldRevalidate: () => true,
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
          id: 'layout',
          lazy: async () => ({ Component: (await import('@/layout/main-layout')).MainLayout }),
          children: [
            { path: '/', loader: () => redirect(HOME_PATH) },
            ...screens.map(
              (screen): RouteObject => ({
                path: screen.path,
                handle: {
                  title: screen.title,
                  parentPath: screen.parentPath,
                  hideTitle: screen.hideTitle,
                  keepAlive: screen.keepAlive,
                  operate: screen.operate,
                  layout: true,
                } satisfies RouteHandle,
                lazy: async () => {
                  try {
                    return {
                      Component: (await screen.load()).default,
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
