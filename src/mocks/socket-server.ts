/**
 * `/ws` on the HTTP mock server: the WebSocket upgrade for the message socket of ./socket, so
 * live push works over real HTTP as it does in the page. The framing is the `ws` package's
 * (RFC 6455, UTF-8 checks, close handshake); this file decides who may connect and for how long.
 *
 * Who: the upgrade is refused (403) when its Origin is another site's — a browser always sends
 * Origin, and it must name the host the server was reached at (`Host`; nginx passes it on), or
 * one of `allowedOrigins`. A client that sends no Origin is no browser page: it is let in, but
 * like every connection it receives nothing until it signs in with a session token (./socket).
 * A token offered as a subprotocol is checked here: a wrong or ended one is refused (401), a
 * user already holding `SOCKETS_PER_USER` connections too (429).
 *
 * How much: at most `maxConnections` are open (the next upgrade is answered 503), and of those
 * at most `maxPending` are still to sign in (their token in the first frame), so anonymous
 * connections can never take the room of signed-in ones; a pending one is closed after
 * ./socket `SIGN_IN_MS`. A frame, or a fragmented message, over `maxFrameBytes` closes the
 * connection (1009) from its header, before its payload is read; an unmasked, reserved-bit,
 * unknown-opcode or malformed frame closes it (1002), text that is not UTF-8 too (1007); binary
 * messages are ignored; a client that does not read what it is sent is cut off past
 * `maxBufferedBytes`; one that sends nothing for `idleMs` (it does not answer the pings) is cut
 * off; one that does not finish a closing handshake is dropped after `CLOSE_GRACE_MS`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { mockMessages } from '@/locale/mock';
import { MESSAGE_PROTOCOL, tokenOfProtocols } from '@/core/message-socket';
import {
  openMessageSocket,
  PING_INTERVAL_MS,
  SOCKET_PATH,
  SOCKETS_PER_USER,
  socketsOf,
  socketUser,
} from './socket';

export interface SocketLimits {
  /** The largest frame, or fragmented message, a client may send. */
  maxFrameBytes: number;
  /** Open connections in all, signed in or not. */
  maxConnections: number;
  /** Of those, connections that have yet to sign in. */
  maxPending: number;
  /** Bytes queued to a client that does not read them. */
  maxBufferedBytes: number;
  /** Silence from a client (no frame, no pong) before it is cut off. */
  idleMs: number;
}

export const SOCKET_LIMITS: SocketLimits = {
  maxFrameBytes: 4 * 1024,
  maxConnections: 256,
  maxPending: 64,
  maxBufferedBytes: 1024 * 1024,
  // Two and a half ping intervals: a live client answers every ping with a pong.
  idleMs: (PING_INTERVAL_MS * 5) / 2,
};

/** A client may take this long to finish the closing handshake before its socket is dropped. */
const CLOSE_GRACE_MS = 1000;
const GOING_AWAY = 1001;

const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** Answers an upgrade that is refused with an HTTP status and the envelope, then drops the socket. */
function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ status, msg: message, data: null });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? ''}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/** The offered subprotocols, as the handshake lists them (comma-separated). */
function offeredProtocols(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((protocol) => protocol.trim())
    .filter(Boolean);
}

/**
 * A browser page of this site, or no browser at all (no Origin): a page of another site may
 * not use its visitor's session here (cross-site WebSocket hijacking).
 */
function originAllowed(request: IncomingMessage, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowedOrigins.includes(origin)) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    // `null` (a sandboxed frame, a file) or junk: no site of ours.
    return false;
  }
  return host !== '' && host.toLowerCase() === (request.headers.host ?? '').toLowerCase();
}

/** A message's text (`ws` hands a Buffer over unless told otherwise; a fragmented one may be parts). */
function messageText(data: RawData): string {
  const bytes = Array.isArray(data)
    ? Buffer.concat(data)
    : data instanceof ArrayBuffer
      ? Buffer.from(data)
      : data;
  return bytes.toString('utf8');
}

export interface SocketServer {
  /** The HTTP server's 'upgrade' event. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open connections. */
  count(): number;
  /** Closes every connection (the server stops). */
  closeAll(): void;
}

export interface SocketServerOptions {
  limits?: SocketLimits;
  /** Origins of other sites allowed to connect (the server's `--cors-origin`). */
  allowedOrigins?: readonly string[];
}

export function createSocketServer(options: SocketServerOptions = {}): SocketServer {
  const limits = options.limits ?? SOCKET_LIMITS;
  const allowedOrigins = options.allowedOrigins ?? [];
  const open = new Set<WebSocket>();
  const pending = new Set<WebSocket>();
  const server = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: limits.maxFrameBytes,
    perMessageDeflate: false,
    // The token stays with the client: the answer names the protocol, never the token's one.
    handleProtocols: (protocols) => (protocols.has(MESSAGE_PROTOCOL) ? MESSAGE_PROTOCOL : false),
  });

  const accept = (websocket: WebSocket, token: string) => {
    open.add(websocket);
    if (!token) pending.add(websocket);
    const idle = setTimeout(() => websocket.terminate(), limits.idleMs);
    idle.unref();
    let closing = false;

    const session = openMessageSocket(
      {
        id: randomUUID(),
        send(frame) {
          if (closing || websocket.readyState !== websocket.OPEN) return;
          websocket.send(frame);
          if (websocket.bufferedAmount > limits.maxBufferedBytes) websocket.terminate();
        },
        close(code, reason) {
          if (closing) return;
          closing = true;
          websocket.close(code, reason);
          setTimeout(() => websocket.terminate(), CLOSE_GRACE_MS).unref();
        },
      },
      token,
    );

    websocket.on('message', (data, isBinary) => {
      idle.refresh();
      // The protocol is text; a binary message carries nothing it knows.
      if (isBinary || closing) return;
      session.message(messageText(data));
      if (session.isSignedIn()) pending.delete(websocket);
    });
    websocket.on('pong', () => idle.refresh());
    websocket.on('ping', () => idle.refresh());
    // A protocol error (1002, 1007, 1009): `ws` has sent the close frame; 'close' cleans up.
    websocket.on('error', () => undefined);
    websocket.once('close', () => {
      closing = true;
      clearTimeout(idle);
      open.delete(websocket);
      pending.delete(websocket);
      session.close();
    });
  };

  return {
    upgrade(request, socket, head) {
      socket.on('error', () => socket.destroy());
      const pathname = (request.url ?? '').split('?')[0];
      if (pathname !== SOCKET_PATH) return refuse(socket, 404, mockMessages.callNotFound);
      if (!originAllowed(request, allowedOrigins))
        return refuse(socket, 403, mockMessages.socketForeignOrigin);
      const token = tokenOfProtocols(offeredProtocols(request.headers['sec-websocket-protocol']));
      if (token) {
        const username = socketUser(token);
        if (username === undefined) return refuse(socket, 401, mockMessages.socketSignInRequired);
        if (socketsOf(username) >= SOCKETS_PER_USER)
          return refuse(socket, 429, mockMessages.socketTooMany(SOCKETS_PER_USER));
      } else if (pending.size >= limits.maxPending) {
        return refuse(socket, 503, mockMessages.socketBusy);
      }
      if (open.size >= limits.maxConnections) return refuse(socket, 503, mockMessages.socketBusy);
      // `ws` checks the rest of the handshake (method, key, version: 400 otherwise).
      server.handleUpgrade(request, socket, head, (websocket) => accept(websocket, token));
    },
    count: () => open.size,
    closeAll() {
      for (const websocket of [...open]) {
        websocket.close(GOING_AWAY);
        setTimeout(() => websocket.terminate(), CLOSE_GRACE_MS).unref();
      }
    },
  };
}
