/**
 * Live messages that come back: a dropped connection is opened again with backoff (at once when
 * the network returns), the bell says it is offline meanwhile, the unread count and list are
 * asked again when it is back, and the drawer never says 暂无消息 while 13 are unread.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { MessageCenter } from '@/layout/message-center';
import { reconnectDelay, useMessageSocket } from '@/layout/use-message-socket';
import { SESSION_KEYS, setItem } from '@/lib/session';
import { renderWithProviders } from '../form/render';

const api = vi.hoisted(() => ({
  unread: vi.fn<() => Promise<{ data: number }>>(),
  list: vi.fn<() => Promise<{ data: { data: unknown[] } }>>(),
}));

vi.mock('@generated/api/message/message', () => ({
  messageGetmesnoreadnum: api.unread,
  messageList: api.list,
  messageGetsocketstatus: () => Promise.resolve({ data: { open: true, url: 'ws://test/ws' } }),
  useMessageRead: () => ({ mutate: vi.fn() }),
}));

/** A WebSocket the test opens and drops by hand. */
class FakeSocket extends EventTarget {
  static made: FakeSocket[] = [];
  sent: string[] = [];
  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {
    super();
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.dispatchEvent(new Event('close'));
  }
  serverOpens() {
    this.dispatchEvent(new Event('open'));
  }
  serverDrops() {
    this.dispatchEvent(new Event('close'));
  }
}

function Shell() {
  useMessageSocket();
  return <MessageCenter />;
}

beforeEach(() => {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  api.unread.mockResolvedValue({ data: 13 });
  api.list.mockResolvedValue({ data: { data: [] } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  api.unread.mockReset();
  api.list.mockReset();
});

const bell = () => screen.getByRole('button', { name: /^消息/ });

describe('the live connection', () => {
  it('waits 1 s, then doubles up to 30 s, with a little jitter', () => {
    expect([0, 1, 2, 5, 10].map((attempt) => reconnectDelay(attempt, () => 0.5))).toEqual([
      1000, 2000, 4000, 30000, 30000,
    ]);
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(0, () => 1)).toBe(1200);
  });

  it('signs in with the session token as a subprotocol, never in the address', async () => {
    setItem(SESSION_KEYS.token, '0123abcdef');
    setItem(SESSION_KEYS.username, 'admin');
    try {
      renderWithProviders(<Shell />);
      await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1));
      const [socket] = FakeSocket.made;
      expect(socket!.url).toBe('ws://test/ws');
      expect(socket!.protocols).toEqual(['back-office-messages', 'access-token.0123abcdef']);
      act(() => socket!.serverOpens());
      expect(socket!.sent).toEqual([JSON.stringify({ type: 'bind', username: 'admin' })]);
    } finally {
      setItem(SESSION_KEYS.token, null);
      setItem(SESSION_KEYS.username, null);
    }
  });

  it('shows it is offline, reconnects after the backoff and asks for the messages again', async () => {
    renderWithProviders(<Shell />);
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    vi.useFakeTimers();
    act(() => FakeSocket.made[0]!.serverOpens());
    expect(FakeSocket.made[0]!.sent[0]).toContain('"bind"');
    expect(bell()).toHaveAccessibleName('消息 13');

    act(() => FakeSocket.made[0]!.serverDrops());
    expect(bell()).toHaveAccessibleName('消息 13 消息连接已断开，正在重连…');
    const askedBefore = api.unread.mock.calls.length;
    act(() => {
      vi.advanceTimersByTime(1300);
    });
    expect(FakeSocket.made).toHaveLength(2);
    act(() => FakeSocket.made[1]!.serverOpens());
    vi.useRealTimers();
    expect(bell()).toHaveAccessibleName('消息 13');
    await vi.waitFor(() => expect(api.unread.mock.calls.length).toBeGreaterThan(askedBefore));
  });

  it('tries again at once when the network comes back', async () => {
    renderWithProviders(<Shell />);
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    act(() => FakeSocket.made[0]!.serverOpens());
    act(() => FakeSocket.made[0]!.serverDrops());
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('never says 暂无消息 while the count says 13 are unread', async () => {
    api.list.mockRejectedValue(new Error('offline'));
    renderWithProviders(<Shell />);
    await vi.waitFor(() => expect(bell()).toHaveAccessibleName('消息 13'));
    act(() => bell().click());
    const drawer = await screen.findByRole('complementary');
    expect(
      await within(drawer).findByText('有 13 条未读消息，暂时无法加载，连接恢复后自动刷新'),
    ).toBeInTheDocument();
    expect(within(drawer).queryByText('暂无消息')).toBeNull();
  });
});
