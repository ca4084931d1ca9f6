/**
 * Session storage (spec section 3): token, userinfo, menuArr, tabPane, username, ac_id, plus
 * the login flag, the permitted-key list (prilist) and the system settings.
 *
 * sessionStorage is per browser tab; the spec wants the session shared between tabs. It is
 * shared only with tabs the app itself opened, because a BroadcastChannel reaches every page of
 * the origin, including an HTML file someone managed to get served there, and such a page must
 * never obtain the session:
 *
 * - The hand-over. The app opens its routes in a new tab only through `openAppTab` (the
 *   sidebar's ctrl/meta/shift/middle click). A signed-in tab then mints a one-time 128-bit
 *   ticket (crypto.getRandomValues), keeps it in memory for 60 s, and opens the tab with
 *   `noopener` (the new tab has no handle on the opener) and `window.name =
 *   admin-handover:<ticket>`. The new tab reads and clears `window.name` at start and asks on
 *   the channel with the ticket's id (HKDF of the ticket: listeners learn nothing usable). Only
 *   the tab that minted the ticket answers, once; the ticket is then void. The answer is the
 *   session snapshot sealed with AES-GCM under a key derived from the ticket (./handover.ts), so
 *   a page that merely listens reads nothing.
 * - Any other tab (an address typed in a new tab, a bookmark, the browser's own "open in new
 *   tab") cannot prove it is the app: it asks nobody, waits for nothing and shows the login page.
 * - Session writes shared between tabs (`set`: the history tabs, the menu, the settings, the
 *   attachment category) are sealed with the sign-in's sync key, which only travels inside the
 *   sealed snapshot; the token and the sync key are never broadcast at all. A new sign-in gets a
 *   new sync key, so tabs of another sign-in ignore its writes.
 * - Logout (`clearSession`) still broadcasts a plain `clear` (it carries nothing), so a logout
 *   in one tab signs out all of them (`onSessionCleared`).
 */
import type { LoginResult } from '@generated/api/model/loginResult';
import type { SessionUserInfo } from '@generated/api/model/sessionUserInfo';
import type { SystemSetting } from '@generated/api/model/systemSetting';
import { mintSyncKey } from './handover';
import { broadcastClear, broadcastSet } from './sharing';
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
  openAppTab,
  sessionSharingSettled,
  stopSessionSharing,
  TICKET_LIFETIME_MS,
  wantsNewTab,
  type ClickIntent,
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
  // A new sign-in, a new sync key: tabs of an earlier sign-in ignore what this one shares.
  setItem(SESSION_KEYS.syncKey, mintSyncKey());
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
