/**
 * The mock backend over real HTTP (`npm run cli -- mock-server --port <p>`): the same handlers
 * as the browser worker and vitest, run with msw's getResponse on plain node:http. Answers
 * CORS preflights so an app on another origin can use it.
 *
 * Hostile-proof at the transport too: a body over its limit (src/mocks/limits) is refused from
 * its Content-Length, or as soon as the bytes counted pass the limit, without buffering the
 * rest; an error thrown by a handler answers the 500 envelope (never a stack trace); a path
 * nobody serves answers the 404 envelope.
 *
 * With `dataDir` nothing acknowledged is lost: the tables (records, sessions, file and
 * attachment rows) are kept in a journal synced before each write is answered (./journal),
 * and the bytes of uploaded files on disk (`<dataDir>/files/<id>` and `<id>.json` for the
 * type, synced before their row is written); file names are ids only, never a name from a
 * request, and all files together stay under `dataLimit`. On start, byte files no row names
 * are removed and rows whose bytes are missing are listed (they answer 404). Without
 * `dataDir` everything lives in memory and is gone when the server stops.
 *
 * `/ws` is the live message socket (./socket-server), the same push as in the page.
 *
 * Imported REST sources (`sources`, ./rest-source) are mounted at their server paths (`/v3`)
 * beside `/api`: a request under a mount goes to that source's engine, which answers REST
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
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { getResponse, RequestHandler } from 'msw';
import { mockMessages } from '@/locale/mock';
import { tooLargeMessage } from './guards';
import { mockHandlers } from './handlers';
import { STORAGE_SECURITY_HEADERS } from '@/core/file-types';
import { openJournal, type OpenedJournal } from './journal';
import { BODY_LIMIT, bodyLimitFor, type BodyLimit } from './limits';
import { isOssPath, ossErrorDocument } from './oss';
import { createSocketServer } from './socket-server';
import {
  attachJournal,
  DEFAULT_STORAGE_LIMIT,
  detachJournal,
  FILE_TABLE,
  memoryByteStore,
  setByteStore,
  StorageFullError,
  table,
  type ByteStore,
  type FileBytes,
} from './store';
import { randomHex } from './util';
import type { RestSource } from './rest-source/engine';
import { keptSource, type KeptSource } from './kept-source';
import { problem } from './rest-source/problem';

export interface RunningMockServer {
  url: string;
  close(): Promise<void>;
}

export interface MockServerOptions {
  port: number;
  host?: string;
  /** Serve POST /api/mock/reset (off by default: anyone reaching the port could wipe the data). */
  allowReset?: boolean;
  /** Keep the tables (journal) and uploaded bytes on disk under this folder (memory when absent). */
  dataDir?: string;
  /** Bytes all kept files may take together; 1 GB by default. */
  dataLimit?: number;
  /** Imported REST sources, each served under its `basePath` (./rest-source/load). */
  sources?: readonly RestSource[];
}

/** A byte store on disk, which can also list the ids it holds (the check at start). */
export interface DiskByteStore extends ByteStore {
  readonly folder: string;
  ids(): Promise<number[]>;
}

/** Writes a file and syncs it: on disk, not in the page cache, once this resolves. */
async function writeSynced(file: string, data: Uint8Array | string): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => undefined);
  // Some platforms cannot open a folder (Windows); the rename itself still happened.
  if (!handle) return;
  try {
    await handle.sync().catch(() => undefined);
  } finally {
    await handle.close();
  }
}

/**
 * File bytes on disk: `<dir>/files/<id>` and `<id>.json` ({ mime }). Paths are built from
 * the integer id alone; a write goes to a temporary file, synced, then renamed into place, so
 * a crash never leaves half a file under a served id, and the bytes are on disk before the
 * row naming them is written. What a put cut short leaves (a temporary file, a type without
 * its bytes) is removed when the store opens.
 */
export async function diskByteStore(dir: string): Promise<DiskByteStore> {
  const folder = path.resolve(dir, 'files');
  await mkdir(folder, { recursive: true });
  const pathOf = (id: number, suffix = '') => {
    if (!Number.isSafeInteger(id) || id < 1) throw new Error(`not a file id: ${id}`);
    return path.join(folder, `${id}${suffix}`);
  };
  const ids = async () => {
    // The folder may have been removed by hand while the server runs: nothing is kept then.
    const names = await readdir(folder).catch(() => []);
    return names.filter((name) => /^[1-9]\d*$/.test(name)).map(Number);
  };
  const names = await readdir(folder);
  const held = new Set(await ids());
  for (const name of names) {
    const leftover = /^([1-9]\d*)(\.tmp|\.json)$/.exec(name);
    if (leftover && (leftover[2] === '.tmp' || !held.has(Number(leftover[1]))))
      await rm(path.join(folder, name), { force: true });
  }
  let used = 0;
  for (const id of held) used += (await stat(pathOf(id))).size;

  const remove = async (id: number) => {
    const size = await stat(pathOf(id)).then(
      (found) => found.size,
      () => 0,
    );
    await rm(pathOf(id), { force: true });
    await rm(pathOf(id, '.json'), { force: true });
    used -= size;
  };
  return {
    folder,
    ids,
    get: async (id): Promise<FileBytes | undefined> => {
      try {
        const [bytes, meta] = await Promise.all([
          readFile(pathOf(id)),
          readFile(pathOf(id, '.json'), 'utf8'),
        ]);
        const parsed: unknown = JSON.parse(meta);
        const mime =
          typeof parsed === 'object' && parsed !== null && 'mime' in parsed
            ? parsed.mime
            : undefined;
        return {
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
          mime: typeof mime === 'string' ? mime : 'application/octet-stream',
        };
      } catch {
        return undefined;
      }
    },
    put: async (id, value) => {
      await remove(id);
      await mkdir(folder, { recursive: true });
      const temporary = pathOf(id, '.tmp');
      await writeSynced(temporary, value.bytes);
      await writeSynced(pathOf(id, '.json'), JSON.stringify({ mime: value.mime }));
      await rename(temporary, pathOf(id));
      await syncFolder(folder);
      used += value.bytes.length;
    },
    delete: remove,
    clear: async () => {
      for (const id of await ids()) await remove(id);
      used = 0;
    },
    maxId: async () => Math.max(0, ...(await ids())),
    used: () => Promise.resolve(used),
  };
}

/**
 * Files and their rows agree after a crash: byte files no `mock_files` row names (a crash
 * between the bytes and the row, or after a row was deleted) are removed — nobody could reach
 * or delete them, yet they count against the limit — and rows whose bytes are missing are
 * listed (they answer 404). One line on stderr each, naming the ids.
 */
async function reconcileFiles(store: DiskByteStore): Promise<void> {
  const rows = table(FILE_TABLE).rows;
  const named = new Set(rows.map((row) => row.id));
  const onDisk = await store.ids();
  const orphans = onDisk.filter((id) => !named.has(id));
  for (const id of orphans) await store.delete(id);
  if (orphans.length)
    console.warn(
      `mock backend: removed ${orphans.length} file(s) in ${store.folder} that no row names: ${orphans.join(', ')}`,
    );
  const present = new Set(onDisk);
  // Rows from before the byte store kept their bytes inline (`data`) need no file.
  const missing = rows
    .filter(
      (row) => typeof row.id === 'number' && !present.has(row.id) && typeof row.data !== 'string',
    )
    .map((row) => row.id);
  if (missing.length)
    console.warn(
      `mock backend: ${missing.length} file row(s) have no bytes in ${store.folder} and answer 404: ${missing.join(', ')}`,
    );
}

/** After refusing a body, what the client is still sending is discarded up to this much… */
const DISCARD_LIMIT = 64 * 1024 * 1024;
/** …or for this long, before the connection is closed. */
const DISCARD_MS = 10_000;

function allowCrossOrigin(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
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
  response.setHeader('Vary', 'Origin');
}

function sendJson(
  response: ServerResponse,
  httpStatus: number,
  body: unknown,
  close = false,
): void {
  const text = JSON.stringify(body);
  response.statusCode = httpStatus;
  response.setHeader('Content-Type', 'application/json');
  response.setHeader('Content-Length', Buffer.byteLength(text));
  if (close) response.setHeader('Connection', 'close');
  response.end(text);
}

function sendEnvelope(response: ServerResponse, httpStatus: number, status: number, msg: string) {
  sendJson(response, httpStatus, { status, msg, data: null });
}

/**
 * Answers a refused body, then closes the connection. What the client is still sending is
 * read and dropped for a while first: closing on unread bytes resets the connection, and a
 * reset can destroy the answer before the client has read it.
 */
function refuseBody(request: IncomingMessage, response: ServerResponse, limit: BodyLimit): void {
  const message = tooLargeMessage(limit);
  const path = request.url ?? '';
  if (isOssPath(path)) {
    // Cloud storage (./oss) answers in its own protocol: an XML error document.
    const requestId = randomHex(12).toUpperCase();
    const text = ossErrorDocument('EntityTooLarge', message, requestId);
    response.writeHead(400, {
      'Content-Type': 'application/xml',
      'Content-Length': Buffer.byteLength(text),
      'x-oss-request-id': requestId,
      Connection: 'close',
    });
    response.end(text);
  } else {
    const editor = path.startsWith('/ueditor/');
    sendJson(
      response,
      200,
      editor ? { state: message } : { status: 201, msg: message, data: null },
      true,
    );
  }
  let discarded = 0;
  const stop = () => request.socket.destroy();
  const timer = setTimeout(stop, DISCARD_MS);
  timer.unref();
  request.removeAllListeners('data');
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) stop();
  });
  request.once('end', () => clearTimeout(timer));
  request.once('close', () => clearTimeout(timer));
  request.resume();
}

/** The body, or undefined once more than `limit` bytes arrived (the rest is left unread). */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
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

function fetchHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    // Hop-by-hop headers describe this connection, not the call.
    if (value === undefined || name === 'connection' || name === 'transfer-encoding') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** The request's URL; the Host header decides the origin when it is a valid one. */
function requestUrl(request: IncomingMessage, fallbackHost: string): URL {
  const path = request.url ?? '/';
  try {
    return new URL(path, `http://${request.headers.host ?? fallbackHost}`);
  } catch {
    return new URL(path.startsWith('/') ? path : '/', `http://${fallbackHost}`);
  }
}

async function writeResponse(response: ServerResponse, answer: Response): Promise<void> {
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

const STORAGE_HEADER_NAMES: ReadonlySet<string> = new Set(
  Object.keys(STORAGE_SECURITY_HEADERS).map((name) => name.toLowerCase()),
);

/** The seeded files the app ships under public/storage (the logo, the default avatar). */
const SEEDED_DIR = path.resolve(import.meta.dirname, '../../public/storage');
const SEEDED_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

interface SeededFile {
  bytes: Buffer;
  type: string;
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
    seeded.set(url, { bytes: await readFile(file), type });
  }
  return seeded;
}

function serveSeeded({ bytes, type }: SeededFile, method: string, response: ServerResponse) {
  response.writeHead(200, {
    'Content-Type': type,
    'Content-Length': bytes.length,
    'Cache-Control': 'max-age=3600',
    ...STORAGE_SECURITY_HEADERS,
  });
  response.end(method === 'HEAD' ? undefined : bytes);
}

/** The source mounted at the path, if any (`/v3/pet` → the petstore source at `/v3`). */
function sourceFor(sources: readonly MountedSource[], pathname: string): KeptSource | undefined {
  return sources.find(
    ({ basePath }) => pathname === basePath || pathname.startsWith(`${basePath}/`),
  )?.kept;
}

interface MountedSource {
  basePath: string;
  kept: KeptSource;
}

/** Each source's records in the store table `mount:<name>`, seeded afresh when it holds none. */
function mountSources(sources: readonly RestSource[]): MountedSource[] {
  return sources.map((source) => ({
    basePath: source.basePath,
    kept: keptSource(`mount:${source.name}`, (state) => source.withState(state)),
  }));
}

async function serveSource(
  source: KeptSource,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const method = request.method ?? 'GET';
  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const declared = Number(request.headers['content-length']);
    body =
      Number.isFinite(declared) && declared > BODY_LIMIT
        ? undefined
        : await readBody(request, BODY_LIMIT);
    if (!body) {
      // Answered, then the connection closes (Connection: close) without reading the rest.
      await writeResponse(
        response,
        problem(413, `The body is over ${BODY_LIMIT} bytes`, undefined, { Connection: 'close' }),
      );
      return;
    }
  }
  const fetchRequest = new Request(url, {
    method,
    headers: fetchHeaders(request.headers),
    body: body && new Uint8Array(body),
  });
  const answer = await source.handle(fetchRequest).catch((error: unknown) => {
    // Not on disk: refused in the source's own protocol, never acknowledged.
    if (error instanceof StorageFullError) return problem(507, error.message);
    throw error;
  });
  await writeResponse(response, answer);
}

async function serve(
  sources: readonly MountedSource[],
  handlers: RequestHandler[],
  seeded: ReadonlyMap<string, SeededFile>,
  fallbackHost: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  allowCrossOrigin(request, response);
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
  const fetchRequest = new Request(url, {
    method,
    headers: fetchHeaders(request.headers),
    // Buffer.concat allocates a plain (never shared) ArrayBuffer.
    body: body && new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
  });
  let answer: Response | undefined;
  try {
    answer = await getResponse(handlers, fetchRequest);
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
  let journal: OpenedJournal | undefined;
  if (options.dataDir) {
    // Tables first: the files are checked against the rows the journal holds.
    journal = openJournal(path.resolve(options.dataDir));
    attachJournal(journal, journal.saved);
    const bytes = await diskByteStore(options.dataDir);
    await reconcileFiles(bytes);
    setByteStore(bytes, limit);
  } else {
    setByteStore(memoryByteStore(), limit);
  }
  const handlers = mockHandlers({ allowReset: options.allowReset ?? false }).filter(
    (handler): handler is RequestHandler => handler instanceof RequestHandler,
  );
  const seeded = await readSeededFiles();
  const sockets = createSocketServer();
  const inFlight = new Set<Promise<void>>();
  let fallbackHost = host;
  // After the journal is attached: the records kept there are what the sources start from.
  const sources = mountSources(options.sources ?? []);
  const server = createHttpServer((request, response) => {
    const handled = serve(sources, handlers, seeded, fallbackHost, request, response).catch(
      (error: unknown) => {
        console.error('mock backend: request failed', error);
        if (!response.headersSent) sendEnvelope(response, 500, 500, mockMessages.internalError);
        else response.destroy();
      },
    );
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
    if (journal) journal.close(detachJournal());
    throw error;
  });
  const address = server.address();
  // A TCP server that is listening has an address; only a pipe or socket path would be a string.
  if (address === null || typeof address === 'string')
    throw new Error('mock server: no TCP address');
  const shownHost = host.includes(':') ? `[${host}]` : host;
  fallbackHost = `${shownHost}:${address.port}`;
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
    if (journal) journal.close(detachJournal());
    await closed;
  };
  return {
    url: `http://${fallbackHost}`,
    close: () => (stopped ??= stop()),
  };
}
