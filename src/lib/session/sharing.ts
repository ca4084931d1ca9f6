/**
 * The session shared between the browser's tabs of this origin (spec section 2: "session data
 * is shared between browser tabs"; see ./index.ts for what it rests on):
 *
 * - A tab that starts without a session (a typed address, a bookmark, a link opened in a new
 *   tab) asks the others on a BroadcastChannel; a signed-in tab answers with its session keys,
 *   and the new tab starts signed in. Nobody answers within `HANDOVER_WAIT_MS`: the login page.
 * - Session writes (the history tabs, the menu, the settings, …) reach the tabs of the same
 *   sign-in; the token itself travels only in an answer to a new tab.
 * - Logout, a password change or a 401 (`clearSession`) signs out every tab.
 *
 * Plain BroadcastChannel and storage: the same over HTTP and HTTPS (no secure context needed).
 */
import { isRecord } from '@/core/guards';
import {
  ALL_KEYS,
  emit,
  notifyCleared,
  readItem,
  SESSION_KEYS,
  SIGNED_IN_KEYS,
  storage,
  type SessionKey,
} from './store';

type SyncMessage =
  /** A tab without a session asks for one. */
  | { type: 'request' }
  /** A signed-in tab's answer: its session keys. */
  | { type: 'session'; entries: Partial<Record<SessionKey, string>> }
  /** A session write of the sign-in `signInId`. */
  | { type: 'set'; signInId: string; key: SessionKey; value: string | null }
  | { type: 'clear' };

const CHANNEL_NAME = 'admin-session';
let channel: BroadcastChannel | undefined;

/**
 * How long a tab that starts without a session waits for another tab's answer before showing
 * the login page. A live tab answers within milliseconds; the wait runs out only when no tab
 * of this browser is signed in any more (then `SIGNED_IN_HINT` was stale: it is removed).
 */
export const HANDOVER_WAIT_MS = 1000;

/**
 * localStorage: '1' while some tab of this browser holds a session (set at sign-in and by every
 * signed-in tab at start, removed at logout). It carries nothing but that; it only spares a
 * first visit the wait for answers when no tab can give one.
 */
export const SIGNED_IN_HINT = 'admin-session-open';

/** Written at every sign-in: writes of another sign-in (another tab's account) are not applied. */
function mintSignInId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function localHint(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function setSignedInHint(open: boolean): void {
  try {
    if (open) localHint()?.setItem(SIGNED_IN_HINT, '1');
    else localHint()?.removeItem(SIGNED_IN_HINT);
  } catch {
    // Storage full or refused: the hint only saves a wait.
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';

function isSessionKey(key: string): key is SessionKey {
  return ALL_KEYS.some((known) => known === key);
}

/** The session keys of an answer; anything else in it is dropped. */
function readEntries(value: unknown): Partial<Record<SessionKey, string>> | undefined {
  if (!isRecord(value)) return undefined;
  const entries: Partial<Record<SessionKey, string>> = {};
  for (const [key, item] of Object.entries(value))
    if (isSessionKey(key) && isString(item)) entries[key] = item;
  return entries;
}

/** A channel message of this protocol, or undefined (anything else anyone posts is ignored). */
function readMessage(data: unknown): SyncMessage | undefined {
  if (!isRecord(data)) return undefined;
  switch (data.type) {
    case 'request':
      return { type: 'request' };
    case 'session': {
      const entries = readEntries(data.entries);
      return entries ? { type: 'session', entries } : undefined;
    }
    case 'set':
      return isString(data.signInId) &&
        isString(data.key) &&
        isSessionKey(data.key) &&
        (data.value === null || isString(data.value))
        ? { type: 'set', signInId: data.signInId, key: data.key, value: data.value }
        : undefined;
    case 'clear':
      return { type: 'clear' };
    default:
      return undefined;
  }
}

function snapshot(): Partial<Record<SessionKey, string>> {
  const entries: Partial<Record<SessionKey, string>> = {};
  for (const key of ALL_KEYS) {
    const value = readItem(key);
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

function signedIn(): boolean {
  return Boolean(readItem(SESSION_KEYS.token)) && readItem(SESSION_KEYS.loginFlag) === '1';
}

/** Not shared by `set`: the token (only a new tab's answer carries it) and the sign-in's id. */
const NOT_SHARED: ReadonlySet<SessionKey> = new Set([SESSION_KEYS.token, SESSION_KEYS.signInId]);

/** Shares a session write of this tab with the tabs of the same sign-in. */
export function broadcastSet(key: SessionKey, value: string | null): void {
  const signInId = readItem(SESSION_KEYS.signInId);
  if (!signInId || NOT_SHARED.has(key)) return;
  post({ type: 'set', signInId, key, value });
}

/** A new sign-in in this tab: its own id, and the hint that a tab is signed in. */
export function beginSignIn(): string {
  setSignedInHint(true);
  return mintSignInId();
}

/** The tab waiting for an answer (started without a session), until it gets one or gives up. */
let awaiting: (() => void) | undefined;

function acceptSession(entries: Partial<Record<SessionKey, string>>): void {
  const store = storage();
  const finish = awaiting;
  // Only a tab that asked, and still has no session of its own, takes one.
  if (!store || !finish || readItem(SESSION_KEYS.token)) return;
  if (!entries[SESSION_KEYS.token] || entries[SESSION_KEYS.loginFlag] !== '1') return;
  for (const key of ALL_KEYS) {
    const value = entries[key];
    if (value !== undefined) store.setItem(key, value);
  }
  emit();
  finish();
}

function receive(data: unknown): void {
  const message = readMessage(data);
  const store = storage();
  if (!message || !store) return;
  switch (message.type) {
    case 'request':
      if (signedIn()) post({ type: 'session', entries: snapshot() });
      return;
    case 'session':
      acceptSession(message.entries);
      return;
    case 'set':
      if (NOT_SHARED.has(message.key)) return;
      if (readItem(SESSION_KEYS.signInId) !== message.signInId) return;
      if (message.value === null) store.removeItem(message.key);
      else store.setItem(message.key, message.value);
      emit();
      return;
    case 'clear':
      SIGNED_IN_KEYS.forEach((key) => store.removeItem(key));
      setSignedInHint(false);
      emit();
      notifyCleared(true);
      return;
  }
}

/** Settles once a tab knows whether it starts signed in (see initSessionSharing). */
let sharingSettled: Promise<void> = Promise.resolve();

/**
 * What the route guard awaits before deciding signed in or not: the app renders (and loads the
 * first screen's code) meanwhile, instead of waiting for the answer before the first render.
 */
export function sessionSharingSettled(): Promise<void> {
  return sharingSettled;
}

/**
 * Joins the tabs' session channel; called once at start. A tab with a session (a reload) settles
 * at once, and so does one when no tab of the browser is signed in (no hint). Otherwise it asks
 * and waits up to `waitMs` for the first answer.
 */
export function initSessionSharing(waitMs = HANDOVER_WAIT_MS): Promise<void> {
  if (channel || typeof BroadcastChannel === 'undefined' || !storage()) return sharingSettled;
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => receive(event.data);
  if (readItem(SESSION_KEYS.token) || localHint()?.getItem(SIGNED_IN_HINT) !== '1') {
    if (signedIn()) setSignedInHint(true);
    sharingSettled = Promise.resolve();
    return sharingSettled;
  }
  sharingSettled = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      // Nobody answered: no tab holds a session any more (closed without signing out).
      setSignedInHint(false);
      finish();
    }, waitMs);
    const finish = () => {
      clearTimeout(timer);
      awaiting = undefined;
      resolve();
    };
    awaiting = finish;
    post({ type: 'request' });
  });
  return sharingSettled;
}

/** Leaves the channel and forgets any wait (tests). */
export function stopSessionSharing(): void {
  channel?.close();
  channel = undefined;
  awaiting?.();
  awaiting = undefined;
  sharingSettled = Promise.resolve();
}

/** Logout here: every other tab signs out too (the message carries nothing). */
export function broadcastClear(): void {
  setSignedInHint(false);
  post({ type: 'clear' });
}
