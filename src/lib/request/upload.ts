/**
 * Upload helpers (spec section 7 "Uploads", messages of section 8):
 * - `uploadFile` — one multipart POST to /api/tool/uploadimg/ | uploadfile/ | uploadmedia
 *   with the `accesstoken` header and the fields `file`, `type`, `attachment_cate_id`;
 * - `uploadSlice` — the chunked protocol of /api/tool/uploadslice (5120 KB chunks; status 1 =
 *   chunk accepted, 200 = complete) with a progress callback.
 * Both show their failure message as an error toast and resolve with `{ ok: false, message }`
 * rather than throwing, so a widget can also show the text inline without a second toast.
 */
import type { UploadResult as UploadedFile } from '@generated/api/model/uploadResult';
import { notify } from '@/lib/notify';
import { getToken } from '@/lib/session';
import { uploadMessages } from '@/locale/request';
import { ApiError, type Envelope } from './errors';
import { fileNameOf } from './file-name';
import { sendWithProgress } from './xhr-transport';

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

function failed(message: string, envelope?: Envelope): UploadResult {
  notify.error(message);
  return envelope ? { ok: false, message, envelope } : { ok: false, message };
}

/** Answer of an upload that was cancelled by its signal. */
const ABORTED = 'aborted';

/**
 * One multipart POST through the client's transport with the upload's `accesstoken` header
 * (./xhr-transport: XMLHttpRequest when progress is asked for, the client's fetch otherwise).
 * Resolves with the envelope, the HTTP status of a non-2xx answer (0 when there was no usable
 * answer) or ABORTED; the caller shows the message.
 */
async function postForm<T>(
  url: string,
  form: FormData,
  onProgress: ((loaded: number, total: number) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<Envelope<T> | number | typeof ABORTED> {
  try {
    const answer = await sendWithProgress(
      { url, method: 'POST', data: form, signal },
      {
        headers: { accesstoken: getToken() },
        quiet: true,
        ...(onProgress ? { onUploadProgress: onProgress } : {}),
      },
    );
    // The upload address's contract type, named by the caller (as `request` takes it).
    return answer.kind === 'envelope' ? (answer.envelope as Envelope<T>) : 0;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'aborted') return ABORTED;
    return error instanceof ApiError && error.kind === 'http' ? error.status : 0;
  }
}

/**
 * One multipart upload; the answer's data holds address, att_id and original_name. With
 * `onProgress` (and a browser), it goes over XMLHttpRequest to report progress.
 */
export async function uploadFile(
  file: Blob,
  options: FileUploadOptions = {},
): Promise<UploadResult> {
  const kind = options.kind ?? 'image';
  const form = new FormData();
  form.append(options.fieldName ?? 'file', file, options.fileName ?? fileNameOf(file));
  if (options.type !== undefined) form.append('type', String(options.type));
  if (options.attachmentCateId !== undefined)
    form.append('attachment_cate_id', String(options.attachmentCateId));

  const url = options.url ?? UPLOAD_URLS[kind];
  const envelope = await postForm<UploadedFile>(url, form, options.onProgress, options.signal);
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
