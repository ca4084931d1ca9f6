/**
 * Session storage (spec section 3): token, userinfo, menuArr, tabPane, username, ac_id, plus
 * the login flag, the permitted-key list (prilist) and the system settings.
 *
 * sessionStorage is per browser tab, but the spec wants the session shared between tabs: a
 * new tab asks the open tabs for their session over a BroadcastChannel (`initSessionSharing`,
 * awaited before the first render), every write is broadcast, and a logout in one tab
 * (`clearSession`) signs out all of them (`onSessionCleared`).
 */
import type { LoginResult, SessionUserInfo, SystemSetting } from '@generated/api/api.schemas';

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
} as const;

export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

/** SYS_LOGO when the settings have none (the contract's default). */
export const DEFAULT_LOGO = '/storage/logo.png';
/** Shown when the logo address does not load. */
export const FALLBACK_LOGO = '/storage/logo.svg';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

const ALL_KEYS = Object.values(SESSION_KEYS) as SessionKey[];
/**
 * What logout clears: everything but the system settings, which are the system's branding, not
 * the user's — so the login page keeps showing the stored SYS_TITLE and SYS_LOGO.
 */
const SIGNED_IN_KEYS = ALL_KEYS.filter((key) => key !== SESSION_KEYS.systemSetting);

// ---------------------------------------------------------------------------------------
// Change notification (React reads through useSyncExternalStore) and cross-tab sharing
// ---------------------------------------------------------------------------------------

type Listener = () => void;
const listeners = new Set<Listener>();
type ClearedListener = (fromOtherTab: boolean) => void;
const clearedListeners = new Set<ClearedListener>();
let version = 0;

function emit(): void {
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

type SyncMessage =
  | { type: 'request' }
  | { type: 'snapshot'; entries: Record<string, string> }
  | { type: 'set'; key: string; value: string | null }
  | { type: 'clear' };

const CHANNEL_NAME = 'admin-session';
let channel: BroadcastChannel | undefined;

/**
 * In localStorage, which the tabs share (unlike the session): set while some tab may hold a
 * session. A new tab without a session waits for the others' answer only when it is set, so a
 * cold load with no signed-in tab anywhere (the usual first visit) shows the login page at once
 * instead of after the wait. It holds no secret: only that a session may be open.
 */
export const SESSION_OPEN_KEY = 'admin-session-open';

function markSessionOpen(open: boolean): void {
  try {
    if (open) window.localStorage.setItem(SESSION_OPEN_KEY, '1');
    else window.localStorage.removeItem(SESSION_OPEN_KEY);
  } catch {
    // No localStorage (private mode, tests): new tabs then always ask the others.
  }
}

function sessionMayBeOpen(): boolean {
  try {
    return window.localStorage.getItem(SESSION_OPEN_KEY) !== null;
  } catch {
    return true;
  }
}

function snapshot(): Record<string, string> {
  const store = storage();
  const entries: Record<string, string> = {};
  if (!store) return entries;
  for (const key of ALL_KEYS) {
    const value = store.getItem(key);
    if (value !== null) entries[key] = value;
  }
  return entries;
}

function post(message: SyncMessage): void {
  try {
    channel?.postMessage(message);
  } catch {
    // A closed channel only loses the sharing, never the local write.
  }
}

function applyRemote(message: SyncMessage): boolean {
  const store = storage();
  if (!store) return false;
  switch (message.type) {
    case 'request':
      if (store.getItem(SESSION_KEYS.token)) {
        post({ type: 'snapshot', entries: snapshot() });
        // Again: a tab that asked and gave up waiting has removed the mark.
        markSessionOpen(true);
      }
      return false;
    case 'snapshot':
      if (store.getItem(SESSION_KEYS.token)) return false;
      Object.entries(message.entries).forEach(([key, value]) => store.setItem(key, value));
      emit();
      return true;
    case 'set':
      if (message.value === null) store.removeItem(message.key);
      else store.setItem(message.key, message.value);
      emit();
      return false;
    case 'clear':
      markSessionOpen(false);
      SIGNED_IN_KEYS.forEach((key) => store.removeItem(key));
      emit();
      clearedListeners.forEach((listener) => listener(true));
      return false;
  }
}

/** Settles once a new tab knows whether another tab shares a session (see initSessionSharing). */
let sharingSettled: Promise<void> = Promise.resolve();

/**
 * What the route guard awaits before deciding signed in or not: the app renders (and loads the
 * first screen's code) meanwhile, instead of waiting for the other tabs before the first render.
 */
export function sessionSharingSettled(): Promise<void> {
  return sharingSettled;
}

/**
 * Joins the tabs' session channel. A tab without a session asks the others and, when one may
 * hold a session (SESSION_OPEN_KEY), waits up to `waitMs` for an answer, so a new tab of a
 * signed-in user starts signed in; no answer means no tab holds one any more (the mark goes).
 */
export function initSessionSharing(waitMs = 150): Promise<void> {
  if (channel || typeof BroadcastChannel === 'undefined' || !storage()) return Promise.resolve();
  channel = new BroadcastChannel(CHANNEL_NAME);
  const ch = channel;
  sharingSettled = new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    ch.onmessage = (event: MessageEvent<SyncMessage>) => {
      if (applyRemote(event.data)) finish();
    };
    if (getToken()) {
      markSessionOpen(true);
      finish();
      return;
    }
    post({ type: 'request' });
    if (!sessionMayBeOpen()) {
      finish();
      return;
    }
    setTimeout(() => {
      if (!done) markSessionOpen(false);
      finish();
    }, waitMs);
  });
  return sharingSettled;
}

/** Leaves the channel (tests). */
export function stopSessionSharing(): void {
  channel?.close();
  channel = undefined;
}

// ---------------------------------------------------------------------------------------
// Raw access
// ---------------------------------------------------------------------------------------

export function getItem(key: SessionKey): string | null {
  return storage()?.getItem(key) ?? null;
}

export function setItem(key: SessionKey, value: string | null): void {
  const store = storage();
  if (!store) return;
  if (value === null) store.removeItem(key);
  else store.setItem(key, value);
  if (key === SESSION_KEYS.token && value) markSessionOpen(true);
  post({ type: 'set', key, value });
  emit();
}

function getJson<T>(key: SessionKey, fallback: T): T {
  const raw = getItem(key);
  if (raw === null || raw === '') return fallback;
  try {
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
  markSessionOpen(false);
  post({ type: 'clear' });
  emit();
  clearedListeners.forEach((listener) => listener(false));
}

// ---------------------------------------------------------------------------------------
// Client caches (clear cache in the user menu)
// ---------------------------------------------------------------------------------------

const cacheClearers = new Map<string, () => void>();

/**
 * Registers a client-side cache (dictionary look-ups, …) so "clear cache" in the user menu
 * empties it together with the server cache. Returns the unregister function.
 */
export function registerClientCache(name: string, clear: () => void): () => void {
  cacheClearers.set(name, clear);
  return () => cacheClearers.delete(name);
}

/** Empties every registered client cache. */
export function clearClientCaches(): void {
  cacheClearers.forEach((clear) => clear());
}
