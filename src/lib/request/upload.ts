/**
 * Upload helpers (spec section 7 "Uploads", messages of section 8):
 * - `uploadFile` — one multipart POST to /api/tool/uploadimg/ | uploadfile/ | uploadmedia
 *   with the `accesstoken` header and the fields `file`, `type`, `attachment_cate_id`;
 * - `uploadSlice` — the chunked protocol of /api/tool/uploadslice (5120 KB chunks; status 1 =
 *   chunk accepted, 200 = complete) with a progress callback.
 * Both show their failure message as an error toast and resolve with `{ ok: false, message }`
 * rather than throwing, so a widget can also show the text inline without a second toast.
 */
import type { UploadResult as UploadedFile } from '@generated/api/api.schemas';
import { notify } from '@/lib/notify';
import { getToken } from '@/lib/session';
import { uploadMessages } from '@/locale/request';
import { getRequestConfig } from '@/core/request-config';
import { authHeaders, buildUrl, decodeEnvelope, send } from './client';
import { expireLogin } from './status';
import { ApiError, type Envelope } from './errors';

export type UploadKind = 'image' | 'file' | 'media';

export const UPLOAD_URLS: Record<UploadKind, string> = {
  image: '/api/tool/uploadimg/',
  file: '/api/tool/uploadfile/',
  media: '/api/tool/uploadmedia',
};

// The chunked upload lives in ./upload-slice; re-exported here for existing importers.
export {
  uploadSlice,
  UPLOAD_CHUNK_SIZE,
  type SliceUploadOptions,
  type SliceUploadResult,
} from './upload-slice';

export type UploadResult =
  | { ok: true; data: UploadedFile; envelope: Envelope<UploadedFile> }
  | { ok: false; message: string; envelope?: Envelope; aborted?: true };

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
  /** Bytes sent so far of the whole request body (XMLHttpRequest upload events). */
  onProgress?: (loaded: number, total: number) => void;
  /** Cancels the upload; the result is `{ ok: false, aborted: true }` with no message shown. */
  signal?: AbortSignal;
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

/** Answer of an upload that was cancelled by its signal. */
const ABORTED = 'aborted';

/**
 * The same POST over XMLHttpRequest, the one browser transport that reports upload progress:
 * the client's URL, headers, timeout, 401 handling and envelope decoding, plus progress events
 * and cancelling.
 */
async function postFormWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: ((loaded: number, total: number) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<Envelope<T> | number | typeof ABORTED> {
  if (signal?.aborted) return ABORTED;
  const headers = { ...(await authHeaders()), accesstoken: getToken() };
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = (value: Envelope<T> | number | typeof ABORTED) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(value);
    };
    xhr.open('POST', buildUrl(url));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json, */*');
    xhr.timeout = getRequestConfig().timeoutMs;
    xhr.responseType = 'text';
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        onProgress(event.loaded, event.lengthComputable ? event.total : event.loaded);
      });
    }
    xhr.addEventListener('load', () => {
      if (xhr.status === 401) expireLogin();
      if (xhr.status < 200 || xhr.status >= 300) return settle(xhr.status);
      let parsed: unknown;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        return settle(0);
      }
      if (typeof parsed !== 'object' || parsed === null || !('status' in parsed)) return settle(0);
      void decodeEnvelope(parsed as Envelope).then((envelope) => settle(envelope as Envelope<T>));
    });
    xhr.addEventListener('error', () => settle(0));
    xhr.addEventListener('timeout', () => settle(0));
    xhr.addEventListener('abort', () => settle(ABORTED));
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });
}

/**
 * One multipart upload; the answer's data holds address, att_id and original_name. With
 * `onProgress` or `signal` (and a browser), it goes over XMLHttpRequest to report progress.
 */
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

  const url = options.url ?? UPLOAD_URLS[kind];
  const withProgress =
    (options.onProgress || options.signal) && typeof XMLHttpRequest !== 'undefined';
  const envelope = withProgress
    ? await postFormWithProgress<UploadedFile>(url, form, options.onProgress, options.signal)
    : await postForm<UploadedFile>(url, form);
  if (envelope === ABORTED) return { ok: false, message: '', aborted: true };
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
