// @vitest-environment node
/**
 * `/ws` on the HTTP mock server (`cli mock-server`): the live push the page gets from the mock
 * in the browser — signed in with the session token (offered as a subprotocol, as the app
 * does), bind, ping/pong, a text frame when a message is created through the API — with a
 * standard client (`ws`), after a drop and a reconnect too; and
 * hostile clients (garbage, huge frames, unmasked frames, bad text, a bad handshake, too many
 * connections) are cut off while the server goes on answering.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { resetMockDatabase } from '@/mocks/reset';
import { SOCKET_LIMITS } from '@/mocks/socket-server';
import { SOCKETS_PER_USER } from '@/mocks/socket';
import { signInProtocols } from '@/core/message-socket';
import { signInOverHttp } from '../support/http-mock';
import { deadlineOf } from '../support/deadline';
import { addAdministrators } from '../support/socket-clients';

vi.setConfig({ testTimeout: 60_000 });

const DEADLINE_MS = 10_000;

let server: RunningMockServer;
let token: string;

beforeAll(async () => {
  server = await startMockServer({ port: 0, host: '127.0.0.1', allowPush: true });
  token = await signInOverHttp(server.url);
});
afterAll(async () => {
  await server.close();
  // The administrators added for the connection limit are not left to the next file.
  resetMockDatabase();
});

const within = deadlineOf(DEADLINE_MS);

const socketUrl = () => `${server.url.replace(/^http/, 'ws')}/ws`;

interface Frame {
  type?: string;
  msg?: string;
  data?: { tm_title?: string; tm_content?: string };
}

/** A client as the app's bell is one: frames queued as they arrive, awaited by type. */
async function client(sessionToken = token) {
  const socket = new WebSocket(socketUrl(), signInProtocols(sessionToken));
  const frames: Frame[] = [];
  const waiting = new Set<() => void>();
  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : data instanceof ArrayBuffer
        ? Buffer.from(data)
        : data;
    frames.push(JSON.parse(bytes.toString()) as Frame);
    waiting.forEach((wake) => wake());
  });
  await within(
    new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    }),
    'open',
  );
  const next = (test: (frame: Frame) => boolean, what: string) =>
    within(
      new Promise<Frame>((resolve) => {
        const look = () => {
          const index = frames.findIndex(test);
          if (index < 0) return;
          waiting.delete(look);
          resolve(frames.splice(index, 1)[0]!);
        };
        waiting.add(look);
        look();
      }),
      what,
    );
  return { socket, frames, next };
}

async function pushMessage(title: string): Promise<void> {
  const answer = (await (
    await fetch(`${server.url}/api/mock/pushmessage`, {
      method: 'POST',
      headers: { 'access-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ tm_title: title, tm_content: '实时推送' }),
    })
  ).json()) as { status: number };
  expect(answer.status).toBe(200);
}

function closed(socket: WebSocket): Promise<number> {
  return within(
    new Promise<number>((resolve) => {
      if (socket.readyState === WebSocket.CLOSED) resolve(1006);
      else socket.once('close', (code) => resolve(code));
    }),
    'close',
  );
}

/** A raw TCP connection that has done the upgrade handshake (for frames no client would send). */
async function rawSocket(): Promise<{ socket: Socket; ended: Promise<Buffer> }> {
  const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
  let received = Buffer.alloc(0);
  const ended = within(
    new Promise<Buffer>((resolve) => {
      socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
      socket.on('error', () => undefined);
      socket.once('close', () => resolve(received));
    }),
    'the server ends the connection',
  );
  socket.write(
    'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
  );
  await within(
    new Promise<void>((resolve) => {
      const look = () => {
        if (received.includes('\r\n\r\n')) {
          socket.off('data', look);
          resolve();
        }
      };
      socket.on('data', look);
    }),
    'handshake',
  );
  expect(received.toString()).toContain('HTTP/1.1 101 Switching Protocols');
  expect(received.toString()).toContain('Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
  received = Buffer.alloc(0);
  return { socket, ended };
}

/** The close code in the server's close frame (the first frame of `bytes` that is one). */
function closeCode(bytes: Buffer): number | undefined {
  let offset = 0;
  while (offset + 2 <= bytes.length) {
    const opcode = bytes[offset]! & 0x0f;
    const length = bytes[offset + 1]! & 0x7f;
    if (opcode === 8) return bytes.readUInt16BE(offset + 2);
    offset += 2 + length;
  }
  return undefined;
}

function maskedFrame(first: number, payload: Buffer, lengthBytes?: Buffer): Buffer {
  const mask = Buffer.from([1, 2, 3, 4]);
  const masked = Buffer.from(payload.map((byte, index) => byte ^ mask[index % 4]!));
  const header = lengthBytes
    ? Buffer.concat([Buffer.from([first]), lengthBytes])
    : Buffer.from([first, 0x80 | payload.length]);
  return Buffer.concat([header, mask, masked]);
}

async function stillServing(): Promise<void> {
  const answer = await fetch(`${server.url}/api/message/getmesnoreadnum`, {
    method: 'POST',
    headers: { 'access-token': token },
  });
  expect(answer.status).toBe(200);
}

/** The HTTP status a WebSocket upgrade gets now (101 when it opens). */
function upgradeStatus(): Promise<number> {
  return within(
    new Promise<number>((resolve) => {
      const socket = new WebSocket(socketUrl());
      socket.once('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.once('open', () => {
        resolve(101);
        socket.terminate();
      });
      socket.once('error', () => undefined);
    }),
    'upgrade',
  );
}

describe('the live message socket of the HTTP mock server', () => {
  it('binds, answers ping with pong, and pushes a message created through the API', async () => {
    const bell = await client();
    bell.socket.send(JSON.stringify({ type: 'bind', username: 'admin' }));
    expect(await bell.next((frame) => frame.type === 'bind', 'bind answer')).toEqual({
      type: 'bind',
      msg: 'ok',
    });
    await bell.next((frame) => frame.type === 'ping', 'ping');
    bell.socket.send(JSON.stringify({ type: 'pong' }));

    await pushMessage('审批提醒');
    const pushed = await bell.next((frame) => frame.type === 'text', 'pushed message');
    expect(pushed.data).toMatchObject({ tm_title: '审批提醒', tm_content: '实时推送' });
    bell.socket.close();
    await closed(bell.socket);
  });

  it('after a drop, a reconnected client gets the next message (the dropped one does not)', async () => {
    const first = await client();
    first.socket.send(JSON.stringify({ type: 'bind', username: 'admin' }));
    await first.next((frame) => frame.type === 'bind', 'bind answer');
    // Dropped without a closing handshake, as a lost network drops it.
    first.socket.terminate();
    await closed(first.socket);

    const again = await client();
    again.socket.send(JSON.stringify({ type: 'bind', username: 'admin' }));
    await again.next((frame) => frame.type === 'bind', 'bind answer');
    await pushMessage('重连后的消息');
    const pushed = await again.next((frame) => frame.type === 'text', 'pushed message');
    expect(pushed.data?.tm_title).toBe('重连后的消息');
    expect(first.frames.filter((frame) => frame.type === 'text')).toEqual([]);
    again.socket.close();
    await closed(again.socket);
  });

  it('closes a frame over the limit (1009) from its header, without waiting for the payload', async () => {
    const huge = await client();
    huge.socket.on('error', () => undefined);
    huge.socket.send('x'.repeat(SOCKET_LIMITS.maxFrameBytes + 1));
    expect(await closed(huge.socket)).toBe(1009);

    // A header announcing 1 TB: refused at once.
    const { socket, ended } = await rawSocket();
    socket.write(Buffer.from([0x81, 0xff, 0, 0, 0x01, 0, 0, 0, 0, 0, 1, 2, 3, 4]));
    expect(closeCode(await ended)).toBe(1009);
    await stillServing();
  });

  it('closes on garbage, unmasked frames and text that is not UTF-8, and goes on serving', async () => {
    const garbage = await rawSocket();
    garbage.socket.write(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
    expect(closeCode(await garbage.ended)).toBe(1002);

    const unmasked = await rawSocket();
    unmasked.socket.write(Buffer.from([0x81, 0x02, 0x68, 0x69]));
    expect(closeCode(await unmasked.ended)).toBe(1002);

    const notUtf8 = await rawSocket();
    notUtf8.socket.write(maskedFrame(0x81, Buffer.from([0xff, 0xfe, 0xfd])));
    expect(closeCode(await notUtf8.ended)).toBe(1007);

    // A stray continuation, then an unknown opcode.
    const stray = await rawSocket();
    stray.socket.write(maskedFrame(0x80, Buffer.from('x')));
    expect(closeCode(await stray.ended)).toBe(1002);
    const unknown = await rawSocket();
    unknown.socket.write(maskedFrame(0x83, Buffer.from('x')));
    expect(closeCode(await unknown.ended)).toBe(1002);

    // Plain text and binary frames the protocol does not know are ignored, not fatal.
    const polite = await client();
    polite.socket.send('hello');
    polite.socket.send(Buffer.from([1, 2, 3]));
    polite.socket.send(JSON.stringify({ type: 'bind', username: 'admin' }));
    await polite.next((frame) => frame.type === 'bind', 'bind answer after junk');
    polite.socket.close();
    await closed(polite.socket);
    await stillServing();
  });

  it('refuses a bad handshake and a path that is not /ws', async () => {
    const answerTo = (request: string) =>
      within(
        new Promise<string>((resolve) => {
          const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
          let text = '';
          socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
          socket.on('error', () => undefined);
          socket.once('close', () => resolve(text));
          socket.write(request);
        }),
        'handshake answer',
      );
    const upgrade = 'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n';
    expect(
      await answerTo(`GET /ws HTTP/1.1\r\nHost: x\r\n${upgrade}Sec-WebSocket-Key: short\r\n\r\n`),
    ).toMatch(/^HTTP\/1\.1 400/);
    expect(
      await answerTo(
        `GET /etc/passwd HTTP/1.1\r\nHost: x\r\n${upgrade}Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
      ),
    ).toMatch(/^HTTP\/1\.1 404/);
    await stillServing();
  });

  it('holds at most the connection limit open and answers the next one 503', async () => {
    const opened: WebSocket[] = [];
    // One user holds at most SOCKETS_PER_USER: the connections are signed in as several.
    const users = await addAdministrators(
      server.url,
      token,
      Math.ceil(SOCKET_LIMITS.maxConnections / SOCKETS_PER_USER),
    );
    try {
      for (let index = 0; index < SOCKET_LIMITS.maxConnections; index += 1)
        opened.push((await client(users[Math.floor(index / SOCKETS_PER_USER)])).socket);
      expect(await upgradeStatus()).toBe(503);
      await stillServing();
    } finally {
      opened.forEach((socket) => socket.terminate());
      await Promise.all(opened.map(closed));
    }
    // Room again once the server has seen them go (bounded: it must, within the deadline).
    const deadline = Date.now() + DEADLINE_MS;
    let status = 0;
    while (status !== 101 && Date.now() < deadline) status = await upgradeStatus();
    expect(status).toBe(101);
  });
});
