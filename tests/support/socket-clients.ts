/**
 * Clients of the mock's message socket for the tests: a socket that records what it receives,
 * administrators to sign in as when a test needs more connections than one user may hold
 * (src/mocks/socket `SOCKETS_PER_USER`).
 */
import WebSocket from 'ws';
import { isRecord } from '@/core/guards';
import { DEMO_PASSWORD, signInOverHttp } from './http-mock';

/**
 * Adds `count` administrators through the API (as `adminToken`) and signs each in: their tokens.
 * Their names are new on every call, so a file may call it more than once.
 */
export async function addAdministrators(
  url: string,
  adminToken: string,
  count: number,
): Promise<string[]> {
  const batch = Math.random().toString(36).slice(2, 8);
  const tokens: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const username = `ws${batch}${index}`;
    const response = await fetch(`${url}/api/adminuser/add`, {
      method: 'POST',
      headers: { 'access-token': adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        nickname: `连接测试${index}`,
        department_id: 2,
        role_id: 2,
        password: DEMO_PASSWORD,
      }),
    });
    const answer: unknown = await response.json();
    if (!isRecord(answer) || answer.status !== 200)
      throw new Error(`${username} could not be added: ${JSON.stringify(answer)}`);
    tokens.push(await signInOverHttp(url, username));
  }
  return tokens;
}

export interface OpenedSocket {
  socket: WebSocket;
  /** The text frames received, in order. */
  frames: string[];
  /** The close code, once closed. */
  closed: Promise<number>;
  /** 101 when it opened, else the handshake's HTTP status; -1 for another failed handshake. */
  status: Promise<number>;
}

/**
 * Opens `url` (a ws: or wss: address) offering `protocols`, as a page of `origin` when given;
 * `ca` is the certificate authority (PEM) a wss: server's certificate is checked against.
 */
export function openMessageSocket(
  url: string,
  protocols: string[],
  origin?: string,
  ca?: string,
): OpenedSocket {
  const options: WebSocket.ClientOptions = {};
  if (origin) options.origin = origin;
  if (ca) options.ca = ca;
  const socket = new WebSocket(url, protocols, options);
  const frames: string[] = [];
  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : data instanceof ArrayBuffer
        ? Buffer.from(data)
        : data;
    frames.push(bytes.toString('utf8'));
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  const status = new Promise<number>((resolve) => {
    socket.once('open', () => resolve(101));
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    // Any other failed handshake (e.g. a server that does not select the protocol).
    socket.once('error', () => resolve(-1));
  });
  return { socket, frames, closed, status };
}
