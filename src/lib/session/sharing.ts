/**
 * The session shared between the tabs the app opened (see ./index.ts for the protocol): the
 * hand-over of a new tab's session under a one-time ticket, the sealed writes, and logout.
 */
import { appPath } from '@/lib/app-path';
import { isRecord } from '@/core/guards';
import {
  handoverWindowName,
  HANDOVER_NAME_PREFIX,
  openWithSyncKey,
  openWithTicket,
  mintTicket,
  sealForTicket,
  sealWithSyncKey,
  ticketFromWindowName,
  ticketId,
  type Sealed,
} from './handover';
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

export function broadcastSet(key: SessionKey, value: string | null): void {
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
    if (!readItem(SESSION_KEYS.token)) return;
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
      notifyCleared(true);
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
  if (!ticket || readItem(SESSION_KEYS.token)) {
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
 * the app opens its own routes in a new tab (see the hand-over in ./index.ts). An address off the site,
 * or a path the server answers (/api, /ueditor, /storage…), is refused. Without a session (or a
 * channel) the tab opens plainly.
 */
export function openAppTab(path: string): void {
  const target = appPath(path);
  if (!target || SERVER_PATHS.test(target)) return;
  if (!channel || !readItem(SESSION_KEYS.token)) {
    window.open(target, '_blank', 'noopener');
    return;
  }
  const ticket = mintTicket();
  const timer = setTimeout(() => tickets.delete(ticket), TICKET_LIFETIME_MS);
  tickets.set(ticket, { id: ticketId(ticket), timer });
  window.open(target, handoverWindowName(ticket), 'noopener');
}

/** Logout here: every other tab signs out too (the message carries nothing). */
export function broadcastClear(): void {
  forgetTickets();
  post({ type: 'clear' });
}
