/**
 * The mock backend's stand-in for Aliyun OSS, so the direct-to-cloud upload works in the demo,
 * in tests and against `cli mock-server`: POST /api/tool/getaliyunoss issues temporary
 * credentials naming this server as the `endpoint` and the bucket `oss-mock`; ali-oss then
 * addresses objects path-style at /oss-mock/<key> and speaks the OSS protocol:
 * - InitiateMultipartUpload: POST <key>?uploads → XML with the UploadId;
 * - UploadPart: PUT <key>?partNumber=n&uploadId=… → the part's ETag header;
 * - CompleteMultipartUpload: POST <key>?uploadId=… with the XML part list → XML result;
 * - AbortMultipartUpload: DELETE <key>?uploadId=…; PutObject (small files): PUT <key>;
 * - GetObject: GET <key> with a signed address (OSSAccessKeyId, Expires) or the header.
 * Every answer carries x-oss-request-id, errors are OSS's XML `<Error>` (ali-oss reads both).
 *
 * Bounded like the other upload paths: a part at most 5 MB, 1000 parts, 256 MB held by
 * unfinished uploads together, an hour to finish; the object's bytes go to the byte store
 * (its storage limit applies). Keys are looked up in the `mock_files` table, never used as
 * paths.
 *
 * Checked like the other upload paths too (these objects are served on the mock's origin): an
 * object is kept only when its key's extension is in the file list and its bytes are of that
 * type (./file-types), and it is served with the type its bytes show, nosniff, the sandbox
 * policy, and as a download unless it is a raster image or a PDF.
 */
import { HttpResponse } from 'msw';
import { http } from './http-wrapper';
import { mockMessages } from '@/locale/mock';
import { judgeUpload, storageHeaders, UPLOAD_TYPES } from '@/core/file-types';
import { ok } from './respond';
import { persist, table } from './store';
import { fileById, FILE_TABLE, keepBytes } from './file-bytes';
import { randomHex } from './util';
import { textOf } from '@/core/guards';

export const OSS_BUCKET = 'oss-mock';
const OSS_PREFIX = `/${OSS_BUCKET}/`;
const ACCESS_KEY_ID = 'STS.MOCK4xN7Yq2LkP9Wm3Rt';
const ACCESS_KEY_SECRET = 'mock8Hf2Kd9Qz1Lx5Vb7Nc3Jp6Tg0Ws4Ey';

const KB = 1024;
const MB = 1024 * KB;
/** One part (or a whole object sent in one PUT). The client sends 1 MB parts. */
export const OSS_PART_LIMIT = 5 * MB;
/** Parts of one upload (1 GB in 1 MB parts). */
export const OSS_MAX_PARTS = 1000;
/** OSS refuses parts smaller than this, the last one excepted. */
const OSS_MIN_PART = 100 * KB;
/** Bytes all unfinished multipart uploads may hold together. */
export const OSS_PENDING_LIMIT = 256 * MB;
/** Unfinished uploads at once. */
const OSS_MAX_PENDING = 100;
/** A credential, and an unfinished upload, last an hour. */
export const OSS_LIFETIME_MS = 60 * 60 * 1000;
/** Issued credentials remembered at once (the oldest is forgotten first). */
const MAX_TOKENS = 1000;

interface PendingPart {
  bytes: Uint8Array;
  etag: string;
}

interface PendingUpload {
  key: string;
  parts: Map<number, PendingPart>;
  size: number;
  started: number;
}

const pending = new Map<string, PendingUpload>();
/** Security token → when it expires (ms). */
const tokens = new Map<string, number>();

function forgetExpired(now = Date.now()): void {
  for (const [id, upload] of pending)
    if (now - upload.started > OSS_LIFETIME_MS) pending.delete(id);
  for (const [token, expires] of tokens) if (expires < now) tokens.delete(token);
}

function issueToken(): string {
  forgetExpired();
  const token = `CAIS.mock.${randomHex(16)}`;
  tokens.set(token, Date.now() + OSS_LIFETIME_MS);
  // Oldest first (a Map keeps insertion order); deleting while iterating a Map is safe.
  for (const oldest of tokens.keys()) {
    if (tokens.size <= MAX_TOKENS) break;
    tokens.delete(oldest);
  }
  return token;
}

/** Two FNV-1a passes: an ETag that changes with the content (uppercase hex, quoted). */
function etagOf(bytes: Uint8Array, suffix = ''): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (const byte of bytes) {
    a = Math.imul(a ^ byte, 0x01000193) >>> 0;
    b = Math.imul(b ^ byte, 0x811c9dc5) >>> 0;
  }
  const hex = (a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0')).toUpperCase();
  return `"${hex}${suffix}"`;
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (char) =>
      ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );
}

function xmlBody(root: string, fields: Record<string, string>): string {
  const inner = Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${inner}</${root}>`;
}

type AnswerBody = ConstructorParameters<typeof HttpResponse>[0];

function answer(status: number, body: AnswerBody, headers: Record<string, string> = {}): Response {
  return new HttpResponse(body, {
    status,
    headers: { 'x-oss-request-id': randomHex(12).toUpperCase(), ...headers },
  });
}

function xmlAnswer(root: string, fields: Record<string, string>): Response {
  return answer(200, xmlBody(root, fields), { 'Content-Type': 'application/xml' });
}

/** True for a path this emulation answers. */
export function isOssPath(pathname: string): boolean {
  return pathname.startsWith(OSS_PREFIX);
}

/** OSS's error document; ali-oss turns Code into the error's name and Message into its text. */
export function ossErrorDocument(code: string, message: string, requestId: string): string {
  return xmlBody('Error', {
    Code: code,
    Message: message,
    RequestId: requestId,
    HostId: 'oss-mock',
  });
}

function ossError(status: number, code: string, message: string): Response {
  const requestId = randomHex(12).toUpperCase();
  return new HttpResponse(ossErrorDocument(code, message, requestId), {
    status,
    headers: { 'Content-Type': 'application/xml', 'x-oss-request-id': requestId },
  });
}

const denied = () => ossError(403, 'AccessDenied', mockMessages.ossAccessDenied);

/** A write carries `Authorization: OSS <id>:<signature>` and a live security token. */
function authorised(request: Request): boolean {
  const header = request.headers.get('authorization') ?? '';
  const token = request.headers.get('x-oss-security-token') ?? '';
  const expires = tokens.get(token);
  return (
    header.startsWith(`OSS ${ACCESS_KEY_ID}:`) && expires !== undefined && expires >= Date.now()
  );
}

/** A read carries the header, or is a signed address that has not expired. */
function readable(request: Request, url: URL): boolean {
  if (request.headers.get('authorization')) return authorised(request);
  const expires = Number(url.searchParams.get('Expires'));
  return (
    url.searchParams.get('OSSAccessKeyId') === ACCESS_KEY_ID &&
    url.searchParams.has('Signature') &&
    Number.isFinite(expires) &&
    expires * 1000 >= Date.now()
  );
}

/** The object key of a path under /oss-mock/, or undefined when it is not a sound key. */
function keyOf(url: URL): string | undefined {
  if (!url.pathname.startsWith(OSS_PREFIX)) return undefined;
  let key: string;
  try {
    key = decodeURIComponent(url.pathname.slice(OSS_PREFIX.length));
  } catch {
    return undefined;
  }
  const sound =
    key.length > 0 &&
    new TextEncoder().encode(key).length <= 1023 &&
    !key.startsWith('/') &&
    !/[\\\0]/.test(key) &&
    !key.split('/').some((segment) => segment === '..' || segment === '.');
  return sound ? key : undefined;
}

function objectRow(key: string) {
  return table(FILE_TABLE).rows.findLast((row) => row.oss_key === key);
}

/** Reads at most `limit` bytes of the body; undefined when it is longer. */
async function bodyWithin(request: Request, limit: number): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return undefined;
  const bytes = new Uint8Array(await request.arrayBuffer());
  return bytes.length > limit ? undefined : bytes;
}

/** The name of an object: the last segment of its key. */
function objectName(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

/** Keeps a checked object; the error answer when its name or content is not a file the upload calls keep. */
async function keepObject(key: string, bytes: Uint8Array, etag: string) {
  const name = objectName(key);
  const verdict = judgeUpload(bytes, name, UPLOAD_TYPES.file);
  if (!verdict.ok)
    return ossError(400, 'InvalidArgument', mockMessages.uploadWrongType(UPLOAD_TYPES.file));
  const kept = await keepBytes(bytes, name, verdict.type.mime, { oss_key: key, etag });
  if (typeof kept === 'string') return ossError(507, 'InsufficientStorage', kept);
  // The newest object under a key wins; the older row stays until the demo's reset.
  persist();
  return kept;
}

function pendingBytes(): number {
  let total = 0;
  for (const upload of pending.values()) total += upload.size;
  return total;
}

function initiate(key: string): Response {
  forgetExpired();
  if (pending.size >= OSS_MAX_PENDING)
    return ossError(409, 'TooManyUploads', mockMessages.chunksTooLarge);
  const uploadId = randomHex(16).toUpperCase();
  pending.set(uploadId, {
    key,
    parts: new Map(),
    size: 0,
    started: Date.now(),
  });
  return xmlAnswer('InitiateMultipartUploadResult', {
    Bucket: OSS_BUCKET,
    Key: key,
    UploadId: uploadId,
  });
}

function uploadFor(url: URL, key: string): PendingUpload | undefined {
  forgetExpired();
  const upload = pending.get(url.searchParams.get('uploadId') ?? '');
  return upload && upload.key === key ? upload : undefined;
}

async function uploadPart(request: Request, url: URL, key: string): Promise<Response> {
  const upload = uploadFor(url, key);
  if (!upload) return ossError(404, 'NoSuchUpload', mockMessages.ossNoSuchUpload);
  const number = Number(url.searchParams.get('partNumber'));
  if (!Number.isInteger(number) || number < 1 || number > OSS_MAX_PARTS)
    return ossError(400, 'InvalidArgument', mockMessages.ossInvalidPart);
  const bytes = await bodyWithin(request, OSS_PART_LIMIT);
  if (!bytes) return ossError(400, 'EntityTooLarge', mockMessages.uploadTooLarge('5 MB'));
  const growth = bytes.length - (upload.parts.get(number)?.bytes.length ?? 0);
  if (pendingBytes() + growth > OSS_PENDING_LIMIT)
    return ossError(409, 'TooManyUploads', mockMessages.chunksTooLarge);
  const etag = etagOf(bytes);
  upload.parts.set(number, { bytes, etag });
  upload.size += growth;
  return answer(200, null, { ETag: etag });
}

const PART = /<Part>\s*<PartNumber>\s*(\d+)\s*<\/PartNumber>\s*<ETag>([^<]*)<\/ETag>\s*<\/Part>/g;

function unescapeXml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

async function complete(request: Request, url: URL, key: string): Promise<Response> {
  const upload = uploadFor(url, key);
  if (!upload) return ossError(404, 'NoSuchUpload', mockMessages.ossNoSuchUpload);
  const xml = await bodyWithin(request, 1 * MB);
  if (!xml) return ossError(400, 'InvalidArgument', mockMessages.ossInvalidPart);
  const listed = [...new TextDecoder().decode(xml).matchAll(PART)].map(([, number, etag]) => ({
    number: Number(number),
    etag: unescapeXml(etag ?? '').trim(),
  }));
  const parts: Uint8Array[] = [];
  for (const [position, item] of listed.entries()) {
    const part = upload.parts.get(item.number);
    const previous = listed[position - 1];
    const inOrder = !previous || previous.number < item.number;
    if (!part || part.etag !== item.etag || !inOrder)
      return ossError(400, 'InvalidPart', mockMessages.ossInvalidPart);
    if (position < listed.length - 1 && part.bytes.length < OSS_MIN_PART)
      return ossError(400, 'EntityTooSmall', mockMessages.ossInvalidPart);
    parts.push(part.bytes);
  }
  if (!parts.length) return ossError(400, 'InvalidPart', mockMessages.ossInvalidPart);
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  pending.delete(url.searchParams.get('uploadId') ?? '');
  const etag = etagOf(whole, `-${parts.length}`);
  const kept = await keepObject(key, whole, etag);
  if (kept instanceof Response) return kept;
  return answer(
    200,
    xmlBody('CompleteMultipartUploadResult', {
      Location: `${url.origin}${url.pathname}`,
      Bucket: OSS_BUCKET,
      Key: key,
      ETag: etag,
    }),
    { 'Content-Type': 'application/xml', ETag: etag },
  );
}

async function putObject(request: Request, key: string): Promise<Response> {
  const bytes = await bodyWithin(request, OSS_PART_LIMIT);
  if (!bytes) return ossError(400, 'EntityTooLarge', mockMessages.uploadTooLarge('5 MB'));
  const etag = etagOf(bytes);
  const kept = await keepObject(key, bytes, etag);
  return kept instanceof Response ? kept : answer(200, null, { ETag: etag });
}

async function getObject(method: string, key: string): Promise<Response> {
  const row = objectRow(key);
  const found = row && typeof row.id === 'number' ? await fileById(row.id) : undefined;
  if (!found) return ossError(404, 'NoSuchKey', mockMessages.ossNoSuchKey);
  return answer(200, method === 'HEAD' ? null : found.bytes, {
    ...storageHeaders(found.bytes, found.mime, objectName(key)),
    ETag: textOf(row?.etag ?? etagOf(found.bytes)),
  });
}

async function ossCall(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const key = keyOf(url);
  if (!key) return ossError(400, 'InvalidObjectName', mockMessages.ossNoSuchKey);
  const method = request.method;
  const query = url.searchParams;
  if (method === 'GET' || method === 'HEAD')
    return readable(request, url) ? getObject(method, key) : denied();
  if (!authorised(request)) return denied();
  if (method === 'POST' && query.has('uploads')) return initiate(key);
  if (method === 'PUT' && query.has('uploadId')) return uploadPart(request, url, key);
  if (method === 'POST' && query.has('uploadId')) return complete(request, url, key);
  if (method === 'DELETE' && query.has('uploadId')) {
    if (!uploadFor(url, key)) return ossError(404, 'NoSuchUpload', mockMessages.ossNoSuchUpload);
    pending.delete(query.get('uploadId') ?? '');
    return answer(204, null);
  }
  if (method === 'PUT') return putObject(request, key);
  return ossError(405, 'MethodNotAllowed', mockMessages.ossInvalidPart);
}

export const ossHandlers = [
  http.post('/api/tool/getaliyunoss', ({ request }) => {
    const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    return ok({
      region: 'oss-cn-hangzhou',
      accessKeyId: ACCESS_KEY_ID,
      accessKeySecret: ACCESS_KEY_SECRET,
      securityToken: issueToken(),
      bucket: OSS_BUCKET,
      img_path: `uploads/${day}/`,
      // This server answers the OSS protocol itself (path-style, under /oss-mock/).
      endpoint: new URL(request.url).origin,
    });
  }),
  http.all(`${OSS_PREFIX}*`, ({ request }) => ossCall(request)),
];
