/**
 * Files the mock backend keeps: uploads, served back at `/storage/mock/<id>`; the chunked
 * upload protocol; cloud storage (./oss); the editor's server side (/ueditor/ue).
 * Every upload also creates an attachment row (table `attachment`).
 * File bytes are kept by the byte store of ./store (IndexedDB, memory or a data folder).
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { base64ToBytes } from '@/core/base64';
import { mockMessages } from '@/locale/mock';
import { ossHandlers } from './oss';
import { envelope, fail, ok } from './respond';
import { FILE_TABLE, fileById, fileIdOf, keepBytes, persist, table } from './store';
import { hasJsonBody, nowSeconds, readBody, readQuery, type Params } from './util';

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
 * message instead when the storage limit would be passed.
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

/** Serves a kept file with its type, or 404. */
export async function serveFile(id: number | undefined): Promise<Response> {
  const found = id === undefined ? undefined : await fileById(id);
  if (!found) return new HttpResponse(null, { status: 404 });
  return new HttpResponse(found.bytes, {
    headers: { 'Content-Type': found.mime, 'Cache-Control': 'max-age=31536000, immutable' },
  });
}

async function fromForm(
  value: unknown,
): Promise<{ bytes: Uint8Array; name: string; mime: string } | undefined> {
  if (!(value instanceof Blob)) return undefined;
  const name =
    typeof (value as File).name === 'string' && (value as File).name
      ? (value as File).name
      : 'file';
  return { bytes: new Uint8Array(await value.arrayBuffer()), name, mime: value.type };
}

function firstFile(body: Params, preferred: string[]): unknown {
  for (const key of preferred) if (body[key] instanceof Blob) return body[key];
  return Object.values(body).find((value) => value instanceof Blob);
}

async function simpleUpload(request: Request): Promise<Response> {
  const body = await readBody(request);
  const file = await fromForm(firstFile(body, ['file', 'upfile', 'importfile']));
  if (!file) return fail(201, mockMessages.uploadNoFile);
  const stored = await storeFile(
    file.bytes,
    file.name,
    file.mime,
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
  const stored = await storeFile(file.bytes, file.name, file.mime, 0);
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
  const basename = String(body.resource_temp_basename ?? '');
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
  const name = String(body.resource_name ?? ((chunk as File).name || 'file'));
  const stored = await storeFile(whole, name, chunk.type, body.ac_id);
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

export const UEDITOR_CONFIG = {
  imageActionName: 'uploadimage',
  imageFieldName: 'upfile',
  imageMaxSize: 5 * 1024 * 1024,
  imageAllowFiles: ['.png', '.jpg', '.jpeg', '.gif', '.bmp', '.webp'],
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
  catcherAllowFiles: ['.png', '.jpg', '.jpeg', '.gif', '.bmp', '.webp'],
  videoActionName: 'uploadvideo',
  videoFieldName: 'upfile',
  videoUrlPrefix: '',
  videoMaxSize: 100 * 1024 * 1024,
  videoAllowFiles: ['.mp4', '.webm', '.ogg', '.mov'],
  fileActionName: 'uploadfile',
  fileFieldName: 'upfile',
  fileUrlPrefix: '',
  fileMaxSize: 50 * 1024 * 1024,
  fileAllowFiles: [
    '.png',
    '.jpg',
    '.jpeg',
    '.gif',
    '.pdf',
    '.doc',
    '.docx',
    '.xls',
    '.xlsx',
    '.ppt',
    '.pptx',
    '.txt',
    '.zip',
    '.rar',
    '.mp4',
  ],
  imageManagerActionName: 'listimage',
  imageManagerListSize: 20,
  imageManagerUrlPrefix: '',
  fileManagerActionName: 'listfile',
  fileManagerListSize: 20,
  fileManagerUrlPrefix: '',
};

function ueditorAnswer(request: Request, data: JsonBodyType): Response {
  const callback = readQuery(request).callback;
  if (typeof callback === 'string' && /^[\w.$]+$/.test(callback)) {
    return new HttpResponse(`${callback}(${JSON.stringify(data)})`, {
      headers: { 'Content-Type': 'application/javascript' },
    });
  }
  return HttpResponse.json(data);
}

async function ueditor(request: Request): Promise<Response> {
  const action = String(readQuery(request).action ?? '');
  if (action === 'config') return ueditorAnswer(request, UEDITOR_CONFIG);
  if (['uploadimage', 'uploadfile', 'uploadvideo'].includes(action)) {
    const body = await readBody(request);
    const file = await fromForm(firstFile(body, ['upfile', 'file']));
    if (!file) return ueditorAnswer(request, { state: mockMessages.ueditorNoFile });
    const stored = await storeFile(file.bytes, file.name, file.mime);
    if (typeof stored === 'string') return ueditorAnswer(request, { state: stored });
    return ueditorAnswer(request, {
      state: 'SUCCESS',
      url: stored.address,
      title: stored.original_name,
      original: stored.original_name,
      type: stored.original_name.includes('.')
        ? stored.original_name.slice(stored.original_name.lastIndexOf('.'))
        : '',
      size: stored.size,
    });
  }
  if (action === 'uploadscrawl') {
    const body = await readBody(request);
    const base64 = String(body.upfile ?? '');
    if (!base64) return ueditorAnswer(request, { state: mockMessages.ueditorNoFile });
    const stored = await storeFile(base64ToBytes(base64), `scrawl-${Date.now()}.png`, 'image/png');
    if (typeof stored === 'string') return ueditorAnswer(request, { state: stored });
    return ueditorAnswer(request, {
      state: 'SUCCESS',
      url: stored.address,
      title: stored.original_name,
      original: stored.original_name,
    });
  }
  if (action === 'catchimage') {
    // No outbound fetches from the mock: remote images are kept at their address.
    // The editor posts a form with one `source[]` per address; readBody keeps only the last.
    const form = hasJsonBody(request)
      ? undefined
      : await request
          .clone()
          .formData()
          .catch(() => undefined);
    const listed = form ? [...form.getAll('source[]'), ...form.getAll('source')].map(String) : [];
    const body = await readBody(request);
    const raw = listed.length ? listed : (body['source[]'] ?? body.source ?? []);
    const sources = (Array.isArray(raw) ? raw : [raw]).map(String);
    return ueditorAnswer(request, {
      state: 'SUCCESS',
      list: sources.map((source) => ({ source, state: 'SUCCESS', url: source })),
    });
  }
  if (action === 'listimage' || action === 'listfile') {
    const query = readQuery(request);
    const start = Number(query.start ?? 0) || 0;
    const size = Number(query.size ?? 20) || 20;
    const rows = table(ATTACHMENT_TABLE).rows.filter((row) =>
      action === 'listimage' ? row.type === 2 : row.type !== 2,
    );
    return ueditorAnswer(request, {
      state: 'SUCCESS',
      list: rows
        .slice(start, start + size)
        .map((row) => ({ url: row.att_url, mtime: row.create_time })),
      start,
      total: rows.length,
    });
  }
  return ueditorAnswer(request, { state: mockMessages.ueditorBadAction });
}

export const fileHandlers = [
  http.get(`*${STORAGE_PREFIX}:id`, ({ params }) => serveFile(fileIdOf(String(params.id)))),
  http.post('*/api/tool/uploadimg/', ({ request }) => simpleUpload(request)),
  http.post('*/api/tool/uploadimg', ({ request }) => simpleUpload(request)),
  http.post('*/api/tool/uploadfile/', ({ request }) => simpleUpload(request)),
  http.post('*/api/tool/uploadfile', ({ request }) => simpleUpload(request)),
  http.post('*/api/tool/uploadmedia', ({ request }) => simpleUpload(request)),
  http.post('*/api/tool/uploadmedia/', ({ request }) => simpleUpload(request)),
  http.post('*/api/tool/inportfile/', ({ request }) => importFile(request)),
  http.post('*/api/tool/inportfile', ({ request }) => importFile(request)),
  http.post('*/api/tool/uploadslice', ({ request }) => sliceUpload(request)),
  ...ossHandlers,
  http.all('*/ueditor/ue', ({ request }) => ueditor(request)),
];
