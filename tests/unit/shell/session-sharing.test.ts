/**
 * Sharing the session between tabs: a new tab of a signed-in user starts signed in (the other
 * tab answers over the channel), and a cold load with no signed-in tab anywhere does not wait for
 * an answer that cannot come (no fixed wait before the login page).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getToken,
  initSessionSharing,
  isLoggedIn,
  SESSION_KEYS,
  SESSION_OPEN_KEY,
  setItem,
  stopSessionSharing,
} from '@/lib/session';

const WAIT_MS = 150;
/** Another tab: a channel of its own on the same name. */
let otherTab: BroadcastChannel | undefined;

/** Whether `promise` has settled by now (after pending microtasks). */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  stopSessionSharing();
  otherTab?.close();
  otherTab = undefined;
  vi.useRealTimers();
});

describe('session sharing between tabs', () => {
  it('does not wait when no tab has signed in', async () => {
    expect(await settled(initSessionSharing(WAIT_MS))).toBe(true);
    expect(isLoggedIn()).toBe(false);
  });

  it('starts a new tab signed in with the session another tab answers with', async () => {
    localStorage.setItem(SESSION_OPEN_KEY, '1');
    let asked = false;
    otherTab = new BroadcastChannel('admin-session');
    otherTab.onmessage = (event: MessageEvent<{ type: string }>) => {
      if (event.data.type === 'request') asked = true;
    };
    const sharing = initSessionSharing(WAIT_MS);
    // Messages cross the channel on the event loop, not on a timer.
    await vi.waitFor(() => expect(asked).toBe(true), { timeout: 2000 });
    expect(await settled(sharing)).toBe(false);
    otherTab.postMessage({
      type: 'snapshot',
      entries: { [SESSION_KEYS.token]: 'shared-token', [SESSION_KEYS.loginFlag]: '1' },
    });
    await vi.waitFor(() => expect(getToken()).toBe('shared-token'), { timeout: 2000 });
    expect(await settled(sharing)).toBe(true);
    expect(isLoggedIn()).toBe(true);
  });

  it('gives up after the wait when a tab signed in once but none answers, and forgets it', async () => {
    localStorage.setItem(SESSION_OPEN_KEY, '1');
    const sharing = initSessionSharing(WAIT_MS);
    await vi.advanceTimersByTimeAsync(WAIT_MS - 1);
    expect(await settled(sharing)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(sharing)).toBe(true);
    expect(localStorage.getItem(SESSION_OPEN_KEY)).toBeNull();
  });

  it('marks a session open on sign-in and forgets it on logout', () => {
    setItem(SESSION_KEYS.token, 'own-token');
    expect(localStorage.getItem(SESSION_OPEN_KEY)).toBe('1');
    clearSession();
    expect(localStorage.getItem(SESSION_OPEN_KEY)).toBeNull();
  });
});
