/**
 * 刷新 of a history tab: the screen's data is fetched again while the user stays on it, with
 * its filters, page and scroll as they were. A screen's data is what its react-query queries
 * hold; the screen shown is the only one whose queries are active (a kept screen hidden in
 * <Activity> has its subscriptions unmounted), so refetching the active queries reloads that
 * screen (and the shell's unread count with it) and nothing hidden. Queries cached for the whole
 * session on purpose (staleTime Infinity: the menu, settings, dictionaries — spec section 4:
 * served from the cache when present) are left alone.
 *
 * 刷新 on a tab not shown first shows it, then refreshes it once it is the screen shown.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';

/** Whether every observer of `query` keeps it for the whole session. */
function sessionCached(query: Query): boolean {
  return (
    query.observers.length > 0 &&
    query.observers.every(
      ({ options }) => options.staleTime === Infinity || options.staleTime === 'static',
    )
  );
}

/** Fetches again the data of the screen shown (its active queries). */
export function refreshShownScreen(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    type: 'active',
    predicate: (query) => !sessionCached(query),
  });
}

/**
 * The 刷新 command for the tabs: `shownPath` is the tab shown now, `show` opens another.
 */
export function useScreenRefresh(
  shownPath: string,
  show: (path: string) => void,
): (path: string) => void {
  const queryClient = useQueryClient();
  const shown = useRef(shownPath);
  const pending = useRef<string>(undefined);

  // Runs after the screens' own effects (children first), so the screen just shown has
  // subscribed its queries by then and they count as active.
  useEffect(() => {
    shown.current = shownPath;
    if (pending.current !== shownPath) return;
    pending.current = undefined;
    void refreshShownScreen(queryClient);
  }, [shownPath, queryClient]);

  return useCallback(
    (path: string) => {
      if (path === shown.current) {
        void refreshShownScreen(queryClient);
        return;
      }
      pending.current = path;
      show(path);
    },
    [queryClient, show],
  );
}
