/**
 * Upload helpers (spec section 7 "Uploads", messages of section 8):
 * - `uploadFile` — one multipart POST to /api/tool/uploadimg/ | uploadfile/ | uploadmedia
 *   with the `accesstoken` header and the fields `file`, `type`, `attachment_cate_id`;
 * - `uploadSlice` — the chunked protocol of /api/tool/uploadslice (5120 KB chunks; status 1 =
 *   chunk accepted, 200 = complete) with a progress callback.
 * Both show their failure message as an error toast and resolve with `{ ok: false, message }`
 * rather than throwing, so a widget can also show the text inline without a second toast.
 */
import type { UploadResult as UploadedFile, UploadSliceResult } from '@generated/api/api.schemas';
import { notify } from '@/lib/notify';
import { getToken } from '@/lib/session';
import { uploadMessages } from '@/locale/request';
import { send } from './client';
import { ApiError, type Envelope } from './errors';

export type UploadKind = 'image' | 'file' | 'media';

export const UPLOAD_URLS: Record<UploadKind, string> = {
  image: '/api/tool/uploadimg/',
  file: '/api/tool/uploadfile/',
  media: '/api/tool/uploadmedia',
};

/** Chunk size of the chunked upload: 5120 KB (spec section 9). */
export const UPLOAD_CHUNK_SIZE = 5120 * 1024;

export type UploadResult =
  | { ok: true; data: UploadedFile; envelope: Envelope<UploadedFile> }
  | { ok: false; message: string; envelope?: Envelope };

export interface FileUploadOptions {
  kind?: UploadKind;
  /** Overrides the address (e.g. an editor or import action). */
  url?: string;
  /** Sent as the `type` field. */
  type?: string | number;
  /** Sent as `attachment_cate_id` (attachment category). */
  attachmentCateId?: string | number;
  /** File name when `file` is a Blob without one. */
  fileName?: string;
  /** Form field of the file; `file` by default. */
  fieldName?: string;
}

function nameOf(file: Blob, fallback = 'file'): string {
  return typeof (file as File).name === 'string' && (file as File).name
    ? (file as File).name
    : fallback;
}

function failed(message: string, envelope?: Envelope): UploadResult {
  notify.error(message);
  return envelope ? { ok: false, message, envelope } : { ok: false, message };
}

/**
 * One multipart POST through the client's transport (headers, base URL, timeout), with the
 * upload's `accesstoken` header. Resolves with the envelope, or with the HTTP status of a
 * non-2xx answer (0 when there was no usable answer); the caller shows the message.
 */
async function postForm<T>(url: string, form: FormData): Promise<Envelope<T> | number> {
  try {
    const answer = await send(
      { url, method: 'POST', data: form },
      { headers: { accesstoken: getToken() }, quiet: true },
    );
    return answer.kind === 'envelope' ? (answer.envelope as Envelope<T>) : 0;
  } catch (error) {
    return error instanceof ApiError && error.kind === 'http' ? error.status : 0;
  }
}

/** One multipart upload; the answer's data holds address, att_id and original_name. */
export async function uploadFile(
  file: Blob,
  options: FileUploadOptions = {},
): Promise<UploadResult> {
  const kind = options.kind ?? 'image';
  const form = new FormData();
  form.append(options.fieldName ?? 'file', file, options.fileName ?? nameOf(file));
  if (options.type !== undefined) form.append('type', String(options.type));
  if (options.attachmentCateId !== undefined)
    form.append('attachment_cate_id', String(options.attachmentCateId));

  const envelope = await postForm<UploadedFile>(options.url ?? UPLOAD_URLS[kind], form);
  if (envelope === 0) return failed(uploadMessages.generic);
  if (typeof envelope === 'number') {
    const httpStatus = envelope;
    return failed(
      kind === 'image'
        ? uploadMessages.httpError(httpStatus)
        : uploadMessages.fileHttpError(httpStatus),
    );
  }
  if (envelope.status !== 200 || !envelope.data) {
    const reason = envelope.msg || uploadMessages.generic;
    return failed(
      kind === 'image' ? uploadMessages.imageRejected(reason) : uploadMessages.fileRejected(reason),
      envelope,
    );
  }
  return { ok: true, data: envelope.data, envelope };
}

export interface SliceUploadOptions {
  /** Attachment category (`ac_id`). */
  acId?: string | number;
  /** `resource_type`; the file extension by default. */
  resourceType?: string;
  /** `resource_name`; the file's name by default. */
  resourceName?: string;
  /** Called with 0–100 after each accepted chunk. */
  onProgress?: (percent: number) => void;
  /** Chunk size in bytes; 5120 KB by default. */
  chunkSize?: number;
  url?: string;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function tempBasename(): string {
  const random =
    globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(16).slice(2)}`;
  return random.replace(/-/g, '');
}

/**
 * The chunked upload. Chunks are numbered from 1 (`chunk_index`) out of `chunk_total`; the
 * server answers status 1 per accepted chunk and 200 with the address once assembled.
 */
export async function uploadSlice(
  file: Blob,
  options: SliceUploadOptions = {},
): Promise<UploadResult> {
  const chunkSize = options.chunkSize ?? UPLOAD_CHUNK_SIZE;
  const name = options.resourceName ?? nameOf(file);
  const total = Math.max(1, Math.ceil(file.size / chunkSize));
  const basename = tempBasename();
  let tempPath = '';
  options.onProgress?.(0);

  for (let index = 1; index <= total; index += 1) {
    const chunk = file.slice((index - 1) * chunkSize, Math.min(file.size, index * chunkSize));
    const form = new FormData();
    form.append('resource_chunk', chunk, name);
    form.append('chunk_total', String(total));
    form.append('chunk_index', String(index));
    form.append('resource_temp_basename', basename);
    form.append('resource_temp_path', tempPath);
    form.append('resource_type', options.resourceType ?? extensionOf(name));
    form.append('resource_name', name);
    form.append('accessToken', getToken());
    form.append('ac_id', String(options.acId ?? 0));

    const envelope = await postForm<UploadSliceResult>(
      options.url ?? '/api/tool/uploadslice',
      form,
    );
    if (typeof envelope === 'number') return failed(uploadMessages.chunkFailed);
    if (envelope.status === 200 && envelope.data) {
      options.onProgress?.(100);
      notify.success(uploadMessages.chunkSucceeded);
      // Complete (status 200): the answer carries the file's address, att_id and name.
      const done = envelope as Envelope<UploadedFile>;
      return { ok: true, data: envelope.data as UploadedFile, envelope: done };
    }
    if (envelope.status !== 1) return failed(uploadMessages.chunkFailed, envelope);
    if (typeof envelope.data?.resource_temp_path === 'string')
      tempPath = envelope.data.resource_temp_path;
    options.onProgress?.(Math.min(99, Math.round((index / total) * 100)));
  }
  // Every chunk was accepted but the server never said it was complete.
  return failed(uploadMessages.chunkFailed);
}
