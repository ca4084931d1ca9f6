/**
 * The signed-in user's rights as the shell keeps them current:
 * - `useRightsRefresh`: the menu and the permitted keys are asked again when they may have
 *   changed — after a 220 answer or a write to roles, menus, permissions, administrators or the
 *   designer (src/lib/request/rights), when the window regains focus (another administrator
 *   may have changed them) and when the app loads (a reload) — so a right granted or taken
 *   shows without signing in again;
 * - `useOutsideMenu`: a screen typed into the address bar that the user's menu does not open
 *   shows the no-permission page instead of the screen.
 */
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { sessionGetuserauth } from '@generated/api/session/session';
import { NO_PERMISSION_PATH } from '@/lib/request';
import { onRightsMayHaveChanged } from '@/lib/request/rights';
import { getPrilist, setPrilist } from '@/lib/session';
import { HOME_TAB } from './tabs';
import { shellKeys } from './shell-api';
import type { RouteTable } from './route-table-context';

/** Focus comes often (every alt-tab): ask at most this often for it. */
const FOCUS_REFRESH_GAP_MS = 10_000;

export function useRightsRefresh(): void {
  const client = useQueryClient();
  useEffect(() => {
    let lastFocusRefresh = Date.now();
    let running = false;
    const refresh = async (withMenu = true) => {
      if (running) return;
      running = true;
      try {
        const [auth] = await Promise.all([
          sessionGetuserauth({}, { quiet: true }),
          withMenu ? client.invalidateQueries({ queryKey: shellKeys.menu }) : undefined,
        ]);
        const prilist = auth.data?.prilist;
        if (typeof prilist === 'string' && prilist !== getPrilist().join(',')) setPrilist(prilist);
      } catch {
        // Offline or refused: the keys stay as they were; the next signal asks again.
      } finally {
        running = false;
      }
    };
    const onFocus = () => {
      if (document.visibilityState === 'hidden') return;
      if (Date.now() - lastFocusRefresh < FOCUS_REFRESH_GAP_MS) return;
      lastFocusRefresh = Date.now();
      void refresh();
    };
    // On load too: the keys kept in the session date from sign-in (the menu is fetched anyway).
    void refresh(false);
    const stop = onRightsMayHaveChanged(() => void refresh());
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      stop();
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [client]);
}

/**
 * True while the shown screen is one the user's menu does not open (`access` lists the routes it
 * does, once the menu is loaded); the user is then sent to the no-permission page.
 */
export function useOutsideMenu(
  access: Readonly<Record<string, unknown>> | undefined,
  pathname: string,
  routeTable: RouteTable,
): boolean {
  const navigate = useNavigate();
  const outside = useMemo(
    () =>
      access !== undefined &&
      pathname !== HOME_TAB.path &&
      routeTable.byPath.has(pathname) &&
      !Object.hasOwn(access, pathname),
    [access, pathname, routeTable.byPath],
  );
  useEffect(() => {
    if (outside) void navigate(NO_PERMISSION_PATH, { replace: true });
  }, [outside, navigate]);
  return outside;
}
