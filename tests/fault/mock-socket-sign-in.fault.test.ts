// @vitest-environment node
/**
 * Issue 49 case 5: the message socket of `cli mock-server` serves signed-in users of its own
 * site only. An anonymous connection receives nothing (not even a message pushed to everyone)
 * and is closed; a page of another site is refused at the handshake, with a valid token too;
 * 300 anonymous connections do not lock a signed-in user out; an expired or made-up token is
 * refused; one user holds at most SOCKETS_PER_USER connections.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInProtocols } from '@/core/message-socket';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { resetMockDatabase } from '@/mocks/reset';
import { SIGN_IN_MS, SOCKETS_PER_USER } from '@/mocks/socket';
import { signInOverHttp } from '../support/http-mock';
import { deadlineOf } from '../support/deadline';
import { openMessageSocket, type OpenedSocket } from '../support/socket-clients';

vi.setConfig({ testTimeout: 60_000 });

const DEADLINE_MS = SIGN_IN_MS + 10_000;

let server: RunningMockServer;
let token: string;

beforeAll(async () => {
  // The seed's accounts as seeded: a file run before this one in the worker may have changed a
  // password (the in-process tables are shared).
  resetMockDatabase();
  server = await startMockServer({ port: 0, host: '127.0.0.1', allowPush: true });
  token = await signInOverHttp(server.url);
});
afterAll(async () => {
  await server.close();
  resetMockDatabase();
});

const within = deadlineOf(DEADLINE_MS);

const socketUrl = () => `${server.url.replace(/^http/, 'ws')}/ws`;

type Opened = Omit<OpenedSocket, 'status'> & {
  /** 101 when the socket opened, else the handshake's HTTP status. */
  status: number;
};

async function open(protocols: string[], origin?: string): Promise<Opened> {
  const opened = openMessageSocket(socketUrl(), protocols, origin);
  return { ...opened, status: await within(opened.status, 'the handshake') };
}

async function push(title: string): Promise<void> {
  const answer = await fetch(`${server.url}/api/mock/pushmessage`, {
    method: 'POST',
    headers: { 'access-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ tm_title: title, tm_content: '只发给已登录的连接' }),
  });
  expect(((await answer.json()) as { status: number }).status).toBe(200);
}

/** Resolves once a frame of `type` arrived on `opened`. */
function frameOf(opened: Opened, type: string): Promise<unknown> {
  return within(
    new Promise((resolve) => {
      const look = () => {
        const frame = opened.frames
          .map((text) => JSON.parse(text) as { type?: string })
          .find((parsed) => parsed.type === type);
        if (frame) {
          opened.socket.off('message', look);
          resolve(frame);
        }
      };
      opened.socket.on('message', look);
      look();
    }),
    `a ${type} frame`,
  );
}

describe('the message socket signs its clients in', () => {
  it('an anonymous connection that binds receives nothing, not even a push, and is closed', async () => {
    const anonymous = await open([]);
    expect(anonymous.status).toBe(101);
    // The old protocol's bind (a username, no token) and a push while it is open.
    anonymous.socket.send(JSON.stringify({ type: 'bind', username: 'admin' }));
    const watcher = await open(signInProtocols(token));
    watcher.socket.send(JSON.stringify({ type: 'bind', username: 'admin' }));
    await frameOf(watcher, 'bind');
    await push('给管理员的消息');
    await frameOf(watcher, 'text');
    expect(await within(anonymous.closed, 'the anonymous close')).toBe(1008);
    expect(anonymous.frames).toEqual([]);
    watcher.socket.close();
  });

  it('an anonymous connection that sends nothing is closed after the sign-in time', async () => {
    const silent = await open([]);
    expect(silent.status).toBe(101);
    const started = Date.now();
    expect(await within(silent.closed, 'the silent close')).toBe(1008);
    expect(Date.now() - started).toBeLessThan(SIGN_IN_MS + 2000);
    expect(silent.frames).toEqual([]);
  });

  it('signs in with the token in the first frame, for clients without subprotocols', async () => {
    const client = await open([]);
    client.socket.send(JSON.stringify({ type: 'bind', token }));
    expect(await frameOf(client, 'bind')).toEqual({ type: 'bind', msg: 'ok' });
    await push('首帧登录');
    expect(await frameOf(client, 'text')).toMatchObject({ data: { tm_title: '首帧登录' } });
    client.socket.close();
  });

  it('refuses a page of another site, with a valid token too; its own site is let in', async () => {
    const foreign = await open(signInProtocols(token), 'http://attacker.example');
    expect(foreign.status).toBe(403);
    const sameHost = await open(signInProtocols(token), server.url);
    expect(sameHost.status).toBe(101);
    sameHost.socket.close();
    const nullOrigin = await open(signInProtocols(token), 'null');
    expect(nullOrigin.status).toBe(403);
  });

  it('refuses a made-up token at the handshake and in the first frame', async () => {
    expect((await open(signInProtocols('0'.repeat(40)))).status).toBe(401);
    const client = await open([]);
    client.socket.send(JSON.stringify({ type: 'bind', token: '0'.repeat(40) }));
    expect(await within(client.closed, 'the close')).toBe(1008);
    expect(client.frames).toEqual([]);
  });

  it('300 anonymous connections do not lock out a signed-in user', async () => {
    const anonymous = await Promise.all(Array.from({ length: 300 }, () => open([])));
    try {
      // Most are refused at once; those let in wait for a sign-in they will not get.
      expect(anonymous.filter((opened) => opened.status === 101).length).toBeLessThan(300);
      const user = await open(signInProtocols(token));
      expect(user.status).toBe(101);
      user.socket.send(JSON.stringify({ type: 'bind', username: 'admin' }));
      await frameOf(user, 'bind');
      await push('洪水中的消息');
      expect(await frameOf(user, 'text')).toMatchObject({ data: { tm_title: '洪水中的消息' } });
      user.socket.close();
    } finally {
      anonymous.forEach((opened) => opened.socket.terminate());
    }
  });

  it(`one user holds at most ${SOCKETS_PER_USER} connections`, async () => {
    const lina = await signInOverHttp(server.url, 'lina');
    const opened = await Promise.all(
      Array.from({ length: SOCKETS_PER_USER }, () => open(signInProtocols(lina))),
    );
    try {
      expect(opened.map((socket) => socket.status)).toEqual(
        Array.from({ length: SOCKETS_PER_USER }, () => 101),
      );
      expect((await open(signInProtocols(lina))).status).toBe(429);
      // Another user still gets in.
      const other = await open(signInProtocols(await signInOverHttp(server.url, 'zhangwei')));
      expect(other.status).toBe(101);
      other.socket.close();
    } finally {
      opened.forEach((socket) => socket.socket.close());
      await Promise.all(opened.map((socket) => socket.closed));
    }
  });
});
