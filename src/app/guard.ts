/**
 * The navigation guard of spec section 2 as plain functions (tested without a browser):
 * - without both a token and the login flag every route but /login goes to
 *   /login?redirect={fullPath};
 * - a signed-in user opening /login goes to /;
 * - every transition waits 500 ms (the progress bar shows meanwhile) — except switching to a
 *   screen that is already open in a kept-alive tab: it is on the page, hidden, and is shown at
 *   once (the spec's delay covers opening a screen, not showing one that is open) — and except
 *   the page load itself, which is not a transition (no fixed wait before the first render), nor
 *   is the guard's own redirect of that load (a signed-out visitor's address → /login): the
 *   visitor asked for one page and sees the login form as soon as it is drawn;
 * - a guard error shows its message (or 有错误) and goes to the login page.
 * Unknown paths are sent to /404 by the catch-all route.
 */
import { redirect } from 'react-router-dom';
import { isLoggedIn, sessionSharingSettled } from '@/lib/session';
import { notify } from '@/lib/notify';
import { shell } from '@/locale/shell';
import { PUBLIC_PATHS } from './public-paths';

export const TRANSITION_DELAY_MS = 500;

/** Where the guard sends this location, or undefined to let it through. */
export function guardRedirect(
  pathname: string,
  search: string,
  loggedIn: boolean,
): string | undefined {
  if (pathname === PUBLIC_PATHS.login) return loggedIn ? '/' : undefined;
  if (!loggedIn) return `${PUBLIC_PATHS.login}?redirect=${encodeURIComponent(pathname + search)}`;
  return undefined;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface GuardOptions {
  delayMs?: number;
  /** Overridable for tests. */
  loggedIn?: () => boolean;
  /** Settles when the session is known (another tab may hand it over); overridable for tests. */
  sessionKnown?: () => Promise<void>;
  /** Whether this path is a kept-alive screen whose tab is open (no transition delay). */
  isOpenKeptAlive?: (pathname: string) => boolean;
}

/** The root loader: runs on every navigation. */
export function createGuardLoader(options: GuardOptions = {}) {
  const delayMs = options.delayMs ?? TRANSITION_DELAY_MS;
  const loggedIn = options.loggedIn ?? isLoggedIn;
  let pageLoad = true;
  return async ({ request }: { request: Request }) => {
    const firstNavigation = pageLoad;
    pageLoad = false;
    await (options.sessionKnown ?? sessionSharingSettled)();
    let target: string | undefined;
    let alreadyOpen = false;
    try {
      const url = new URL(request.url);
      target = guardRedirect(url.pathname, url.search, loggedIn());
      alreadyOpen = !target && (options.isOpenKeptAlive?.(url.pathname) ?? false);
    } catch (error) {
      notify.error(error instanceof Error && error.message ? error.message : shell.guardError);
      target = PUBLIC_PATHS.login;
    }
    if (delayMs > 0 && !alreadyOpen && !firstNavigation) await wait(delayMs);
    if (target) {
      // The navigation this redirect starts still belongs to the page load.
      if (firstNavigation) pageLoad = true;
      return redirect(target);
    }
    return null;
  };
}
