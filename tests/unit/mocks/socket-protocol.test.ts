// @vitest-environment node
/**
 * The message socket's protocol, whatever carries it (./socket, shared by the page's msw and
 * `cli mock-server`): issue 49 case 5 — a connection that has not signed in stores nothing, so
 * anonymous binds never grow the unread count (it went 2 → 258), receives nothing and is closed;
 * a signed-in session gets its one demo message, however often it reconnects. The clock is
 * vitest's, so the 15 s demo delay passes at once.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  DEMO_PUSH_DELAY_MS,
  openMessageSocket,
  SIGN_IN_MS,
  SOCKET_CLOSE,
  type SocketPeer,
} from '@/mocks/socket';
import { call, ORIGIN, signIn, withMockServer } from './harness';

withMockServer();

interface RecordingPeer extends SocketPeer {
  sent: string[];
  closed: number[];
}

function peer(index: number): RecordingPeer {
  const sent: string[] = [];
  const closed: number[] = [];
  return {
    id: `peer-${index}`,
    sent,
    closed,
    send: (frame) => void sent.push(frame),
    close: (code) => void closed.push(code),
  };
}

async function unreadCount(token: string): Promise<number> {
  return (await call<number>('POST', '/api/message/getmesnoreadnum', { token })).data;
}

/** Opens `count` connections, each sending `bind`, and lets the demo delay pass. */
function bindAndWait(count: number, token: string | undefined, bind: object): RecordingPeer[] {
  vi.useFakeTimers();
  try {
    const peers = Array.from({ length: count }, (_, index) => peer(index));
    const sockets = peers.map((each) => openMessageSocket(each, token));
    for (const socket of sockets) socket.message(JSON.stringify(bind));
    vi.advanceTimersByTime(DEMO_PUSH_DELAY_MS + SIGN_IN_MS);
    for (const socket of sockets) socket.close();
    return peers;
  } finally {
    vi.useRealTimers();
  }
}

describe('the message socket stores nothing for a connection that has not signed in', () => {
  it('256 anonymous binds leave the unread count as it was; each is closed, having received nothing', async () => {
    const token = await signIn();
    const before = await unreadCount(token);
    const peers = bindAndWait(256, undefined, { type: 'bind', username: 'admin' });
    expect(await unreadCount(token)).toBe(before);
    expect(peers.filter((each) => each.sent.length > 0)).toEqual([]);
    expect(new Set(peers.map((each) => each.closed.join()))).toEqual(
      new Set([String(SOCKET_CLOSE.policy)]),
    );
  });

  it('a signed-in session gets one demo message, however many connections bind', async () => {
    const token = await signIn();
    const before = await unreadCount(token);
    const peers = bindAndWait(3, token, { type: 'bind', username: 'admin' });
    expect(await unreadCount(token)).toBe(before + 1);
    expect(
      peers.every((each) => each.sent[0] === JSON.stringify({ type: 'bind', msg: 'ok' })),
    ).toBe(true);
    expect(peers.flatMap((each) => each.closed)).toEqual([]);
  });
});

describe('the socket status call', () => {
  it('names the page’s own host behind the dev server’s proxy (X-Forwarded-Host), where the socket lets it in', async () => {
    const token = await signIn();
    const answer = await fetch(`${ORIGIN}/api/message/getsocketstatus`, {
      method: 'POST',
      headers: { 'access-token': token, 'x-forwarded-host': 'localhost:5173' },
    });
    expect(((await answer.json()) as { data: unknown }).data).toEqual({
      open: true,
      url: 'ws://localhost:5173/ws',
    });
  });
});
