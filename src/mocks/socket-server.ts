/**
 * `/ws` on the HTTP mock server: the WebSocket upgrade (RFC 6455) for the message socket of
 * ./socket, so live push works over real HTTP as it does in the page.
 *
 * Written here rather than taken from a package because it is small and bounded: the protocol
 * needs short text frames only (bind, pong; pushes out), so every limit can be tight, and the
 * mock backend loads no package beyond its short list (tests/unit/mocks/imports.test.ts).
 *
 * A hostile client never crashes the server or makes it hold much: a frame (or a fragmented
 * message) over `maxFrameBytes` closes the connection (1009) before its payload is read; an
 * unmasked, reserved-bit, unknown-opcode or malformed control frame closes it (1002), text that
 * is not UTF-8 too (1007); binary frames are ignored; at most `maxConnections` are open (the
 * next upgrade is answered 503); a client that does not read what it is sent is cut off past
 * `maxBufferedBytes`; one that sends nothing for `idleMs` (it does not answer the pings) is
 * cut off; a close frame is answered and the connection ended.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { openMessageSocket, PING_INTERVAL_MS, SOCKET_PATH } from './socket';

export interface SocketLimits {
  /** The largest frame, or fragmented message, a client may send. */
  maxFrameBytes: number;
  maxConnections: number;
  /** Bytes queued to a client that does not read them. */
  maxBufferedBytes: number;
  /** Silence from a client (no frame, no pong) before it is cut off. */
  idleMs: number;
}

export const SOCKET_LIMITS: SocketLimits = {
  maxFrameBytes: 4 * 1024,
  maxConnections: 256,
  maxBufferedBytes: 1024 * 1024,
  // Two and a half ping intervals: a live client answers every ping with a pong.
  idleMs: (PING_INTERVAL_MS * 5) / 2,
};

/** RFC 6455 section 1.3: the key's answer is SHA-1 of the key and this GUID, base64. */
const HANDSHAKE_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

const OPCODE = { continuation: 0, text: 1, binary: 2, close: 8, ping: 9, pong: 10 } as const;

const CLOSE = {
  normal: 1000,
  goingAway: 1001,
  protocolError: 1002,
  notUtf8: 1007,
  tooBig: 1009,
} as const;

/** A client may take this long to finish the closing handshake before its socket is dropped. */
const CLOSE_GRACE_MS = 1000;

function frameOf(opcode: number, payload: Uint8Array): Buffer {
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x80 | opcode, length])
      : length < 0x10000
        ? Buffer.from([0x80 | opcode, 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, 127, 0, 0, 0, 0]), uint32(length)]);
  return Buffer.concat([header, payload]);
}

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

function closePayload(code: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(code);
  return bytes;
}

/** Answers an upgrade that is refused with a bare HTTP status, then drops the socket. */
function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () =>
    socket.destroy(),
  );
}

export interface SocketServer {
  /** The HTTP server's 'upgrade' event. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open connections. */
  count(): number;
  /** Closes every connection (the server stops). */
  closeAll(): void;
}

export function createSocketServer(limits: SocketLimits = SOCKET_LIMITS): SocketServer {
  const open = new Set<() => void>();
  const utf8 = new TextDecoder('utf-8', { fatal: true });

  const accept = (socket: Duplex, head: Buffer) => {
    let buffer: Buffer = Buffer.alloc(0);
    let closing = false;
    /** The opcode and parts of a fragmented message being received. */
    let fragments: { opcode: number; parts: Buffer[]; size: number } | undefined;

    const idle = setTimeout(() => socket.destroy(), limits.idleMs);
    idle.unref();

    const write = (opcode: number, payload: Uint8Array) => {
      if (socket.destroyed || !socket.writable) return;
      socket.write(frameOf(opcode, payload));
      if (socket.writableLength > limits.maxBufferedBytes) socket.destroy();
    };

    const shut = (code: number) => {
      if (closing) return;
      closing = true;
      write(OPCODE.close, closePayload(code));
      socket.end();
      setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
    };

    const peer = {
      id: randomUUID(),
      send: (frame: string) => {
        if (!closing) write(OPCODE.text, Buffer.from(frame, 'utf8'));
      },
    };
    const session = openMessageSocket(peer);
    const closeAll = () => shut(CLOSE.goingAway);
    open.add(closeAll);

    const deliver = (opcode: number, payload: Buffer) => {
      // The protocol is text; a binary message carries nothing it knows.
      if (opcode !== OPCODE.text) return;
      let text: string;
      try {
        text = utf8.decode(payload);
      } catch {
        shut(CLOSE.notUtf8);
        return;
      }
      session.message(text);
    };

    /** One whole frame. */
    const handle = (fin: boolean, opcode: number, payload: Buffer) => {
      if (opcode >= OPCODE.close) {
        // Control frames are never fragmented and carry at most 125 bytes.
        if (!fin || payload.length > 125) return shut(CLOSE.protocolError);
        if (opcode === OPCODE.close) return shut(CLOSE.normal);
        if (opcode === OPCODE.ping) return write(OPCODE.pong, payload);
        if (opcode === OPCODE.pong) return;
        return shut(CLOSE.protocolError);
      }
      if (opcode === OPCODE.continuation) {
        if (!fragments) return shut(CLOSE.protocolError);
        fragments.parts.push(payload);
        fragments.size += payload.length;
        if (fragments.size > limits.maxFrameBytes) return shut(CLOSE.tooBig);
        if (!fin) return;
        const whole = fragments;
        fragments = undefined;
        return deliver(whole.opcode, Buffer.concat(whole.parts));
      }
      if (opcode !== OPCODE.text && opcode !== OPCODE.binary) return shut(CLOSE.protocolError);
      if (fragments) return shut(CLOSE.protocolError);
      if (fin) return deliver(opcode, payload);
      fragments = { opcode, parts: [payload], size: payload.length };
    };

    /** Takes every whole frame off the buffer; what is left is less than one frame. */
    const onData = (chunk: Buffer) => {
      if (closing) return;
      idle.refresh();
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      while (!closing && buffer.length >= 2) {
        const first = buffer[0]!;
        const second = buffer[1]!;
        const fin = (first & 0x80) !== 0;
        const opcode = first & 0x0f;
        // No extension was agreed, so no reserved bit may be set; clients must mask.
        if (first & 0x70 || !(second & 0x80)) return shut(CLOSE.protocolError);
        let length = second & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (buffer.length < 4) return;
          length = buffer.readUInt16BE(2);
          offset = 4;
        } else if (length === 127) {
          if (buffer.length < 10) return;
          // Anything needing the high word is far past the limit.
          if (buffer.readUInt32BE(2) !== 0) return shut(CLOSE.tooBig);
          length = buffer.readUInt32BE(6);
          offset = 10;
        }
        // Refused from the header: the payload is never waited for.
        if (length > limits.maxFrameBytes) return shut(CLOSE.tooBig);
        const end = offset + 4 + length;
        if (buffer.length < end) return;
        const mask = buffer.subarray(offset, offset + 4);
        const payload = Buffer.from(buffer.subarray(offset + 4, end));
        for (let index = 0; index < payload.length; index += 1)
          payload[index] = payload[index]! ^ mask[index % 4]!;
        buffer = buffer.subarray(end);
        handle(fin, opcode, payload);
      }
    };

    socket.on('data', onData);
    // A reset or a write after the peer left: the 'close' below cleans up.
    socket.on('error', () => socket.destroy());
    // The peer is gone without a closing handshake (a tab killed, a dropped network). The
    // HTTP server's sockets allow half-open connections, so this end would otherwise stay
    // open, and counted, until the idle cut-off.
    socket.once('end', () => socket.destroy());
    socket.once('close', () => {
      clearTimeout(idle);
      open.delete(closeAll);
      closing = true;
      session.close();
    });
    if (head.length) onData(head);
  };

  return {
    upgrade(request, socket, head) {
      socket.on('error', () => socket.destroy());
      const pathname = (request.url ?? '').split('?')[0];
      if (pathname !== SOCKET_PATH) return refuse(socket, '404 Not Found');
      const key = request.headers['sec-websocket-key'];
      if (
        request.method !== 'GET' ||
        request.headers.upgrade?.toLowerCase() !== 'websocket' ||
        request.headers['sec-websocket-version'] !== '13' ||
        typeof key !== 'string' ||
        !/^[A-Za-z0-9+/]{22}==$/.test(key)
      )
        return refuse(socket, '400 Bad Request');
      if (open.size >= limits.maxConnections) return refuse(socket, '503 Service Unavailable');
      const acceptKey = createHash('sha1')
        .update(key + HANDSHAKE_GUID)
        .digest('base64');
      socket.write(
        'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          `Sec-WebSocket-Accept: ${acceptKey}\r\n\r\n`,
      );
      accept(socket, head);
    },
    count: () => open.size,
    closeAll() {
      for (const close of [...open]) close();
    },
  };
}
