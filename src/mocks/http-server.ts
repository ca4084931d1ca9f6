/**
 * The mock backend over real HTTP (`npm run cli -- mock-server --port <p>`): the same handlers
 * as the browser worker and vitest, run with msw's getResponse on plain node:http. No CORS
 * unless asked: only the origins in `corsOrigins` may call it from another origin's page.
 *
 * Hostile-proof at the transport too: a body over its limit (src/mocks/limits) is refused from
 * its Content-Length, or as soon as the bytes counted pass the limit, without buffering the
 * rest (./http-io); an error thrown by a handler answers the 500 envelope (never a stack trace); a path
 * nobody serves answers the 404 envelope.
 *
 * With `dataDir` nothing acknowledged is lost: the tables (records, sessions, file and
 * attachment rows) are kept in SQLite, one row per record, each write committed before it is
 * answered (./sqlite-store),
 * and the bytes of uploaded files on disk (`<dataDir>/files/<id>` and `<id>.json` for the
 * type, synced before their row is written, ./disk-byte-store); file names are ids only, never a name from a
 * request, and all files together stay under `dataLimit`. On start, byte files no row names
 * are removed and rows whose bytes are missing are listed (they answer 404). The folder is
 * locked by the server using it (./data-dir-lock): a second server on it refuses to start,
 * naming the process that holds it. Without `dataDir` everything lives in memory and is gone
 * when the server stops.
 *
 * `/ws` is the live message socket (./socket-server), the same push as in the page, for
 * signed-in users of the server's own site (and of `corsOrigins`).
 *
 * Imported REST sources (`sources`, ./rest-source) are mounted at their server paths (`/v3`)
 * beside `/api` (./mounted-sources): a request under a mount goes to that source's engine, which answers REST
 * (status codes, problem+json) instead of the envelope. Their records are kept like the
 * tables (store table `mount:<name>`, ./kept-source): with `dataDir` an acknowledged write
 * is on disk before it is answered.
 *
 * Every `/storage/` answer (an uploaded file, a seeded one, a 404) carries nosniff and the
 * sandbox policy (./file-types `STORAGE_SECURITY_HEADERS`): a file opened at its address is a
 * document of an opaque origin that runs nothing and reads nothing of the app's.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { getResponse, RequestHandler } from 'msw';
import { mockMessages } from '@/locale/mock';
import { demoCallsOf, mockHandlers } from './handlers';
import { admission } from './call-guard';
import { mockRoutes } from './mock-routes';
import { handlerIndex } from './handler-index';
import { STORAGE_SECURITY_HEADERS, attachmentDisposition } from '@/core/file-types';
import { openDataDir } from './data-dir';
import { bodyLimitFor } from './limits';
import { createSocketServer } from './socket-server';
import { DEFAULT_STORAGE_LIMIT, memoryByteStore, setByteStore } from './file-bytes';
import type { RestSource } from './rest-source/engine';
import {
  allowCrossOrigin,
  callerAddress,
  fetchHeaders,
  readBody,
  refuseBody,
  requestUrl,
  sendEnvelope,
  writeResponse,
} from './http-io';
import { mountSources, serveSource, sourceFor, type MountedSource } from './mounted-sources';
import { guardedRemoteFetch } from './guarded-fetch';
import { installRemoteFetch } from './remote-fetch';
import { CLIENT_ADDRESS_HEADER } from './login-throttle';
import { setSessionLifetime } from './sessions';

export interface RunningMockServer {
  url: string;
  close(): Promise<void>;
}

export interface MockServerOptions {
  port: number;
  host?: string;
  /** Serve POST /api/mock/reset (the super administrator's; off by default). */
  allowReset?: boolean;
  /** Serve POST /api/mock/pushmessage (the super administrator's; off by default). */
  allowPush?: boolean;
  /** Keep the tables (SQLite) and uploaded bytes on disk under this folder (memory when absent). */
  dataDir?: string;
  /** Bytes all kept files may take together; 1 GB by default. */
  dataLimit?: number;
  /** Imported REST sources, each served under its `basePath` (./rest-source/load). */
  sources?: readonly RestSource[];
  /**
   * Tests and local development only: the remote image capture may fetch private and loopback
   * addresses, and tells each failure apart (off: public addresses only, one message for every
   * failure; ./guarded-fetch).
   */
  allowPrivateFetch?: boolean;
  /** Origins (`http://host:port`) whose pages may call the server; none by default. */
  corsOrigins?: readonly string[];
  /** How long a sign-in lasts, in minutes from the sign-in (./sessions: 12 hours by default). */
  sessionTtlMinutes?: number;
}

/** The seeded files the app ships under public/storage (the logo, the default avatar). */
const SEEDED_DIR = path.resolve(import.meta.dirname, '../../public/storage');
const SEEDED_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  // The seeded documents of 附件管理 (scripts/seed-documents.ts).
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

interface SeededFile {
  bytes: Buffer;
  type: string;
  /** The file's name, for the download of a type no browser shows inline. */
  name: string;
}

/**
 * `/storage/<file>` → a seeded file, read once at start (a few KB): a request can only name a
 * file of the list (never a path built from the URL). A static host serves them from the build in
 * the demo; in production `/storage` goes to the backend, so this one serves them too.
 */
async function readSeededFiles(): Promise<Map<string, SeededFile>> {
  const entries = await readdir(SEEDED_DIR, { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  const seeded = new Map<string, SeededFile>();
  for (const entry of entries) {
    const type = SEEDED_TYPES[path.extname(entry.name).toLowerCase()];
    if (!entry.isFile() || !type) continue;
    const file = path.join(entry.parentPath, entry.name);
    const url = `/storage/${path.relative(SEEDED_DIR, file).split(path.sep).join('/')}`;
    seeded.set(url, { bytes: await readFile(file), type, name: entry.name });
  }
  return seeded;
}

/** Types shown in the page; every other seeded file (Word, Excel) is a download, as uploads are. */
const INLINE_SEEDED = /^image\/|^application\/pdf$/;

function serveSeeded({ bytes, type, name }: SeededFile, method: string, response: ServerResponse) {
  response.writeHead(200, {
    'Content-Type': type,
    'Content-Length': bytes.length,
    'Cache-Control': 'max-age=3600',
    ...STORAGE_SECURITY_HEADERS,
    ...(INLINE_SEEDED.test(type) ? {} : { 'Content-Disposition': attachmentDisposition(name) }),
  });
  response.end(method === 'HEAD' ? undefined : bytes);
}

async function serve(
  corsOrigins: ReadonlySet<string>,
  sources: readonly MountedSource[],
  handlers: (request: Request) => RequestHandler[],
  admit: (request: Request) => Promise<Response | undefined>,
  seeded: ReadonlyMap<string, SeededFile>,
  fallbackHost: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  allowCrossOrigin(request, response, corsOrigins);
  const method = request.method ?? 'GET';
  if (method === 'OPTIONS') {
    response.statusCode = 204;
    response.end();
    return;
  }
  const url = requestUrl(request, fallbackHost);
  const source = sourceFor(sources, url.pathname);
  if (source) {
    await serveSource(source, url, request, response);
    return;
  }
  if (url.pathname.startsWith('/storage/'))
    for (const [name, value] of Object.entries(STORAGE_SECURITY_HEADERS))
      response.setHeader(name, value);
  const seededFile = seeded.get(url.pathname);
  if (seededFile && (method === 'GET' || method === 'HEAD')) {
    serveSeeded(seededFile, method, response);
    return;
  }
  // The call guard (./call-guard) before a byte of the body is read: a path that is no call,
  // a method the path does not take, a caller without a session or the key — refused from the
  // method, the path and the headers alone.
  let bare: Request;
  try {
    bare = new Request(url, { method, headers: fetchHeaders(request.headers) });
  } catch {
    // A method fetch will not carry (CONNECT, TRACE, a malformed token) is no call of ours.
    sendEnvelope(response, 405, 405, mockMessages.callMethodNotAllowed);
    return;
  }
  const refusal = await admit(bare);
  if (refusal) {
    // Node reads and drops what the client still sends of the body, never buffering it.
    await writeResponse(response, refusal);
    return;
  }
  let body: Buffer | undefined;
  const limit = bodyLimitFor(method, url);
  if (limit) {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit.bytes) {
      refuseBody(request, response, limit);
      return;
    }
    body = await readBody(request, limit.bytes);
    if (!body) {
      refuseBody(request, response, limit);
      return;
    }
  }
  const headers = fetchHeaders(request.headers);
  // Who is calling, for the wait after wrong passwords (./login-throttle): set here, never
  // taken from the client.
  headers.set(CLIENT_ADDRESS_HEADER, callerAddress(request));
  const fetchRequest = new Request(url, {
    method,
    headers,
    // Buffer.concat allocates a plain (never shared) ArrayBuffer.
    body: body && new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
  });
  let answer: Response | undefined;
  try {
    answer = await getResponse(handlers(fetchRequest), fetchRequest);
  } catch (error) {
    console.error(`mock backend: ${method} ${url.pathname} failed`, error);
    sendEnvelope(response, 500, 500, mockMessages.internalError);
    return;
  }
  if (!(answer instanceof Response)) {
    // Nothing serves the path (e.g. /etc/passwd after the URL's dot segments are resolved).
    sendEnvelope(response, 404, 404, mockMessages.callNotFound);
    return;
  }
  await writeResponse(response, answer);
}

/** A stop waits this long for requests already being handled before the final snapshot. */
const STOP_GRACE_MS = 5_000;

export async function startMockServer(options: MockServerOptions): Promise<RunningMockServer> {
  const host = options.host ?? '127.0.0.1';
  const limit = options.dataLimit ?? DEFAULT_STORAGE_LIMIT;
  const corsOrigins = new Set(options.corsOrigins);
  // Always set: a server started earlier in this process may have set another lifetime.
  setSessionLifetime(options.sessionTtlMinutes);
  // Locked for this server: a second one on the folder refuses to start (./data-dir-lock).
  const dataDir = options.dataDir
    ? await openDataDir(path.resolve(options.dataDir), limit)
    : undefined;
  if (!dataDir) setByteStore(memoryByteStore(), limit);
  const served = { allowReset: options.allowReset ?? false, allowPush: options.allowPush ?? false };
  const routes = mockRoutes(demoCallsOf(served));
  const handlers = handlerIndex(
    mockHandlers(served).filter(
      (handler): handler is RequestHandler => handler instanceof RequestHandler,
    ),
  );
  const seeded = await readSeededFiles();
  // A page of an origin allowed to call the server may open its message socket too.
  const sockets = createSocketServer({ allowedOrigins: [...corsOrigins] });
  const inFlight = new Set<Promise<void>>();
  let fallbackHost = host;
  // After the database is attached: the records kept there are what the sources start from.
  const sources = mountSources(options.sources ?? []);
  const server = createHttpServer((request, response) => {
    const handled = serve(
      corsOrigins,
      sources,
      handlers,
      (call) => admission(routes, call),
      seeded,
      fallbackHost,
      request,
      response,
    ).catch((error: unknown) => {
      console.error('mock backend: request failed', error);
      if (!response.headersSent) sendEnvelope(response, 500, 500, mockMessages.internalError);
      else response.destroy();
    });
    inFlight.add(handled);
    void handled.finally(() => inFlight.delete(handled));
  });
  server.on('upgrade', (request, socket, head) => sockets.upgrade(request, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: unknown) => {
    // Not listening (the port is taken): the data folder is let go as it was found.
    dataDir?.close();
    throw error;
  });
  const address = server.address();
  // A TCP server that is listening has an address; only a pipe or socket path would be a string.
  if (address === null || typeof address === 'string')
    throw new Error('mock server: no TCP address');
  const shownHost = host.includes(':') ? `[${host}]` : host;
  fallbackHost = `${shownHost}:${address.port}`;
  // Put back when this server stops: a test's next server starts from the default.
  const restoreRemoteFetch = installRemoteFetch(
    guardedRemoteFetch({ allowPrivate: options.allowPrivateFetch ?? false }),
  );
  let stopped: Promise<void> | undefined;
  const stop = async () => {
    sockets.closeAll();
    const closed = new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
    // Awaited below, after the wait: marked handled now so a failure is not reported twice.
    closed.catch(() => undefined);
    // A handler still running (an upload being stored) may yet write: let it, within bounds,
    // so its write is in the final snapshot rather than after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([...inFlight]),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, STOP_GRACE_MS);
      }),
    ]);
    clearTimeout(timer);
    dataDir?.close();
    restoreRemoteFetch();
    // What else runs the handlers in this process (msw under vitest) meets the defaults again,
    // not this server's folder, storage limit or session lifetime.
    setByteStore(memoryByteStore());
    setSessionLifetime();
    await closed;
  };
  return {
    url: `http://${fallbackHost}`,
    close: () => (stopped ??= stop()),
  };
}
