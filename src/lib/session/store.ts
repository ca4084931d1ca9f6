/**
 * The session's storage and its change notifications: the keys (spec section 3), the tab's
 * sessionStorage, and the listeners React reads through useSyncExternalStore. Shared by the
 * accessors (./index.ts) and the sharing between tabs (./sharing.ts).
 */

export const SESSION_KEYS = {
  token: 'token',
  userinfo: 'userinfo',
  menuArr: 'menuArr',
  tabPane: 'tabPane',
  username: 'username',
  acId: 'ac_id',
  loginFlag: 'isLogin',
  prilist: 'prilist',
  systemSetting: 'systemSetting',
  /**
   * Not a spec key: which sign-in this tab's session is (random, minted at sign-in, handed to a
   * new tab with the session): a session write of another sign-in's tab is not applied here.
   */
  signInId: 'sessionSignInId',
} as const;

export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

export function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export const ALL_KEYS: SessionKey[] = Object.values(SESSION_KEYS);
/**
 * What logout clears: everything but the system settings, which are the system's branding, not
 * the user's — so the login page keeps showing the stored SYS_TITLE and SYS_LOGO.
 */
export const SIGNED_IN_KEYS = ALL_KEYS.filter((key) => key !== SESSION_KEYS.systemSetting);

/** One session key as this tab holds it. */
export function readItem(key: SessionKey): string | null {
  return storage()?.getItem(key) ?? null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
type ClearedListener = (fromOtherTab: boolean) => void;
const clearedListeners = new Set<ClearedListener>();
let version = 0;

export function emit(): void {
  version += 1;
  listeners.forEach((listener) => listener());
}

/** Subscribes to any session change (this tab or another). */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number that changes on every session write (snapshot for useSyncExternalStore). */
export function getSessionVersion(): number {
  return version;
}

/**
 * Called when the session is cleared, here or in another tab (logout, 401, password change);
 * `fromOtherTab` tells the app whether it must navigate to the login page itself.
 */
export function onSessionCleared(listener: ClearedListener): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/** Tells the listeners the session was cleared (`fromOtherTab`: by a logout in another tab). */
export function notifyCleared(fromOtherTab: boolean): void {
  clearedListeners.forEach((listener) => listener(fromOtherTab));
}
