/**
 * Issue 51 walk-through item 10: in the demo the mock runs in the page, so a full reload starts
 * it afresh. The demo message is one per session: a reload, which keeps the session (the token
 * stays in session storage), must not queue another one (the bell climbed 4 → 11).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

type Page = {
  socket: typeof import('@/mocks/socket');
  sessions: typeof import('@/mocks/sessions');
  store: typeof import('@/mocks/store');
};

/** The mock as a fresh page load has it: new modules over what browser storage kept. */
async function loadPage(): Promise<Page> {
  vi.resetModules();
  return {
    socket: await import('@/mocks/socket'),
    sessions: await import('@/mocks/sessions'),
    store: await import('@/mocks/store'),
  };
}

/** Opens one connection signed in with `token`, binds and lets the demo delay pass. */
function bindAndWaitForDemo(page: Page, token: string): void {
  vi.useFakeTimers();
  try {
    const connection = page.socket.openMessageSocket(
      { id: 'tab', send: () => undefined, close: () => undefined },
      token,
    );
    connection.message(JSON.stringify({ type: 'bind', username: 'admin' }));
    vi.advanceTimersByTime(page.socket.DEMO_PUSH_DELAY_MS);
    connection.close();
  } finally {
    vi.useRealTimers();
  }
}

function unread(page: Page): number {
  return page.store.table(page.socket.MESSAGE_TABLE).rows.filter((row) => row.tm_status === 2)
    .length;
}

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('the demo message after a reload', () => {
  it('three reloads of a signed-in page leave one demo message in the bell', async () => {
    const first = await loadPage();
    first.store.table('adminuser').rows.push({ id: 1, username: 'admin', status: 1 });
    const token = first.sessions.startSession('admin');
    first.store.persist();

    bindAndWaitForDemo(first, token);
    expect(unread(first)).toBe(1);

    for (let reload = 0; reload < 3; reload += 1) {
      const page = await loadPage();
      bindAndWaitForDemo(page, token);
      expect(unread(page)).toBe(1);
    }
  });

  it('a new sign-in (a new session) gets its own demo message', async () => {
    const page = await loadPage();
    page.store.table('adminuser').rows.push({ id: 1, username: 'admin', status: 1 });
    bindAndWaitForDemo(page, page.sessions.startSession('admin'));
    bindAndWaitForDemo(page, page.sessions.startSession('admin'));
    expect(unread(page)).toBe(2);
  });
});
