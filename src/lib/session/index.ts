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
import { appPath } from '@/lib/app-path';
import { isRecord } from '@/core/guards';
import {
  handoverWindowName,
  HANDOVER_NAME_PREFIX,
  mintSyncKey,
  mintTicket,
  openWithSyncKey,
  openWithTicket,
  sealForTicket,
  sealWithSyncKey,
  ticketFromWindowName,
  ticketId,
  type Sealed,
} from './handover';

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
   * Not a spec key: the sign-in's sync key (see above). Kept with the session so a reload keeps
   * it, handed over with the snapshot, cleared on logout, never broadcast.
   */
  syncKey: 'sessionSyncKey',
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

const ALL_KEYS: SessionKey[] = Object.values(SESSION_KEYS);
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

/** Not broadcast in any form: the token, and the key that seals what is. */
const NEVER_BROADCAST: ReadonlySet<string> = new Set([SESSION_KEYS.token, SESSION_KEYS.syncKey]);

type SyncMessage =
  /** A new tab opened by the app asks with its ticket's id. */
  | { type: 'request'; id: string }
  /** The minting tab's answer: the session snapshot sealed for the ticket. */
  | ({ type: 'snapshot'; id: string } & Sealed)
  /** A session write `{ key, value }` sealed with the sign-in's sync key. */
  | ({ type: 'set' } & Sealed)
  | { type: 'clear' };

const CHANNEL_NAME = 'admin-session';
let channel: BroadcastChannel | undefined;

/** How long a minted ticket can be asked with. */
export const TICKET_LIFETIME_MS = 60_000;
/**
 * How long a new tab opened by the app waits for its opener's answer before showing the login
 * page (the opener is alive and answers within milliseconds; the wait only runs out when it was
 * closed or signed out meanwhile).
 */
export const HANDOVER_WAIT_MS = 1000;

/** Tickets this tab minted and not yet answered: ticket → its id (being derived) and expiry. */
const tickets = new Map<string, { id: Promise<string>; timer: ReturnType<typeof setTimeout> }>();

function forgetTickets(): void {
  tickets.forEach(({ timer }) => clearTimeout(timer));
  tickets.clear();
}

/** The hand-over this tab is waiting for (a tab opened by the app, not signed in yet). */
let awaiting: { ticket: string; id: string; finish: () => void } | undefined;

const isString = (value: unknown): value is string => typeof value === 'string';

/** A channel message of this protocol, or undefined (anything else anyone posts is ignored). */
function readMessage(data: unknown): SyncMessage | undefined {
  if (!isRecord(data)) return undefined;
  switch (data.type) {
    case 'request':
      return isString(data.id) ? { type: 'request', id: data.id } : undefined;
    case 'snapshot':
      return isString(data.id) && isString(data.iv) && isString(data.data)
        ? { type: 'snapshot', id: data.id, iv: data.iv, data: data.data }
        : undefined;
    case 'set':
      return isString(data.iv) && isString(data.data)
        ? { type: 'set', iv: data.iv, data: data.data }
        : undefined;
    case 'clear':
      return { type: 'clear' };
    default:
      return undefined;
  }
}

function isSessionKey(key: string): key is SessionKey {
  return ALL_KEYS.some((known) => known === key);
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

/**
 * Sealing is asynchronous: writes leave (and are applied) in the order they were made, each
 * sealed with the key the session had when it was made.
 */
let outgoing: Promise<void> = Promise.resolve();
let incoming: Promise<void> = Promise.resolve();

function broadcastSet(key: SessionKey, value: string | null): void {
  const syncKey = storage()?.getItem(SESSION_KEYS.syncKey);
  const joined = channel;
  if (!joined || !syncKey || NEVER_BROADCAST.has(key)) return;
  outgoing = outgoing
    .then(() => sealWithSyncKey(syncKey, JSON.stringify({ key, value })))
    .then((sealed) => {
      // Not on a channel joined after the write (tests leave and join again).
      if (sealed && channel === joined) post({ type: 'set', ...sealed });
    })
    .catch(() => undefined);
}

async function applySet(sealed: Sealed): Promise<void> {
  const store = storage();
  const syncKey = store?.getItem(SESSION_KEYS.syncKey);
  if (!store || !syncKey) return;
  const text = await openWithSyncKey(syncKey, sealed);
  // Sealed with another sign-in's key, or by someone without one: not ours.
  if (text === undefined || store.getItem(SESSION_KEYS.syncKey) !== syncKey) return;
  const write: unknown = JSON.parse(text);
  if (!isRecord(write) || !isString(write.key) || !isSessionKey(write.key)) return;
  if (NEVER_BROADCAST.has(write.key)) return;
  if (write.value === null) store.removeItem(write.key);
  else if (isString(write.value)) store.setItem(write.key, write.value);
  else return;
  emit();
}

/** The minting tab answers a request with one of its tickets' ids, once. */
async function answerRequest(id: string): Promise<void> {
  for (const [ticket, entry] of tickets) {
    if ((await entry.id) !== id) continue;
    // Deleted by an earlier request with the same id meanwhile: answered already.
    if (!tickets.delete(ticket)) return;
    clearTimeout(entry.timer);
    if (!getToken()) return;
    const sealed = await sealForTicket(ticket, JSON.stringify(snapshot()));
    post({ type: 'snapshot', id, ...sealed });
    return;
  }
}

/** The new tab opens the answer to its own request and starts with that session. */
async function acceptSnapshot(message: Extract<SyncMessage, { type: 'snapshot' }>): Promise<void> {
  const waiting = awaiting;
  if (!waiting || message.id !== waiting.id) return;
  const text = await openWithTicket(waiting.ticket, message);
  // Not sealed with our ticket (a forgery): keep waiting for the real answer.
  if (text === undefined || awaiting !== waiting) return;
  const store = storage();
  const entries: unknown = JSON.parse(text);
  if (store && isRecord(entries) && !store.getItem(SESSION_KEYS.token)) {
    for (const [key, value] of Object.entries(entries))
      if (isSessionKey(key) && isString(value)) store.setItem(key, value);
    emit();
  }
  waiting.finish();
}

function receive(data: unknown): void {
  const message = readMessage(data);
  const store = storage();
  if (!message || !store) return;
  switch (message.type) {
    case 'request':
      void answerRequest(message.id).catch(() => undefined);
      return;
    case 'snapshot':
      void acceptSnapshot(message).catch(() => undefined);
      return;
    case 'set':
      incoming = incoming.then(() => applySet(message)).catch(() => undefined);
      return;
    case 'clear':
      forgetTickets();
      SIGNED_IN_KEYS.forEach((key) => store.removeItem(key));
      emit();
      clearedListeners.forEach((listener) => listener(true));
      return;
  }
}

/** Settles once a new tab knows whether it starts signed in (see initSessionSharing). */
let sharingSettled: Promise<void> = Promise.resolve();

/**
 * What the route guard awaits before deciding signed in or not: the app renders (and loads the
 * first screen's code) meanwhile, instead of waiting for the hand-over before the first render.
 */
export function sessionSharingSettled(): Promise<void> {
  return sharingSettled;
}

/** Reads and clears a hand-over ticket from `window.name` (it must not outlive the start). */
function takeHandoverTicket(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const name = window.name;
  if (!name.startsWith(HANDOVER_NAME_PREFIX)) return undefined;
  window.name = '';
  return ticketFromWindowName(name);
}

/**
 * Joins the tabs' session channel; called once at start. A tab the app opened with a ticket
 * (`window.name`) and without a session asks its opener and waits up to `waitMs` for the sealed
 * answer. Every other tab settles at once: signed in already (a reload), or not, and then the
 * guard shows the login page without any wait.
 */
export function initSessionSharing(waitMs = HANDOVER_WAIT_MS): Promise<void> {
  const ticket = takeHandoverTicket();
  if (channel || typeof BroadcastChannel === 'undefined' || !storage()) return sharingSettled;
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => receive(event.data);
  if (!ticket || getToken()) {
    sharingSettled = Promise.resolve();
    return sharingSettled;
  }
  sharingSettled = new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      awaiting = undefined;
      resolve();
    };
    const timer = setTimeout(finish, waitMs);
    void ticketId(ticket).then(
      (id) => {
        if (done) return;
        awaiting = { ticket, id, finish };
        post({ type: 'request', id });
      },
      () => finish(),
    );
  });
  return sharingSettled;
}

/** Leaves the channel and forgets every ticket and wait (tests). */
export function stopSessionSharing(): void {
  channel?.close();
  channel = undefined;
  forgetTickets();
  awaiting?.finish();
  awaiting = undefined;
  sharingSettled = Promise.resolve();
}

/** Modifier keys and button of a click (a React or a DOM mouse event). */
export interface ClickIntent {
  button: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/**
 * Whether a click on one of the app's links asks for a new tab (ctrl/⌘ click, shift click, the
 * middle button): the app opens it itself (`openAppTab`) instead of letting the browser do it,
 * since a tab the browser opens gets no session.
 */
export function wantsNewTab(event: ClickIntent): boolean {
  return event.button === 1 || event.ctrlKey || event.metaKey || event.shiftKey;
}

/**
 * Paths the server answers, not the app: an uploaded or proxied file there is exactly the kind
 * of page that must never receive a ticket.
 */
const SERVER_PATHS = /^\/(api|ueditor|storage|oss-mock|ws)(\/|$)/i;

/**
 * Opens one of the app's routes in a new tab that starts with this tab's session: the one way
 * the app opens its own routes in a new tab (see the hand-over above). An address off the site,
 * or a path the server answers (/api, /ueditor, /storage…), is refused. Without a session (or a
 * channel) the tab opens plainly.
 */
export function openAppTab(path: string): void {
  const target = appPath(path);
  if (!target || SERVER_PATHS.test(target)) return;
  if (!channel || !getToken()) {
    window.open(target, '_blank', 'noopener');
    return;
  }
  const ticket = mintTicket();
  const timer = setTimeout(() => tickets.delete(ticket), TICKET_LIFETIME_MS);
  tickets.set(ticket, { id: ticketId(ticket), timer });
  window.open(target, handoverWindowName(ticket), 'noopener');
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
  forgetTickets();
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
