/**
 * The route table's meta, handed down by src/app (shared code never imports the app or a
 * feature): titles for tabs, keep-alive flags, permission lists per route.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ScreenDefinition } from '@/core/screen';

/** A screen's meta as the layout reads it (its code stays with the router). */
export type LayoutRouteMeta = Omit<ScreenDefinition, 'load'>;

export interface RouteTable {
  routes: readonly LayoutRouteMeta[];
  byPath: ReadonlyMap<string, LayoutRouteMeta>;
}

const RouteTableContext = createContext<RouteTable>({ routes: [], byPath: new Map() });

export function RouteTableProvider({
  routes,
  children,
}: {
  routes: readonly LayoutRouteMeta[];
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ routes, byPath: new Map(routes.map((route) => [route.path, route])) }),
    [routes],
  );
  return <RouteTableContext.Provider value={value}>{children}</RouteTableContext.Provider>;
}

export function useRouteTable(): RouteTable {
  return useContext(RouteTableContext);
}
