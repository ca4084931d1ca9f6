/**
 * The message socket of the mock backend: the client binds with its username, the server pings
 * (the client answers pong), and new messages are pushed as `{ type: 'text', data: Message }` —
 * one ~15 s after binding (so the demo shows it) and on every call of the mock-only trigger
 * POST /api/mock/pushmessage.
 *
 * The protocol is served here once, for any transport: MSW's WebSocket mocking in the page
 * (`socketHandlers`) and the HTTP mock server's `/ws` (./socket-server) both hand each
 * connection to `openMessageSocket`, so a message is pushed to every bound client of either.
 */
import { ws } from 'msw';
import { persist, table } from './store';
import type { MockRow } from './types';
import { nowSeconds } from './util';
import { textOf } from '@/core/guards';

export const MESSAGE_TABLE = 'message';
export const SOCKET_PATH = '/ws';
export const DEMO_PUSH_DELAY_MS = 15_000;
export const PING_INTERVAL_MS = 30_000;
/** A bound name longer than this is cut (it is only shown back in tests). */
const USERNAME_MAX = 100;

/** Matches ws://<any host>/ws and wss://… */
export const messageSocket = ws.link(/^wss?:\/\/[^/]+\/ws$/);

/** One live connection, whatever carries it. `send` on a closed connection does nothing. */
export interface SocketPeer {
  /** Unique among open connections. */
  readonly id: string;
  send(frame: string): void;
}

/** What a transport reports of a connection it handed over. */
export interface MessageSocket {
  /** A text frame from the client. */
  message(data: string): void;
  /** The connection is gone. */
  close(): void;
}

const bound = new Map<string, { peer: SocketPeer; username: string }>();
let pongs = 0;

const DEMO_PUSHES = [
  { tm_title: '新的待审批内容', tm_content: '综合办公室提交了《年度工作总结》，请及时审批。' },
  { tm_title: '系统公告已发布', tm_content: '《关于规范信息报送的通知》已发布，请查阅。' },
  { tm_title: '会员资料待审核', tm_content: '有 3 位新会员提交了资料，等待审核。' },
];
let demoIndex = 0;

/**
 * Stores a new unread message and pushes it to every bound client; returns the row. Pushed
 * only once stored: when it cannot be stored (./store `StorageFullError`) nothing is pushed.
 */
export function pushMessage(input: { tm_title?: string; tm_content?: string } = {}): MockRow {
  const demo = DEMO_PUSHES[demoIndex++ % DEMO_PUSHES.length]!;
  const messages = table(MESSAGE_TABLE);
  const row: MockRow = {
    tm_id: messages.nextId++,
    tm_title: input.tm_title || demo.tm_title,
    tm_content: input.tm_content ?? demo.tm_content,
    tm_status: 2,
    create_time: nowSeconds(),
  };
  messages.rows.unshift(row);
  persist();
  const frame = JSON.stringify({ type: 'text', data: row });
  for (const { peer } of bound.values()) peer.send(frame);
  return row;
}

/** The usernames of the bound clients (tests). */
export function boundClients(): string[] {
  return [...bound.values()].map((entry) => entry.username);
}

export function pongCount(): number {
  return pongs;
}

/** Serves the protocol on one connection; the transport reports its frames and its end. */
export function openMessageSocket(peer: SocketPeer): MessageSocket {
  let demoTimer: ReturnType<typeof setTimeout> | undefined;
  const ping = setInterval(() => peer.send(JSON.stringify({ type: 'ping' })), PING_INTERVAL_MS);
  return {
    message(data) {
      let frame: unknown;
      try {
        frame = JSON.parse(data);
      } catch {
        frame = { type: data };
      }
      const type = typeof frame === 'object' && frame !== null && 'type' in frame ? frame.type : '';
      if (type === 'bind') {
        const username =
          typeof frame === 'object' && frame !== null && 'username' in frame ? frame.username : '';
        bound.set(peer.id, { peer, username: textOf(username).slice(0, USERNAME_MAX) });
        peer.send(JSON.stringify({ type: 'bind', msg: 'ok' }));
        // A ping right away proves the pong path; then one demo push — one per connection
        // however often it binds, so a client repeating bind cannot queue up pushes.
        peer.send(JSON.stringify({ type: 'ping' }));
        clearTimeout(demoTimer);
        demoTimer = setTimeout(() => {
          if (!bound.has(peer.id)) return;
          try {
            pushMessage();
          } catch (error) {
            // Not stored (storage full): nothing was pushed either; a timer has nobody to answer.
            console.warn('mock backend: the demo message could not be stored', error);
          }
        }, DEMO_PUSH_DELAY_MS);
      } else if (type === 'pong') {
        pongs += 1;
      }
    },
    close() {
      clearInterval(ping);
      clearTimeout(demoTimer);
      bound.delete(peer.id);
    },
  };
}

export const socketHandlers = [
  messageSocket.addEventListener('connection', ({ client }) => {
    const socket = openMessageSocket({ id: client.id, send: (frame) => client.send(frame) });
    client.addEventListener('message', (event) => {
      if (typeof event.data === 'string') socket.message(event.data);
    });
    client.addEventListener('close', () => socket.close());
  }),
];
