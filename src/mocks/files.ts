/**
 * Files the mock backend keeps: uploads, served back at `/storage/mock/<id>`; the chunked
 * upload protocol; cloud storage (./oss); the editor's server side (/ueditor/ue), remote image
 * capture included. Every upload also creates an attachment row (table `attachment`).
 * File bytes are kept by the byte store of ./store (IndexedDB, memory or a data folder).
 *
 * Nothing anyone uploads runs anywhere: every upload call keeps a file only when its extension
 * is one the call allows and its bytes are of that type (src/core/file-types), and a kept file is
 * served with the type its bytes show, `nosniff`, a sandbox policy, and as a download unless it
 * is a raster image or a PDF. The editor's configuration is JSON only (no JSONP: a script
 * answer on the app's origin would be a gadget for `script-src 'self'`).
 */
import { HttpResponse, type JsonBodyType } from 'msw';
import { http } from './http-wrapper';
import { base64ToBytes } from '@/core/base64';
import { mockMessages } from '@/locale/mock';
import {
  extensionOf,
  imageTypeOf,
  judgeUpload,
  STORAGE_SECURITY_HEADERS,
  storageHeaders,
  UPLOAD_TYPES,
  type FileType,
  type UploadKind,
} from '@/core/file-types';
import { ossHandlers } from './oss';
import { envelope, fail, ok } from './respond';
import { persist, table } from './store';
import { FILE_TABLE, fileById, fileIdOf, keepBytes } from './file-bytes';
import { hasJsonBody, nowSeconds, readBody, readQuery, type Params } from './util';
import { listOf, textOf } from '@/core/guards';
import { readWithin } from '@/core/read-within';

export { FILE_TABLE };
export const ATTACHMENT_TABLE = 'attachment';
export const STORAGE_PREFIX = '/storage/mock/';

export interface StoredFile {
  address: string;
  att_id: number;
  original_name: string;
  size: number;
  mime: string;
}

/** Attachment type of a file name or address (query allowed): 2 image, 3 video, 1 other. */
export function attachmentType(nameOrUrl: string, mime = ''): number {
  if (mime.startsWith('image/') || /\.(png|jpe?g|gif|webp|bmp|svg)([?#&]|$)/i.test(nameOrUrl))
    return 2;
  if (mime.startsWith('video/') || /\.(mp4|webm|mov|avi|mkv)([?#&]|$)/i.test(nameOrUrl)) return 3;
  return 1;
}

/**
 * Stores bytes, serves them at /storage/mock/<id> and records an attachment; answers the
 * message instead when the storage limit would be passed. `mime` is the type the bytes were
 * judged to be (src/core/file-types), never the uploader's claim.
 */
export async function storeFile(
  bytes: Uint8Array,
  name: string,
  mime: string,
  cateId: unknown = 0,
): Promise<StoredFile | string> {
  const id = await keepBytes(bytes, name, mime);
  if (typeof id === 'string') return id;
  const address = `${STORAGE_PREFIX}${id}`;
  const attachments = table(ATTACHMENT_TABLE);
  const att_id = attachments.nextId;
  attachments.nextId += 1;
  attachments.rows.push({
    att_id,
    att_title: name,
    att_url: address,
    att_description: '',
    att_storage: 1,
    type: attachmentType(name, mime),
    attachment_cate_id: Number(cateId) || 0,
    att_size: bytes.length,
    create_time: nowSeconds(),
  });
  persist();
  return { address, att_id, original_name: name, size: bytes.length, mime };
}

/** The file id behind an address this mock handed out (`/storage/mock/<id>`), or undefined. */
export function fileIdOfAddress(address: string): number | undefined {
  const path = address.replace(/^https?:\/\/[^/]+/, '');
  if (!path.startsWith(STORAGE_PREFIX)) return undefined;
  return fileIdOf(path.slice(STORAGE_PREFIX.length).split(/[?#]/)[0] ?? '');
}

/** The bytes behind an address this mock handed out, or undefined. */
export async function fileBytesByAddress(address: string): Promise<Uint8Array | undefined> {
  const id = fileIdOfAddress(address);
  return id === undefined ? undefined : (await fileById(id))?.bytes;
}

/** The name a kept file was uploaded under (for a download's name). */
function keptName(id: number): string {
  const row = table(FILE_TABLE).rows.find((candidate) => candidate.id === id);
  return typeof row?.name === 'string' && row.name ? row.name : `file-${id}`;
}

/**
 * Serves a kept file, or 404. The type comes from the bytes (files kept before uploads were
 * checked are served safely too), with nosniff, the sandbox policy and, unless it is a raster
 * image or a PDF, as a download (src/core/file-types `storageHeaders`).
 */
export async function serveFile(id: number | undefined): Promise<Response> {
  const found = id === undefined ? undefined : await fileById(id);
  if (id === undefined || !found)
    return new HttpResponse(null, { status: 404, headers: STORAGE_SECURITY_HEADERS });
  return new HttpResponse(found.bytes, {
    headers: {
      ...storageHeaders(found.bytes, found.mime, keptName(id)),
      'Cache-Control': 'max-age=31536000, immutable',
    },
  });
}

interface FormFile {
  bytes: Uint8Array;
  name: string;
}

async function fromForm(value: unknown): Promise<FormFile | undefined> {
  if (!(value instanceof Blob)) return undefined;
  const name = value instanceof File && value.name ? value.name : 'file';
  return { bytes: new Uint8Array(await value.arrayBuffer()), name };
}

function firstFile(body: Params, preferred: string[]): unknown {
  for (const key of preferred) if (body[key] instanceof Blob) return body[key];
  return Object.values(body).find((value) => value instanceof Blob);
}

/** The spec's wrong-format message (section 5) with the list the call accepts. */
function wrongType(kind: UploadKind): string {
  return mockMessages.uploadWrongType(UPLOAD_TYPES[kind]);
}

/** The type of a file the call keeps: allowed extension AND matching content; else undefined. */
function acceptedType(file: FormFile, kind: UploadKind): FileType | undefined {
  const verdict = judgeUpload(file.bytes, file.name, UPLOAD_TYPES[kind]);
  return verdict.ok ? verdict.type : undefined;
}

async function simpleUpload(request: Request, kind: UploadKind): Promise<Response> {
  const body = await readBody(request);
  const file = await fromForm(firstFile(body, ['file', 'upfile', 'importfile']));
  if (!file) return fail(201, mockMessages.uploadNoFile);
  const type = acceptedType(file, kind);
  if (!type) return fail(201, wrongType(kind));
  const stored = await storeFile(
    file.bytes,
    file.name,
    type.mime,
    body.attachment_cate_id ?? body.ac_id,
  );
  if (typeof stored === 'string') return fail(201, stored);
  return ok(
    {
      address: stored.address,
      att_id: stored.att_id,
      original_name: stored.original_name,
      url: stored.address,
    },
    mockMessages.uploadSuccess,
  );
}

/**
 * Word import: the file is kept and its address answered with HTML content. The mock has no
 * Word converter; the content names the document so the user sees the import happened.
 */
async function importFile(request: Request): Promise<Response> {
  const body = await readBody(request);
  const file = await fromForm(firstFile(body, ['file', 'importfile']));
  if (!file) return fail(201, mockMessages.uploadNoFile);
  const type = acceptedType(file, 'word');
  if (!type) return fail(201, wrongType('word'));
  const stored = await storeFile(file.bytes, file.name, type.mime, 0);
  if (typeof stored === 'string') return fail(201, stored);
  return ok(
    { address: stored.address, content: mockMessages.wordImported(file.name) },
    mockMessages.uploadSuccess,
  );
}

// --- chunked upload ------------------------------------------------------------------------

interface PendingUpload {
  total: number;
  parts: Map<number, Uint8Array>;
  /** Bytes held so far. */
  size: number;
  started: number;
}
const pending = new Map<string, PendingUpload>();

/** Chunks of one file at most (5120 KB each: a 1000 MB file). */
export const MAX_CHUNKS = 200;
/** Bytes all unfinished chunked uploads may hold together, so abandoned ones cannot fill memory. */
export const PENDING_LIMIT = 256 * 1024 * 1024;
/** An unfinished chunked upload is dropped after an hour. */
const PENDING_LIFETIME_MS = 60 * 60 * 1000;

function pendingBytes(): number {
  let total = 0;
  for (const upload of pending.values()) total += upload.size;
  return total;
}

async function sliceUpload(request: Request): Promise<Response> {
  const body = await readBody(request);
  const chunk = body.resource_chunk;
  const total = Number(body.chunk_total);
  const index = Number(body.chunk_index);
  const basename = textOf(body.resource_temp_basename);
  if (!(chunk instanceof Blob) || !basename) return fail(201, mockMessages.uploadNoFile);
  // Chunks are numbered from 1; 0 is taken too, as some clients count from it.
  if (
    !Number.isInteger(total) ||
    total < 1 ||
    total > MAX_CHUNKS ||
    !Number.isInteger(index) ||
    index < 0 ||
    index > total
  ) {
    return fail(201, mockMessages.chunkInvalid);
  }
  const name = textOf(
    body.resource_name ?? (chunk instanceof File && chunk.name ? chunk.name : 'file'),
  );
  // A name the call never keeps is refused at its first chunk, before any byte is held; the
  // content is judged once the file is whole.
  if (!UPLOAD_TYPES.file.includes(extensionOf(name))) {
    pending.delete(basename);
    return fail(201, wrongType('file'));
  }
  const now = Date.now();
  for (const [key, upload] of pending)
    if (now - upload.started > PENDING_LIFETIME_MS) pending.delete(key);
  const upload = pending.get(basename) ?? {
    total,
    parts: new Map<number, Uint8Array>(),
    size: 0,
    started: now,
  };
  if (pendingBytes() + chunk.size > PENDING_LIMIT) {
    pending.delete(basename);
    return fail(201, mockMessages.chunksTooLarge);
  }
  pending.set(basename, upload);
  const bytes = new Uint8Array(await chunk.arrayBuffer());
  upload.size += bytes.length - (upload.parts.get(index)?.length ?? 0);
  upload.parts.set(index, bytes);
  const tempPath = `temp/${basename}`;
  if (upload.parts.size < upload.total) {
    return envelope(1, mockMessages.chunkAccepted, {
      resource_temp_basename: basename,
      resource_temp_path: tempPath,
      chunk_index: index,
    });
  }
  pending.delete(basename);
  const ordered = [...upload.parts.entries()].sort(([a], [b]) => a - b).map(([, bytes]) => bytes);
  const size = ordered.reduce((sum, part) => sum + part.length, 0);
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const part of ordered) {
    whole.set(part, offset);
    offset += part.length;
  }
  const type = acceptedType({ bytes: whole, name }, 'file');
  if (!type) return fail(201, wrongType('file'));
  const stored = await storeFile(whole, name, type.mime, body.ac_id);
  if (typeof stored === 'string') return fail(201, stored);
  return ok(
    {
      address: stored.address,
      att_id: stored.att_id,
      original_name: stored.original_name,
      resource_temp_basename: basename,
      resource_temp_path: tempPath,
    },
    mockMessages.uploadSuccess,
  );
}

// --- the editor's server side ----------------------------------------------------------------

const dotted = (types: readonly string[]) => types.map((type) => `.${type}`);

/** The editor's configuration: its allowed lists are the ones the mock enforces (src/core/file-types). */
export const UEDITOR_CONFIG = {
  imageActionName: 'uploadimage',
  imageFieldName: 'upfile',
  imageMaxSize: 5 * 1024 * 1024,
  imageAllowFiles: dotted(UPLOAD_TYPES.image),
  imageCompressEnable: true,
  imageCompressBorder: 1600,
  imageInsertAlign: 'none',
  imageUrlPrefix: '',
  scrawlActionName: 'uploadscrawl',
  scrawlFieldName: 'upfile',
  scrawlMaxSize: 2 * 1024 * 1024,
  scrawlUrlPrefix: '',
  snapscreenActionName: 'uploadimage',
  snapscreenUrlPrefix: '',
  catcherActionName: 'catchimage',
  catcherFieldName: 'source',
  catcherUrlPrefix: '',
  catcherMaxSize: 5 * 1024 * 1024,
  catcherAllowFiles: dotted(UPLOAD_TYPES.image),
  videoActionName: 'uploadvideo',
  videoFieldName: 'upfile',
  videoUrlPrefix: '',
  videoMaxSize: 100 * 1024 * 1024,
  videoAllowFiles: dotted(UPLOAD_TYPES.media),
  fileActionName: 'uploadfile',
  fileFieldName: 'upfile',
  fileUrlPrefix: '',
  fileMaxSize: 50 * 1024 * 1024,
  fileAllowFiles: dotted(UPLOAD_TYPES.file),
  imageManagerActionName: 'listimage',
  imageManagerListSize: 20,
  imageManagerUrlPrefix: '',
  fileManagerActionName: 'listfile',
  fileManagerListSize: 20,
  fileManagerUrlPrefix: '',
};

/** The editor's upload actions and the kind of file each keeps. */
const EDITOR_UPLOADS: ReadonlyMap<string, UploadKind> = new Map([
  ['uploadimage', 'image'],
  ['uploadfile', 'file'],
  ['uploadvideo', 'media'],
]);

/**
 * Every editor answer is JSON with nosniff. No JSONP: a `callback` is ignored, since a script
 * built from the query on the app's origin is a gadget that defeats `script-src 'self'`, and
 * the app's editor reads its own origin (src/lib/ueditor).
 */
function editorAnswer(data: JsonBodyType): Response {
  return HttpResponse.json(data, { headers: { 'X-Content-Type-Options': 'nosniff' } });
}

async function editorUpload(request: Request, kind: UploadKind): Promise<Response> {
  const body = await readBody(request);
  const file = await fromForm(firstFile(body, ['upfile', 'file']));
  if (!file) return editorAnswer({ state: mockMessages.ueditorNoFile });
  const type = acceptedType(file, kind);
  if (!type) return editorAnswer({ state: wrongType(kind) });
  const stored = await storeFile(file.bytes, file.name, type.mime);
  if (typeof stored === 'string') return editorAnswer({ state: stored });
  const name = stored.original_name;
  return editorAnswer({
    state: 'SUCCESS',
    url: stored.address,
    title: name,
    original: name,
    type: name.includes('.') ? name.slice(name.lastIndexOf('.')) : '',
    size: stored.size,
  });
}

/** A scrawl: a PNG (or another raster image) drawn in the editor, sent as base64 text. */
async function scrawlUpload(request: Request): Promise<Response> {
  const body = await readBody(request);
  const text = typeof body.upfile === 'string' ? body.upfile : '';
  if (!text) return editorAnswer({ state: mockMessages.ueditorNoFile });
  let bytes: Uint8Array | undefined;
  try {
    bytes = base64ToBytes(text.replace(/^data:[^,]*,/, '').replace(/\s+/g, ''));
  } catch {
    bytes = undefined;
  }
  const type = bytes && imageTypeOf(bytes);
  if (!bytes || !type) return editorAnswer({ state: wrongType('image') });
  const stored = await storeFile(bytes, `scrawl-${Date.now()}.${type.ext}`, type.mime);
  if (typeof stored === 'string') return editorAnswer({ state: stored });
  return editorAnswer({
    state: 'SUCCESS',
    url: stored.address,
    title: stored.original_name,
    original: stored.original_name,
  });
}

// --- remote image capture (action=catchimage) -------------------------------------------------

/** Addresses captured per call; the rest are answered as not captured. */
export const CATCH_MAX_SOURCES = 20;
/** Time for one address, redirects and body included. */
export const CATCH_TIMEOUT_MS = 5000;
/** Bytes one captured image may have. */
export const CATCH_MAX_BYTES = UEDITOR_CONFIG.catcherMaxSize;
/** Redirects followed for one address. */
export const CATCH_MAX_REDIRECTS = 3;
/** Addresses fetched at once: 20 addresses take at most 5 rounds of 5 s, under the 60 s wait. */
const CATCH_PARALLEL = 4;

interface Capture {
  source: string;
  state: string;
  url?: string;
}

/** An http(s) address (relative to `base` when given), or undefined. */
function remoteAddress(text: string, base?: URL): URL | undefined {
  try {
    const url = new URL(text.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Under Node the redirects are followed here, one by one, so they can be counted; a page cannot
 * read a redirect's Location (`manual` gives an opaque answer), so in the browser the fetch
 * follows them itself.
 */
const FOLLOW_REDIRECTS_HERE = typeof document === 'undefined';

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

interface Downloaded {
  bytes: Uint8Array;
  url: URL;
}

/** Fetches one remote address without credentials; the bytes, or the state saying why not. */
async function download(start: URL): Promise<Downloaded | string> {
  const signal = AbortSignal.timeout(CATCH_TIMEOUT_MS);
  try {
    let url = start;
    for (let redirects = 0; ; redirects += 1) {
      const response = await fetch(url, {
        signal,
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        redirect: FOLLOW_REDIRECTS_HERE ? 'manual' : 'follow',
        headers: { Accept: 'image/*' },
      });
      const location = response.headers.get('location');
      if (FOLLOW_REDIRECTS_HERE && response.status >= 300 && response.status < 400 && location) {
        await discard(response);
        if (redirects >= CATCH_MAX_REDIRECTS) return mockMessages.catchTooManyRedirects;
        const next = remoteAddress(location, url);
        if (!next) return mockMessages.catchBadAddress;
        url = next;
        continue;
      }
      if (!response.ok) {
        await discard(response);
        return mockMessages.catchFailed;
      }
      const bytes = await readWithin(response, CATCH_MAX_BYTES);
      if (!bytes) return mockMessages.catchTooLarge(`${CATCH_MAX_BYTES / (1024 * 1024)} MB`);
      return { bytes, url: remoteAddress(response.url) ?? url };
    }
  } catch {
    return signal.aborted ? mockMessages.catchTimeout : mockMessages.catchFailed;
  }
}

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001F\u007F\\/]/g;

/** A captured image's name: the address's last segment, with the extension of its real type. */
function capturedName(url: URL, type: FileType): string {
  let last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  try {
    last = decodeURIComponent(last);
  } catch {
    // A malformed escape: the segment stays as written.
  }
  const base = last
    .replace(/\.[^.]*$/, '')
    .replace(UNSAFE_NAME_CHARACTERS, '')
    .slice(0, 80);
  return `${base || 'remote-image'}.${type.ext}`;
}

async function captureOne(source: unknown): Promise<Capture> {
  const text = typeof source === 'string' ? source : '';
  const address = remoteAddress(text);
  if (!address) return { source: text, state: mockMessages.catchBadAddress };
  try {
    const fetched = await download(address);
    if (typeof fetched === 'string') return { source: text, state: fetched };
    const type = imageTypeOf(fetched.bytes);
    if (!type) return { source: text, state: mockMessages.catchNotImage(UPLOAD_TYPES.image) };
    const stored = await storeFile(fetched.bytes, capturedName(fetched.url, type), type.mime);
    if (typeof stored === 'string') return { source: text, state: stored };
    return { source: text, state: 'SUCCESS', url: stored.address };
  } catch {
    return { source: text, state: mockMessages.catchFailed };
  }
}

/** The addresses posted: `source[]` form fields (one per address), or a JSON `source` list. */
async function postedSources(request: Request): Promise<unknown[]> {
  const form = hasJsonBody(request)
    ? undefined
    : await request
        .clone()
        .formData()
        .catch(() => undefined);
  const listed = form ? [...form.getAll('source[]'), ...form.getAll('source')] : [];
  if (listed.length) return listed;
  const body = await readBody(request);
  const raw = body['source[]'] ?? body.source ?? [];
  return Array.isArray(raw) ? listOf(raw) : [raw];
}

/**
 * Captures remote images (spec: the editor's remote image capture): each http(s) address is
 * fetched (5 s, 5 MB, 3 redirects, no credentials), kept when its bytes are a raster image, and
 * answered with its own address; any other gets a state saying why and no url.
 */
async function catchImages(request: Request): Promise<Response> {
  const sources = await postedSources(request);
  if (!sources.length) return editorAnswer({ state: mockMessages.catchNoSource, list: [] });
  const taken = sources.slice(0, CATCH_MAX_SOURCES);
  const captured: Capture[] = [];
  let next = 0;
  const worker = async () => {
    while (next < taken.length) {
      const index = next;
      next += 1;
      captured[index] = await captureOne(taken[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CATCH_PARALLEL, taken.length) }, worker));
  const skipped = sources.slice(CATCH_MAX_SOURCES).map((source) => ({
    source: typeof source === 'string' ? source : '',
    state: mockMessages.catchTooMany(CATCH_MAX_SOURCES),
  }));
  return editorAnswer({ state: 'SUCCESS', list: [...captured, ...skipped] });
}

async function ueditor(request: Request): Promise<Response> {
  const action = textOf(readQuery(request).action);
  if (action === 'config') return editorAnswer(UEDITOR_CONFIG);
  const kind = EDITOR_UPLOADS.get(action);
  if (kind) return editorUpload(request, kind);
  if (action === 'uploadscrawl') return scrawlUpload(request);
  if (action === 'catchimage') return catchImages(request);
  if (action === 'listimage' || action === 'listfile') {
    const query = readQuery(request);
    const start = Number(query.start ?? 0) || 0;
    const size = Number(query.size ?? 20) || 20;
    const rows = table(ATTACHMENT_TABLE).rows.filter((row) =>
      action === 'listimage' ? row.type === 2 : row.type !== 2,
    );
    return editorAnswer({
      state: 'SUCCESS',
      list: rows
        .slice(start, start + size)
        .map((row) => ({ url: row.att_url, mtime: row.create_time })),
      start,
      total: rows.length,
    });
  }
  return editorAnswer({ state: mockMessages.ueditorBadAction });
}

const upload =
  (kind: UploadKind) =>
  ({ request }: { request: Request }) =>
    simpleUpload(request, kind);

export const fileHandlers = [
  http.get(`*${STORAGE_PREFIX}:id`, ({ params }) => serveFile(fileIdOf(String(params.id)))),
  http.post('*/api/tool/uploadimg/', upload('image')),
  http.post('*/api/tool/uploadimg', upload('image')),
  http.post('*/api/tool/uploadfile/', upload('file')),
  http.post('*/api/tool/uploadfile', upload('file')),
  http.post('*/api/tool/uploadmedia', upload('media')),
  http.post('*/api/tool/uploadmedia/', upload('media')),
  http.post('*/api/tool/inportfile/', ({ request }) => importFile(request)),
  http.post('*/api/tool/inportfile', ({ request }) => importFile(request)),
  http.post('*/api/tool/uploadslice', ({ request }) => sliceUpload(request)),
  ...ossHandlers,
  http.all('*/ueditor/ue', ({ request }) => ueditor(request)),
];
