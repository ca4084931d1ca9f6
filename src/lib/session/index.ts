/**
 * Session storage (spec section 3): token, userinfo, menuArr, tabPane, username, ac_id, plus
 * the login flag, the permitted-key list (prilist) and the system settings.
 *
 * sessionStorage is per browser tab; the spec wants the session shared between tabs. A tab that
 * starts without one asks the open tabs of this origin for it on a BroadcastChannel and starts
 * signed in with the answer (./sharing.ts); logout, a password change or a 401 signs out every
 * tab. No cryptography of our own: the channel reaches only pages of this origin, so the sharing
 * is as safe as the origin is — nothing uploaded is served as active content there (a sandbox
 * policy on /storage), the CSP allows script only from the app's own files, and no text is ever
 * run as script (docs/security.md, "One session across tabs").
 */
import type { LoginResult } from '@generated/api/model/loginResult';
import type { SessionUserInfo } from '@generated/api/model/sessionUserInfo';
import type { SystemSetting } from '@generated/api/model/systemSetting';
import { beginSignIn, broadcastClear, broadcastSet } from './sharing';
import {
  emit,
  notifyCleared,
  readItem,
  SESSION_KEYS,
  SIGNED_IN_KEYS,
  storage,
  type SessionKey,
} from './store';

export {
  getSessionVersion,
  onSessionCleared,
  SESSION_KEYS,
  subscribeSession,
  type SessionKey,
} from './store';
export {
  HANDOVER_WAIT_MS,
  initSessionSharing,
  sessionSharingSettled,
  SIGNED_IN_HINT,
  stopSessionSharing,
} from './sharing';
export { clearClientCaches, registerClientCache } from './client-caches';

/** SYS_LOGO when the settings have none (the contract's default). */
export const DEFAULT_LOGO = '/storage/logo.png';
/** Shown when the logo address does not load. */
export const FALLBACK_LOGO = '/storage/logo.svg';

// ---------------------------------------------------------------------------------------
// Raw access
// ---------------------------------------------------------------------------------------

export function getItem(key: SessionKey): string | null {
  return readItem(key);
}

export function setItem(key: SessionKey, value: string | null): void {
  const store = storage();
  if (!store) return;
  if (value === null) store.removeItem(key);
  else store.setItem(key, value);
  broadcastSet(key, value);
  emit();
}

function getJson<T>(key: SessionKey, fallback: T): T {
  const raw = getItem(key);
  if (raw === null || raw === '') return fallback;
  try {
    // Only setJson writes these keys, with the accessor's own type (session storage is the tab's).
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

function setJson(key: SessionKey, value: unknown): void {
  setItem(key, value === undefined ? null : JSON.stringify(value));
}

// ---------------------------------------------------------------------------------------
// Typed accessors
// ---------------------------------------------------------------------------------------

export function getToken(): string {
  return getItem(SESSION_KEYS.token) ?? '';
}

export function getUsername(): string {
  return getItem(SESSION_KEYS.username) ?? '';
}

/** The guard's rule: signed in means both a token and the login flag. */
export function isLoggedIn(): boolean {
  return Boolean(getToken()) && getItem(SESSION_KEYS.loginFlag) === '1';
}

export function getUserInfo(): SessionUserInfo | undefined {
  return getJson<SessionUserInfo | undefined>(SESSION_KEYS.userinfo, undefined);
}

/** The permitted keys (comma-separated list in session storage). */
export function getPrilist(): string[] {
  const raw = getItem(SESSION_KEYS.prilist) ?? '';
  return raw
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
}

export function setPrilist(keys: string[] | string): void {
  setItem(SESSION_KEYS.prilist, Array.isArray(keys) ? keys.join(',') : keys);
}

export function getSystemSettings(): SystemSetting {
  return getJson<SystemSetting>(SESSION_KEYS.systemSetting, {});
}

export function setSystemSettings(settings: SystemSetting): void {
  setJson(SESSION_KEYS.systemSetting, settings);
}

export function getMenuArr<T = unknown>(): T[] {
  return getJson<T[]>(SESSION_KEYS.menuArr, []);
}

export function setMenuArr(menus: unknown[]): void {
  setJson(SESSION_KEYS.menuArr, menus);
}

export function getTabPane<T = unknown>(): T[] {
  return getJson<T[]>(SESSION_KEYS.tabPane, []);
}

export function setTabPane(tabs: unknown[]): void {
  setJson(SESSION_KEYS.tabPane, tabs);
}

/** Attachment category last used by the attachment library (0 = first level). */
export function getAcId(): number {
  return Number(getItem(SESSION_KEYS.acId) ?? 0) || 0;
}

export function setAcId(id: number): void {
  setItem(SESSION_KEYS.acId, String(id));
}

/** Stores what a successful login answered, and raises the login flag. */
export function startSession(login: LoginResult): void {
  // A new sign-in, a new id: tabs of another sign-in ignore what this one shares.
  setItem(SESSION_KEYS.signInId, beginSignIn());
  setItem(SESSION_KEYS.token, login.token);
  setItem(SESSION_KEYS.username, login.userinfo.username);
  setJson(SESSION_KEYS.userinfo, login.userinfo);
  setPrilist(login.prilist);
  setItem(SESSION_KEYS.loginFlag, '1');
}

/** Clears every session key in every tab (logout, password change, 401). */
export function clearSession(): void {
  const store = storage();
  if (!store) return;
  SIGNED_IN_KEYS.forEach((key) => store.removeItem(key));
  broadcastClear();
  emit();
  notifyCleared(false);
}
