/**
 * The message socket of the mock backend: the client signs in with its session token, binds,
 * the server pings (the client answers pong), and new messages are pushed as
 * `{ type: 'text', data: Message }` — one ~15 s after a session first binds (so the demo shows
 * it) and on every call of the mock-only trigger POST /api/mock/pushmessage.
 *
 * Signing in: the token is offered as a subprotocol (@/core/message-socket), so the connection
 * is signed in from its handshake; or, for a client that cannot offer subprotocols, sent in the first frame,
 * `{ type: 'bind', token }`. Never in the URL (it would land in access logs). A connection
 * that has not signed in within `SIGN_IN_MS`, or whose first frame does not sign it in, is
 * closed (1008); until then it receives nothing and nothing is stored for it. A user holds at
 * most `SOCKETS_PER_USER` connections (the next one is closed 1013); a session that ended is
 * noticed at the next ping and its connection closed.
 *
 * The protocol is served here once, for any transport: MSW's WebSocket mocking in the page
 * (`socketHandlers`) and the HTTP mock server's `/ws` (./socket-server) both hand each
 * connection to `openMessageSocket`, so a message is pushed to every signed-in client of either.
 */
import { ws } from 'msw';
import { mockMessages } from '@/locale/mock';
import { isRecord, textOf } from '@/core/guards';
import { tokenOfProtocols } from '@/core/message-socket';
import { sessionUser } from './auth';
import { claimDemoPush } from './sessions';
import { persist, table } from './store';
import type { MockRow } from './types';
import { nowSeconds } from './util';

export const MESSAGE_TABLE = 'message';
export const SOCKET_PATH = '/ws';
export const DEMO_PUSH_DELAY_MS = 15_000;
export const PING_INTERVAL_MS = 30_000;
/** A connection that has not signed in by then is closed. */
export const SIGN_IN_MS = 5_000;
/** Open connections one user may hold (tabs, windows); the next one is closed. */
export const SOCKETS_PER_USER = 8;

/** Close codes (RFC 6455 section 7.4.1). */
export const SOCKET_CLOSE = {
  /** Not signed in (no token, a wrong or ended one, or a first frame that does not sign in). */
  policy: 1008,
  /** The user already holds `SOCKETS_PER_USER` connections. */
  tryAgainLater: 1013,
} as const;

/** Matches ws://<any host>/ws and wss://… */
export const messageSocket = ws.link(/^wss?:\/\/[^/]+\/ws$/);

/** One live connection, whatever carries it. `send` and `close` on a closed one do nothing. */
export interface SocketPeer {
  /** Unique among open connections. */
  readonly id: string;
  send(frame: string): void;
  close(code: number, reason: string): void;
}

/** What a transport reports of a connection it handed over. */
export interface MessageSocket {
  /** A text frame from the client. */
  message(data: string): void;
  /** The connection is gone. */
  close(): void;
  /** It signed in (at the handshake or with its first frame). */
  isSignedIn(): boolean;
}

/** The connections that signed in: the only ones pushed to. */
const signedIn = new Map<string, { peer: SocketPeer; username: string }>();
let pongs = 0;

const DEMO_PUSHES = [
  { tm_title: '新的待审批内容', tm_content: '综合办公室提交了《年度工作总结》，请及时审批。' },
  { tm_title: '系统公告已发布', tm_content: '《关于规范信息报送的通知》已发布，请查阅。' },
  { tm_title: '会员资料待审核', tm_content: '有 3 位新会员提交了资料，等待审核。' },
];
let demoIndex = 0;

/**
 * Stores a new unread message and pushes it to every signed-in client; returns the row. Pushed
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
  for (const { peer } of signedIn.values()) peer.send(frame);
  return row;
}

/** The usernames of the signed-in clients (tests). */
export function boundClients(): string[] {
  return [...signedIn.values()].map((entry) => entry.username);
}

export function pongCount(): number {
  return pongs;
}

/** The username of the live session behind `token`; undefined when there is none (or it ended). */
export function socketUser(token: string): string | undefined {
  if (!token) return undefined;
  // The same lookup as every HTTP call's, so a session that ended or a disabled account is
  // refused here too.
  const user = sessionUser(
    new Request(`http://socket${SOCKET_PATH}`, { headers: { 'access-token': token } }),
  );
  return user ? textOf(user.username) : undefined;
}

/** Open connections signed in as `username`. */
export function socketsOf(username: string): number {
  let count = 0;
  for (const entry of signedIn.values()) if (entry.username === username) count += 1;
  return count;
}

function frameOf(data: string): { type: string; token: string } {
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return { type: data, token: '' };
  }
  return isRecord(frame)
    ? { type: textOf(frame.type), token: textOf(frame.token) }
    : { type: '', token: '' };
}

/**
 * Serves the protocol on one connection; the transport reports its frames and its end.
 * `offeredToken`: the token of the handshake's subprotocol, if it had one.
 */
export function openMessageSocket(peer: SocketPeer, offeredToken = ''): MessageSocket {
  let token = '';
  let ping: ReturnType<typeof setInterval> | undefined;
  let demoTimer: ReturnType<typeof setTimeout> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;

  const refuse = (code: number, reason: string) => {
    clearTimeout(deadline);
    peer.close(code, reason);
  };

  /** True when signed in; otherwise the connection is being closed. */
  const signIn = (candidate: string): boolean => {
    const username = socketUser(candidate);
    if (username === undefined) {
      refuse(SOCKET_CLOSE.policy, mockMessages.socketSignInRequired);
      return false;
    }
    if (socketsOf(username) >= SOCKETS_PER_USER) {
      refuse(SOCKET_CLOSE.tryAgainLater, mockMessages.socketTooMany(SOCKETS_PER_USER));
      return false;
    }
    clearTimeout(deadline);
    token = candidate;
    signedIn.set(peer.id, { peer, username });
    ping = setInterval(() => {
      // A session that ended (signed out, expired) keeps no live connection.
      if (socketUser(token) === undefined)
        refuse(SOCKET_CLOSE.policy, mockMessages.socketSignInRequired);
      else peer.send(JSON.stringify({ type: 'ping' }));
    }, PING_INTERVAL_MS);
    return true;
  };

  const scheduleDemoPush = () => {
    clearTimeout(demoTimer);
    demoTimer = setTimeout(() => {
      // One demo message per session, however often it reconnects or the page reloads: the
      // session row keeps the mark (./sessions), stored with the message by pushMessage.
      if (!signedIn.has(peer.id) || !claimDemoPush(token)) return;
      try {
        pushMessage();
      } catch (error) {
        // Not stored (storage full): nothing was pushed either; a timer has nobody to answer.
        console.warn('mock backend: the demo message could not be stored', error);
      }
    }, DEMO_PUSH_DELAY_MS);
  };

  if (offeredToken) signIn(offeredToken);
  else
    deadline = setTimeout(
      () => refuse(SOCKET_CLOSE.policy, mockMessages.socketSignInRequired),
      SIGN_IN_MS,
    );

  return {
    message(data) {
      const frame = frameOf(data);
      if (!token) {
        // Not signed in: the first frame must sign in, or the connection ends.
        if (frame.type !== 'bind') refuse(SOCKET_CLOSE.policy, mockMessages.socketSignInRequired);
        if (frame.type !== 'bind' || !signIn(frame.token)) return;
      }
      if (frame.type === 'bind') {
        peer.send(JSON.stringify({ type: 'bind', msg: 'ok' }));
        // A ping right away proves the pong path; then one demo push per session — a client
        // repeating bind or reconnecting cannot queue up pushes.
        peer.send(JSON.stringify({ type: 'ping' }));
        scheduleDemoPush();
      } else if (frame.type === 'pong') {
        pongs += 1;
      }
    },
    close() {
      clearInterval(ping);
      clearTimeout(demoTimer);
      clearTimeout(deadline);
      signedIn.delete(peer.id);
    },
    isSignedIn: () => token !== '',
  };
}

/** msw hands the offered subprotocols over as given to `new WebSocket`. */
function protocolList(protocols: string | string[] | undefined): string[] {
  if (protocols === undefined) return [];
  return typeof protocols === 'string' ? [protocols] : protocols;
}

export const socketHandlers = [
  messageSocket.addEventListener('connection', ({ client, info }) => {
    const socket = openMessageSocket(
      {
        id: client.id,
        send: (frame) => client.send(frame),
        close: (code, reason) => client.close(code, reason),
      },
      tokenOfProtocols(protocolList(info.protocols)),
    );
    client.addEventListener('message', (event) => {
      if (typeof event.data === 'string') socket.message(event.data);
    });
    client.addEventListener('close', () => socket.close());
  }),
];
