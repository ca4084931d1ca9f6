/**
 * Files the mock backend keeps: uploads (bytes kept as base64 in the `mock_files` table, so
 * they survive a reload in the browser), served back at `/storage/mock/<id>`; the chunked
 * upload protocol; the fake cloud-storage credential; the editor's server side (/ueditor/ue).
 * Every upload also creates an attachment row (table `attachment`).
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { base64ToBytes, bytesToBase64 } from '@/core/base64';
import { mockMessages } from '@/locale/mock';
import { envelope, fail, ok } from './respond';
import { persist, table } from './store';
import type { MockRow } from './types';
import { nowSeconds, readBody, readQuery, type Params } from './util';

export const FILE_TABLE = 'mock_files';
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

/** Stores bytes, serves them at /storage/mock/<id> and records an attachment. */
export function storeFile(
  bytes: Uint8Array,
  name: string,
  mime: string,
  cateId: unknown = 0,
): StoredFile {
  const files = table(FILE_TABLE);
  const id = files.nextId;
  files.nextId += 1;
  const address = `${STORAGE_PREFIX}${id}`;
  files.rows.push({
    id,
    name,
    mime: mime || 'application/octet-stream',
    size: bytes.length,
    data: bytesToBase64(bytes),
    create_time: nowSeconds(),
  });

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

function fileRow(address: string): MockRow | undefined {
  const path = address.replace(/^https?:\/\/[^/]+/, '');
  if (!path.startsWith(STORAGE_PREFIX)) return undefined;
  const id = Number(path.slice(STORAGE_PREFIX.length).split(/[?#]/)[0]);
  return table(FILE_TABLE).rows.find((row) => row.id === id);
}

/** The bytes behind an address this mock handed out, or undefined. */
export function fileBytesByAddress(address: string): Uint8Array | undefined {
  const row = fileRow(address);
  return row && typeof row.data === 'string' ? base64ToBytes(row.data) : undefined;
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
  const stored = storeFile(file.bytes, file.name, file.mime, body.attachment_cate_id ?? body.ac_id);
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
  const stored = storeFile(file.bytes, file.name, file.mime, 0);
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
  const stored = storeFile(whole, name, chunk.type, body.ac_id);
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
    const stored = storeFile(file.bytes, file.name, file.mime);
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
    const stored = storeFile(base64ToBytes(base64), `scrawl-${Date.now()}.png`, 'image/png');
    return ueditorAnswer(request, {
      state: 'SUCCESS',
      url: stored.address,
      title: stored.original_name,
      original: stored.original_name,
    });
  }
  if (action === 'catchimage') {
    // No outbound fetches from the mock: remote images are kept at their address.
    const body = await readBody(request);
    const raw = body['source[]'] ?? body.source ?? [];
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
  http.get(`*${STORAGE_PREFIX}:id`, ({ request }) => {
    const row = fileRow(new URL(request.url).pathname);
    if (!row || typeof row.data !== 'string') return new HttpResponse(null, { status: 404 });
    return new HttpResponse(base64ToBytes(row.data), {
      headers: { 'Content-Type': String(row.mime), 'Cache-Control': 'max-age=31536000, immutable' },
    });
  }),
  http.post('*/api/tool/uploadimg/', ({ request }) => simpleUpload(request)),
  http.post('*/api/tool/uploadimg', ({ request }) => simpleUpload(request)),
  http.post('*/api/tool/uploadfile/', ({ request }) => simpleUpload(request)),
  http.post('*/api/tool/uploadfile', ({ request }) => simpleUpload(request)),
  http.post('*/api/tool/uploadmedia', ({ request }) => simpleUpload(request)),
  http.post('*/api/tool/uploadmedia/', ({ request }) => simpleUpload(request)),
  http.post('*/api/tool/inportfile/', ({ request }) => importFile(request)),
  http.post('*/api/tool/inportfile', ({ request }) => importFile(request)),
  http.post('*/api/tool/uploadslice', ({ request }) => sliceUpload(request)),
  http.post('*/api/tool/getaliyunoss', () => {
    const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    return ok({
      region: 'oss-cn-hangzhou',
      accessKeyId: 'STS.MOCK4xN7Yq2LkP9Wm3Rt',
      accessKeySecret: 'mock8Hf2Kd9Qz1Lx5Vb7Nc3Jp6Tg0Ws4Ey',
      securityToken: `CAIS.mock.${Date.now().toString(36)}`,
      bucket: 'admin-mock-bucket',
      img_path: `uploads/${day}/`,
    });
  }),
  http.all('*/ueditor/ue', ({ request }) => ueditor(request)),
];
