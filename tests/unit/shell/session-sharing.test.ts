/**
 * Sharing the session between tabs, limited to tabs the app opened (lib/session): a signed-in
 * tab opens an app route with a one-time ticket, answers that ticket once with the session sealed
 * for it, and nobody else reads or forges anything on the channel; a tab opened any other way
 * asks nobody and does not wait; a logout still signs out every tab.
 *
 * "Another tab" is a BroadcastChannel of its own on the app's channel name, speaking the protocol
 * with the same sealing helpers the app uses.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  clearSession,
  getTabPane,
  getToken,
  HANDOVER_WAIT_MS,
  initSessionSharing,
  isLoggedIn,
  onSessionCleared,
  openAppTab,
  SESSION_KEYS,
  setItem,
  setTabPane,
  stopSessionSharing,
  TICKET_LIFETIME_MS,
  wantsNewTab,
} from '@/lib/session';
import {
  handoverWindowName,
  mintSyncKey,
  mintTicket,
  openWithSyncKey,
  openWithTicket,
  sealForTicket,
  sealWithSyncKey,
  ticketFromWindowName,
  ticketId,
  type Sealed,
} from '@/lib/session/handover';

const TOKEN = 'secret-token-of-admin';

interface Heard {
  type: string;
  id?: string;
  iv?: string;
  data?: string;
}

/** Another tab (or any page of the origin) on the app's channel, recording what it hears. */
function listener() {
  const channel = new BroadcastChannel('admin-session');
  const heard: Heard[] = [];
  channel.onmessage = (event: MessageEvent<Heard>) => heard.push(event.data);
  return { channel, heard };
}

let others: BroadcastChannel[] = [];
let open: MockInstance<typeof window.open>;

function other() {
  const tab = listener();
  others.push(tab.channel);
  return tab;
}

/** Whether `promise` has settled by now (after pending microtasks). */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

/** This tab signed in: a token, the login flag and the sign-in's sync key. */
function signInHere(syncKey = mintSyncKey()): string {
  setItem(SESSION_KEYS.syncKey, syncKey);
  setItem(SESSION_KEYS.token, TOKEN);
  setItem(SESSION_KEYS.loginFlag, '1');
  setItem(SESSION_KEYS.username, 'admin');
  return syncKey;
}

/** The ticket the last `openAppTab` handed to its tab through window.name. */
function lastTicket(): string {
  const name = open.mock.lastCall?.[1];
  const ticket = ticketFromWindowName(name ?? '');
  if (!ticket) throw new Error(`no hand-over ticket in ${String(name)}`);
  return ticket;
}

const sealedOf = (message: Heard): Sealed => ({ iv: message.iv ?? '', data: message.data ?? '' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  sessionStorage.clear();
  window.name = '';
  open = vi.spyOn(window, 'open').mockImplementation(() => null);
});

afterEach(() => {
  stopSessionSharing();
  others.forEach((channel) => channel.close());
  others = [];
  open.mockRestore();
  vi.useRealTimers();
});

describe('a tab the app did not open', () => {
  it('asks nobody and settles at once: the login page shows without a wait', async () => {
    const post = vi.spyOn(BroadcastChannel.prototype, 'postMessage');
    expect(await settled(initSessionSharing())).toBe(true);
    expect(isLoggedIn()).toBe(false);
    expect(post).not.toHaveBeenCalled();
    post.mockRestore();
  });

  it('is not answered when it asks without a ticket, or with a guessed one', async () => {
    signInHere();
    await initSessionSharing();
    openAppTab('/system/user');
    const ticket = lastTicket();
    const page = other();
    page.channel.postMessage({ type: 'request' });
    page.channel.postMessage({ type: 'request', id: await ticketId(mintTicket()) });
    page.channel.postMessage({ type: 'request', id: ticket });
    // The real tab asks last; its answer is the only one anybody gets.
    page.channel.postMessage({ type: 'request', id: await ticketId(ticket) });
    await vi.waitFor(() => expect(page.heard.some((m) => m.type === 'snapshot')).toBe(true));
    const answers = page.heard.filter((m) => m.type === 'snapshot');
    expect(answers.map((m) => m.id)).toEqual([await ticketId(ticket)]);
    expect(JSON.stringify(page.heard)).not.toContain(TOKEN);
  });
});

describe('a tab the app opens', () => {
  it('is opened with noopener and a one-time 128-bit ticket in window.name', async () => {
    signInHere();
    await initSessionSharing();
    openAppTab('/system/user?page=2');
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.lastCall?.[0]).toBe('/system/user?page=2');
    expect(open.mock.lastCall?.[1]).toMatch(/^admin-handover:[0-9a-f]{32}$/);
    expect(open.mock.lastCall?.[2]).toBe('noopener');
    const first = lastTicket();
    openAppTab('/system/user');
    expect(lastTicket()).not.toBe(first);
  });

  it('opens without a ticket when this tab holds no session, and never off the app or to a server file', async () => {
    await initSessionSharing();
    openAppTab('/system/user');
    expect(open).toHaveBeenLastCalledWith('/system/user', '_blank', 'noopener');
    signInHere();
    openAppTab('//evil.example/x');
    openAppTab('https://evil.example/');
    // A file the server serves is not the app: it never gets a ticket.
    openAppTab('/storage/evil.html');
    openAppTab('/API/../storage/evil.html');
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('gets the session from its opener once, sealed so only the ticket opens it', async () => {
    signInHere();
    await initSessionSharing();
    openAppTab('/system/user');
    const ticket = lastTicket();
    const id = await ticketId(ticket);
    const tab = other();
    tab.channel.postMessage({ type: 'request', id });
    await vi.waitFor(() => expect(tab.heard).toHaveLength(1));
    const answer = tab.heard[0]!;
    expect(answer).toMatchObject({ type: 'snapshot', id });
    expect(JSON.stringify(answer)).not.toContain(TOKEN);
    expect(await openWithTicket(mintTicket(), sealedOf(answer))).toBeUndefined();
    const session: unknown = JSON.parse((await openWithTicket(ticket, sealedOf(answer))) ?? '');
    expect(session).toMatchObject({ token: TOKEN, isLogin: '1', username: 'admin' });

    // The ticket is void now: asking again gets nothing, a newer ticket's request is answered.
    tab.channel.postMessage({ type: 'request', id });
    openAppTab('/system/role');
    const newer = await ticketId(lastTicket());
    tab.channel.postMessage({ type: 'request', id: newer });
    await vi.waitFor(() => expect(tab.heard).toHaveLength(2));
    expect(tab.heard.map((m) => m.id)).toEqual([id, newer]);
  });

  it('cannot use its ticket after 60 s', async () => {
    signInHere();
    await initSessionSharing();
    openAppTab('/system/user');
    const late = await ticketId(lastTicket());
    await vi.advanceTimersByTimeAsync(TICKET_LIFETIME_MS);
    const tab = other();
    tab.channel.postMessage({ type: 'request', id: late });
    openAppTab('/system/role');
    const fresh = await ticketId(lastTicket());
    tab.channel.postMessage({ type: 'request', id: fresh });
    await vi.waitFor(() => expect(tab.heard).toHaveLength(1));
    expect(tab.heard[0]?.id).toBe(fresh);
  });

  it('reads and clears its ticket, asks with its id only, and ignores a forged answer', async () => {
    const ticket = mintTicket();
    const id = await ticketId(ticket);
    window.name = handoverWindowName(ticket);
    const opener = other();
    opener.channel.onmessage = (event: MessageEvent<Heard>) => {
      opener.heard.push(event.data);
      if (event.data.type !== 'request' || event.data.id !== id) return;
      void (async () => {
        // Someone who saw the request answers first, without the ticket: not accepted.
        const forged = await sealForTicket(mintTicket(), JSON.stringify({ token: 'forged' }));
        opener.channel.postMessage({ type: 'snapshot', id, ...forged });
        const real = await sealForTicket(
          ticket,
          JSON.stringify({ [SESSION_KEYS.token]: TOKEN, [SESSION_KEYS.loginFlag]: '1' }),
        );
        opener.channel.postMessage({ type: 'snapshot', id, ...real });
      })();
    };
    const sharing = initSessionSharing();
    expect(window.name).toBe('');
    expect(await settled(sharing)).toBe(false);
    await vi.waitFor(() => expect(getToken()).toBe(TOKEN));
    expect(await settled(sharing)).toBe(true);
    expect(isLoggedIn()).toBe(true);
    expect(opener.heard).toEqual([{ type: 'request', id }]);
    expect(JSON.stringify(opener.heard)).not.toContain(ticket);
  });

  it('shows the login page after the wait when its opener is gone', async () => {
    window.name = handoverWindowName(mintTicket());
    const sharing = initSessionSharing();
    await vi.advanceTimersByTimeAsync(HANDOVER_WAIT_MS - 1);
    expect(await settled(sharing)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(sharing)).toBe(true);
    expect(isLoggedIn()).toBe(false);
  });
});

describe('writes shared between tabs', () => {
  it('never broadcasts the token; other writes go sealed with the sign-in’s key', async () => {
    await initSessionSharing();
    const page = other();
    const syncKey = signInHere();
    setTabPane([{ path: '/system/user', title: '管理员管理' }]);
    await vi.waitFor(() => expect(page.heard.length).toBeGreaterThan(0));
    await vi.waitFor(async () => {
      const writes = await Promise.all(
        page.heard.map((message) => openWithSyncKey(syncKey, sealedOf(message))),
      );
      expect(writes.map((text) => (JSON.parse(text ?? '{}') as { key?: string }).key)).toEqual([
        SESSION_KEYS.loginFlag,
        SESSION_KEYS.username,
        SESSION_KEYS.tabPane,
      ]);
    });
    const heard = JSON.stringify(page.heard);
    expect(heard).not.toContain(TOKEN);
    expect(heard).not.toContain(syncKey);
    expect(heard).not.toContain('管理员管理');
  });

  it('applies a write of the same sign-in and ignores plain, foreign or token writes', async () => {
    const syncKey = signInHere();
    await initSessionSharing();
    const tab = other();
    const seal = (key: string, value: string, withKey = syncKey) =>
      sealWithSyncKey(withKey, JSON.stringify({ key, value }));
    const tabs = JSON.stringify([{ path: '/system/role', title: '角色管理' }]);
    tab.channel.postMessage({ type: 'set', key: SESSION_KEYS.systemSetting, value: '{}' });
    tab.channel.postMessage({
      type: 'set',
      ...(await seal(SESSION_KEYS.tabPane, '[]', mintSyncKey())),
    });
    tab.channel.postMessage({ type: 'set', ...(await seal(SESSION_KEYS.token, 'planted')) });
    tab.channel.postMessage({ type: 'set', ...(await seal(SESSION_KEYS.tabPane, tabs)) });
    // Writes are applied in the order they arrive: the last one shows the others were read.
    await vi.waitFor(() => expect(getTabPane()).toEqual(JSON.parse(tabs)));
    expect(getToken()).toBe(TOKEN);
    expect(sessionStorage.getItem(SESSION_KEYS.systemSetting)).toBeNull();
  });
});

describe('logout', () => {
  it('signs out every tab, and this one when another tab logs out', async () => {
    signInHere();
    await initSessionSharing();
    const tab = other();
    clearSession();
    expect(isLoggedIn()).toBe(false);
    await vi.waitFor(() => expect(tab.heard).toEqual([{ type: 'clear' }]));

    signInHere();
    const cleared = vi.fn();
    const stop = onSessionCleared(cleared);
    tab.channel.postMessage({ type: 'clear' });
    await vi.waitFor(() => expect(cleared).toHaveBeenCalledWith(true));
    expect(getToken()).toBe('');
    stop();
  });
});

describe('new-tab clicks', () => {
  it('ctrl, ⌘ or shift click and the middle button ask for a new tab', () => {
    const click = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false };
    expect(wantsNewTab(click)).toBe(false);
    expect(wantsNewTab({ ...click, ctrlKey: true })).toBe(true);
    expect(wantsNewTab({ ...click, metaKey: true })).toBe(true);
    expect(wantsNewTab({ ...click, shiftKey: true })).toBe(true);
    expect(wantsNewTab({ ...click, button: 1 })).toBe(true);
  });
});
