/**
 * Sharing the session between the browser's tabs (lib/session, spec section 2): a tab that
 * starts without a session asks the open tabs and starts signed in with the first answer, or shows
 * the login page after the wait; a signed-in tab answers; writes reach the tabs of the same
 * sign-in only, never the token; a logout signs out every tab. No Web Crypto is needed (plain
 * HTTP under a host name is no secure context).
 *
 * "Another tab" is a BroadcastChannel of its own on the app's channel name.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getTabPane,
  getToken,
  HANDOVER_WAIT_MS,
  initSessionSharing,
  isLoggedIn,
  onSessionCleared,
  SESSION_KEYS,
  setItem,
  setTabPane,
  SIGNED_IN_HINT,
  startSession,
  stopSessionSharing,
} from '@/lib/session';

const TOKEN = 'secret-token-of-admin';
const TABS = [{ path: '/system/user', title: '管理员管理' }];

interface Heard {
  type: string;
  entries?: Record<string, string>;
  signInId?: string;
  key?: string;
  value?: string | null;
}

let others: BroadcastChannel[] = [];

/** Another tab (or any page of the origin) on the app's channel, recording what it hears. */
function other() {
  const channel = new BroadcastChannel('admin-session');
  others.push(channel);
  const heard: Heard[] = [];
  channel.onmessage = (event: MessageEvent<Heard>) => heard.push(event.data);
  return { channel, heard };
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

/** This tab signed in as the sign-in form does it. */
function signInHere(): void {
  startSession({
    token: TOKEN,
    prilist: 'ADMINUSER_ADD',
    userinfo: { username: 'admin', nickname: '管理员', avatar: '' },
  });
}

/** The session another signed-in tab holds, as it answers a request. */
const ANSWER = {
  [SESSION_KEYS.token]: TOKEN,
  [SESSION_KEYS.loginFlag]: '1',
  [SESSION_KEYS.username]: 'admin',
  [SESSION_KEYS.signInId]: 'sign-in-of-the-other-tab',
  [SESSION_KEYS.tabPane]: JSON.stringify(TABS),
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  stopSessionSharing();
  others.forEach((channel) => channel.close());
  others = [];
  vi.useRealTimers();
});

describe('a tab that starts without a session', () => {
  it('when no tab of the browser is signed in, asks nobody and settles at once', async () => {
    const post = vi.spyOn(BroadcastChannel.prototype, 'postMessage');
    expect(await settled(initSessionSharing())).toBe(true);
    expect(isLoggedIn()).toBe(false);
    expect(post).not.toHaveBeenCalled();
    post.mockRestore();
  });

  it('asks the open tabs and starts signed in with the first answer', async () => {
    localStorage.setItem(SIGNED_IN_HINT, '1');
    const opener = other();
    opener.channel.onmessage = (event: MessageEvent<Heard>) => {
      opener.heard.push(event.data);
      if (event.data.type !== 'request') return;
      opener.channel.postMessage({ type: 'session', entries: ANSWER });
      // A second tab's answer comes later: the first one stays.
      opener.channel.postMessage({
        type: 'session',
        entries: { ...ANSWER, [SESSION_KEYS.token]: 'second' },
      });
    };
    // Settled by the answer, long before the wait would run out.
    await initSessionSharing();
    expect(getToken()).toBe(TOKEN);
    expect(isLoggedIn()).toBe(true);
    expect(getTabPane()).toEqual(TABS);
    expect(opener.heard).toEqual([{ type: 'request' }]);
    // Later answers (to another tab's request) leave this tab's session alone.
    opener.channel.postMessage({ type: 'session', entries: { ...ANSWER, token: 'planted' } });
    await vi.advanceTimersByTimeAsync(10);
    expect(getToken()).toBe(TOKEN);
  });

  it('takes only session keys, and only a signed-in answer', async () => {
    localStorage.setItem(SIGNED_IN_HINT, '1');
    const opener = other();
    opener.channel.onmessage = (event: MessageEvent<Heard>) => {
      if (event.data.type !== 'request') return;
      // Signed out (no login flag), then junk, then a real answer with a stranger key.
      opener.channel.postMessage({ type: 'session', entries: { token: 'half' } });
      opener.channel.postMessage({ type: 'session', entries: 'token=x' });
      opener.channel.postMessage({ type: 'session', entries: { ...ANSWER, stranger: 'x' } });
    };
    await initSessionSharing();
    expect(getToken()).toBe(TOKEN);
    expect(sessionStorage.getItem('stranger')).toBeNull();
  });

  it('shows the login page after the wait when no tab answers, and forgets the stale hint', async () => {
    localStorage.setItem(SIGNED_IN_HINT, '1');
    const sharing = initSessionSharing();
    await vi.advanceTimersByTimeAsync(HANDOVER_WAIT_MS - 1);
    expect(await settled(sharing)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(sharing)).toBe(true);
    expect(isLoggedIn()).toBe(false);
    expect(localStorage.getItem(SIGNED_IN_HINT)).toBeNull();
  });
});

describe('a signed-in tab', () => {
  it('answers a new tab with its session and tells the browser a tab is signed in', async () => {
    signInHere();
    expect(localStorage.getItem(SIGNED_IN_HINT)).toBe('1');
    await initSessionSharing();
    const tab = other();
    tab.channel.postMessage({ type: 'request' });
    await vi.waitFor(() => expect(tab.heard).toHaveLength(1));
    expect(tab.heard[0]).toMatchObject({
      type: 'session',
      entries: { token: TOKEN, isLogin: '1', username: 'admin' },
    });
  });

  it('a reloaded signed-in tab settles at once and asks nobody', async () => {
    signInHere();
    localStorage.clear();
    const post = vi.spyOn(BroadcastChannel.prototype, 'postMessage');
    expect(await settled(initSessionSharing())).toBe(true);
    expect(post).not.toHaveBeenCalled();
    expect(localStorage.getItem(SIGNED_IN_HINT)).toBe('1');
    post.mockRestore();
  });

  it('a signed-out tab answers nothing', async () => {
    await initSessionSharing();
    const tab = other();
    tab.channel.postMessage({ type: 'request' });
    setItem(SESSION_KEYS.username, 'marker');
    await vi.advanceTimersByTimeAsync(10);
    expect(tab.heard).toEqual([]);
  });
});

describe('writes shared between tabs', () => {
  it('never carry the token; other writes go to the tabs of the same sign-in', async () => {
    await initSessionSharing();
    const page = other();
    signInHere();
    setTabPane(TABS);
    await vi.waitFor(() =>
      expect(page.heard.map((message) => message.key)).toEqual([
        SESSION_KEYS.username,
        SESSION_KEYS.userinfo,
        SESSION_KEYS.prilist,
        SESSION_KEYS.loginFlag,
        SESSION_KEYS.tabPane,
      ]),
    );
    expect(JSON.stringify(page.heard)).not.toContain(TOKEN);
  });

  it('applies a write of the same sign-in and ignores another sign-in’s, a token and junk', async () => {
    signInHere();
    await initSessionSharing();
    const signInId = sessionStorage.getItem(SESSION_KEYS.signInId);
    const tab = other();
    const tabs = JSON.stringify([{ path: '/system/role', title: '角色管理' }]);
    tab.channel.postMessage({ type: 'set', key: SESSION_KEYS.systemSetting, value: '{}' });
    tab.channel.postMessage({ type: 'set', signInId: 'another', key: 'tabPane', value: '[]' });
    tab.channel.postMessage({ type: 'set', signInId, key: SESSION_KEYS.token, value: 'planted' });
    tab.channel.postMessage({ type: 'set', signInId, key: 'stranger', value: 'x' });
    tab.channel.postMessage({ type: 'set', signInId, key: SESSION_KEYS.tabPane, value: tabs });
    // Messages arrive in order: the last one applied shows the others were read.
    await vi.waitFor(() => expect(getTabPane()).toEqual(JSON.parse(tabs)));
    expect(getToken()).toBe(TOKEN);
    expect(sessionStorage.getItem(SESSION_KEYS.systemSetting)).toBeNull();
    expect(sessionStorage.getItem('stranger')).toBeNull();
  });
});

describe('logout', () => {
  it('signs out every tab, and this one when another tab logs out', async () => {
    signInHere();
    await initSessionSharing();
    const tab = other();
    clearSession();
    expect(isLoggedIn()).toBe(false);
    expect(localStorage.getItem(SIGNED_IN_HINT)).toBeNull();
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
