/**
 * node:http on one side, fetch's Request and Response on the other: CORS for the origins named
 * at start only, bodies read within a limit (refused from Content-Length, or as soon as the
 * bytes counted pass it, the rest discarded for a while), headers and URLs turned into fetch's,
 * and an answer written back.
 */
import { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { tooLargeMessage } from './guards';
import { type BodyLimit } from './limits';
import { isOssPath, ossErrorDocument } from './oss';
import { randomHex } from './util';
import { STORAGE_SECURITY_HEADERS } from '@/core/file-types';

/**
 * After refusing a body, what the client is still sending is read and dropped up to this much
 * (above deploy/nginx.conf's `client_max_body_size`, 101 MB: nothing nginx passes on is cut
 * short)…
 */
const DISCARD_LIMIT = 128 * 1024 * 1024;
/** …or for this long; past either the connection is cut. */
const DISCARD_MS = 30_000;

const STORAGE_HEADER_NAMES: ReadonlySet<string> = new Set(
  Object.keys(STORAGE_SECURITY_HEADERS).map((name) => name.toLowerCase()),
);

/**
 * CORS for exactly the origins the server was started with (`cli mock-server --cors-origin`),
 * nothing for any other. The app reaches the server on its own origin (the dev server's proxy,
 * nginx), so by default no page elsewhere may read an answer or send the access-token header.
 */
export function allowCrossOrigin(
  request: IncomingMessage,
  response: ServerResponse,
  allowedOrigins: ReadonlySet<string>,
): void {
  if (allowedOrigins.size === 0) return;
  // Whether the headers below are sent depends on the Origin: caches must keep them apart.
  response.setHeader('Vary', 'Origin');
  const origin = request.headers.origin;
  if (origin === undefined || !allowedOrigins.has(origin)) return;
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
  response.setHeader(
    'Access-Control-Allow-Headers',
    request.headers['access-control-request-headers'] ??
      'content-type,access-token,user-tag,accesstoken',
  );
  // etag and x-oss-request-id: ali-oss reads them from the cloud-storage answers (./oss).
  response.setHeader(
    'Access-Control-Expose-Headers',
    'content-disposition,x-mock-only,etag,x-oss-request-id,location,x-total-count,link',
  );
}

/**
 * Who is calling: the socket's address, or the X-Real-IP a reverse proxy on this machine set
 * (deploy/nginx.conf replaces any the client sent). Only a loopback peer is believed: behind
 * nginx every socket is 127.0.0.1, and one caller's wrong passwords must not make everyone wait.
 */
export function callerAddress(request: IncomingMessage): string {
  const peer = request.socket.remoteAddress ?? '';
  const forwarded = request.headers['x-real-ip'];
  const loopback = peer === '::1' || /^(::ffff:)?127\./.test(peer);
  return loopback && typeof forwarded === 'string' && isIP(forwarded.trim()) !== 0
    ? forwarded.trim()
    : peer;
}

export function sendJson(response: ServerResponse, httpStatus: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.statusCode = httpStatus;
  response.setHeader('Content-Type', 'application/json');
  response.setHeader('Content-Length', Buffer.byteLength(text));
  response.end(text);
}

export function sendEnvelope(
  response: ServerResponse,
  httpStatus: number,
  status: number,
  msg: string,
) {
  sendJson(response, httpStatus, { status, msg, data: null });
}

/**
 * Answers a refused body, then closes the connection once the client has sent the rest.
 *
 * The answer is written at once (with `Connection: close`, so a client that watches for an
 * early answer stops sending), but the exchange only ends when the body has been read to its
 * end and dropped: closing a socket with bytes still arriving resets the connection, and a
 * reset destroys the answer before the client has read it (a client writing its 50 MB saw
 * `EPIPE` and no answer; nginx, still passing a 6 MB image on, answered 502). A client that
 * sends more than `DISCARD_LIMIT`, or for longer than `DISCARD_MS`, is cut off.
 */
export function refuseBody(
  request: IncomingMessage,
  response: ServerResponse,
  limit: BodyLimit,
): void {
  const message = tooLargeMessage(limit);
  const path = request.url ?? '';
  let text: string;
  if (isOssPath(path)) {
    // Cloud storage (./oss) answers in its own protocol: an XML error document.
    const requestId = randomHex(12).toUpperCase();
    text = ossErrorDocument('EntityTooLarge', message, requestId);
    response.statusCode = 400;
    response.setHeader('Content-Type', 'application/xml');
    response.setHeader('x-oss-request-id', requestId);
  } else {
    const editor = path.startsWith('/ueditor/');
    text = JSON.stringify(editor ? { state: message } : { status: 201, msg: message, data: null });
    response.statusCode = 200;
    response.setHeader('Content-Type', 'application/json');
  }
  response.setHeader('Content-Length', Buffer.byteLength(text));
  response.setHeader('Connection', 'close');
  // The whole answer goes out now; end() (and so the close) waits for the rest of the body.
  response.write(text);
  let discarded = 0;
  const cut = () => request.socket.destroy();
  const timer = setTimeout(cut, DISCARD_MS);
  timer.unref();
  const finish = () => {
    clearTimeout(timer);
    response.end();
  };
  request.removeAllListeners('data');
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) cut();
  });
  request.once('close', () => clearTimeout(timer));
  if (request.readableEnded) finish();
  else request.once('end', finish);
  request.resume();
}

/** The body, or undefined once more than `limit` bytes arrived (the rest is left unread). */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.off('data', onData);
        request.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

export function fetchHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    // Hop-by-hop headers describe this connection, not the call.
    if (value === undefined || name === 'connection' || name === 'transfer-encoding') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** The request's URL; the Host header decides the origin when it is a valid one. */
export function requestUrl(request: IncomingMessage, fallbackHost: string): URL {
  const path = request.url ?? '/';
  try {
    return new URL(path, `http://${request.headers.host ?? fallbackHost}`);
  } catch {
    return new URL(path.startsWith('/') ? path : '/', `http://${fallbackHost}`);
  }
}

export async function writeResponse(response: ServerResponse, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  response.statusCode = answer.status;
  answer.headers.forEach((value, name) => {
    if (name === 'content-length') return;
    // The security headers set for every /storage answer are replaced by the handler's own,
    // not sent twice.
    if (STORAGE_HEADER_NAMES.has(name)) response.setHeader(name, value);
    else response.appendHeader(name, value);
  });
  response.setHeader('Content-Length', body.length);
  response.end(body);
}
