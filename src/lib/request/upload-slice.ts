/**
 * The chunked upload of /api/tool/uploadslice (spec sections 4, 7, 8, 9): 5120 KB chunks
 * numbered from 1 (`chunk_index` of `chunk_total`), each a multipart POST with every field of
 * the spec (resource_chunk, chunk_total, chunk_index, resource_temp_basename,
 * resource_temp_path, resource_type, resource_name, accessToken, ac_id). The server answers
 * status 1 per accepted chunk and 200 with the file's address once it is complete.
 *
 * A chunk that did not arrive (no answer, timeout, HTTP error) is sent again after a backoff,
 * a few times; chunks already accepted are never sent again. A chunk the server refuses (an
 * envelope status other than 1 / 200) stops the upload: sending it again would be refused
 * again. Cancelling (the AbortSignal) stops before the next chunk and aborts the one in flight.
 * Messages: 上传失败 / 上传成功 (the spec's "upload failed" / "upload successful").
 *
 * Progress counts the bytes of the chunk on the way (./xhr-transport: XMLHttpRequest's upload
 * events), not only the chunks accepted: a 5 MB chunk on a slow line takes minutes.
 */
import type { UploadResult as UploadedFile } from '@generated/api/model/uploadResult';
import type { UploadSliceResult } from '@generated/api/model/uploadSliceResult';
import { notify } from '@/lib/notify';
import { getToken } from '@/lib/session';
import { largeUpload } from '@/locale/large-upload';
import { uploadMessages } from '@/locale/request';
import { ApiError, type Envelope } from './errors';
import { fileNameOf } from './file-name';
import type { UploadResult } from './upload';
import { sendWithProgress } from './xhr-transport';

/** Chunk size of the chunked upload: 5120 KB (spec section 9). */
export const UPLOAD_CHUNK_SIZE = 5120 * 1024;

export const UPLOAD_SLICE_URL = '/api/tool/uploadslice';

/** Tries per chunk, the first one included. */
export const SLICE_ATTEMPTS = 3;

/** Waits before a chunk is sent again: 0.5 s, 1 s, 2 s, … (resolves early when cancelled). */
export function sliceBackoff(retry: number, signal?: AbortSignal): Promise<void> {
  const ms = 500 * 2 ** (retry - 1);
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Where a chunked upload is: what the uploader shows beside its bar. */
export interface SliceProgress {
  /** 0–100 of the whole file: every chunk is one equal step, the one on the way by its share sent. */
  percent: number;
  /** The chunk on the way, from 1 (the last one once complete). */
  chunk: number;
  chunks: number;
  /**
   * 0–100 of the current chunk's request sent; undefined until the browser reports any (it
   * reports none for a request a service worker answers, nor does fetch in Node).
   */
  chunkPercent: number | undefined;
}

export interface SliceUploadOptions {
  /** Attachment category (`ac_id`). */
  acId?: string | number;
  /** `resource_type`; the file extension by default. */
  resourceType?: string;
  /** `resource_name`; the file's name by default. */
  resourceName?: string;
  /**
   * Called with 0–100 and where the upload is: 0 at the start, as the chunk on the way is sent,
   * after each accepted chunk, 100 when complete; never twice in a row with the same values.
   */
  onProgress?: (percent: number, progress: SliceProgress) => void;
  /** Chunk size in bytes; 5120 KB by default. */
  chunkSize?: number;
  url?: string;
  /** Cancels the upload: no further chunk is sent, the one in flight is aborted. */
  signal?: AbortSignal;
  /** Tries per chunk (first one included); 3 by default. */
  attempts?: number;
  /** The wait before retry number `retry` (1, 2, …); `sliceBackoff` by default. */
  retryDelay?: (retry: number, signal?: AbortSignal) => Promise<void>;
}

/** What a chunked upload ends with; `cancelled` when the signal stopped it (no toast shown). */
export type SliceUploadResult = UploadResult | { ok: false; message: string; cancelled: true };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function tempBasename(): string {
  const random =
    globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(16).slice(2)}`;
  return random.replace(/-/g, '');
}

function failed(message: string, envelope?: Envelope): UploadResult {
  notify.error(message);
  return envelope ? { ok: false, message, envelope } : { ok: false, message };
}

type ChunkAnswer =
  | { kind: 'envelope'; envelope: Envelope<UploadSliceResult> }
  /** No usable answer: worth sending the chunk again. */
  | { kind: 'lost' }
  | { kind: 'cancelled' };

async function postChunk(
  url: string,
  form: FormData,
  signal: AbortSignal | undefined,
  onSent: ((loaded: number, total: number) => void) | undefined,
): Promise<ChunkAnswer> {
  try {
    const answer = await sendWithProgress(
      { url, method: 'POST', data: form, signal },
      {
        headers: { accesstoken: getToken() },
        quiet: true,
        ...(onSent ? { onUploadProgress: onSent } : {}),
      },
    );
    if (answer.kind !== 'envelope') return { kind: 'lost' };
    // The chunk answer as the contract types it (as `request` takes an answer).
    return { kind: 'envelope', envelope: answer.envelope as Envelope<UploadSliceResult> };
  } catch (error) {
    if (signal?.aborted || (error instanceof ApiError && error.kind === 'aborted'))
      return { kind: 'cancelled' };
    return { kind: 'lost' };
  }
}

/** Uploads `file` in chunks; resolves (never rejects) with the address or the failure. */
export async function uploadSlice(
  file: Blob,
  options: SliceUploadOptions = {},
): Promise<SliceUploadResult> {
  const chunkSize = options.chunkSize ?? UPLOAD_CHUNK_SIZE;
  const attempts = Math.max(1, options.attempts ?? SLICE_ATTEMPTS);
  const wait = options.retryDelay ?? sliceBackoff;
  const { signal } = options;
  const url = options.url ?? UPLOAD_SLICE_URL;
  const name = options.resourceName ?? fileNameOf(file);
  const total = Math.max(1, Math.ceil(file.size / chunkSize));
  const basename = tempBasename();
  const cancelled: SliceUploadResult = {
    ok: false,
    message: largeUpload.cancelled,
    cancelled: true,
  };
  let tempPath = '';
  // Each chunk is one equal step of the bar, so the bar and "chunk k of n" tell the same story
  // (only the last chunk is shorter); capped at 99 until the server says the file is complete.
  let last = '';
  const report = (chunk: number, share: number, chunkPercent: number | undefined) => {
    const { onProgress } = options;
    if (!onProgress) return;
    const percent =
      share >= 1 && chunk === total
        ? 100
        : Math.min(99, Math.round(((chunk - 1 + share) / total) * 100));
    const key = `${percent}/${chunk}/${chunkPercent}`;
    if (key === last) return;
    last = key;
    onProgress(percent, { percent, chunk, chunks: total, chunkPercent });
  };
  const progressOf = (index: number) =>
    options.onProgress
      ? (loaded: number, sent: number) => {
          const share = sent > 0 ? Math.min(1, loaded / sent) : 0;
          report(index, Math.min(share, 0.999), Math.floor(share * 100));
        }
      : undefined;
  report(1, 0, undefined);

  for (let index = 1; index <= total; index += 1) {
    // Each chunk keeps the file's type: the server files the assembled file under it.
    const start = (index - 1) * chunkSize;
    const chunk = file.slice(start, Math.min(file.size, start + chunkSize), file.type);
    let answer: ChunkAnswer = { kind: 'lost' };
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      if (signal?.aborted) return cancelled;
      if (attempt > 1) {
        await wait(attempt - 1, signal);
        if (signal?.aborted) return cancelled;
      }
      // A fresh form per try: the temp path may only be known after an earlier chunk.
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
      // A new try starts the chunk again.
      if (attempt > 1) report(index, 0, undefined);
      answer = await postChunk(url, form, signal, progressOf(index));
      if (answer.kind !== 'lost') break;
    }
    if (answer.kind === 'cancelled') return cancelled;
    if (answer.kind === 'lost') return failed(uploadMessages.chunkFailed);

    const { envelope } = answer;
    if (envelope.status === 200 && envelope.data) {
      report(total, 1, 100);
      notify.success(uploadMessages.chunkSucceeded);
      // Complete: the contract's last-chunk answer carries the file's address, att_id and name.
      const done = envelope as Envelope<UploadedFile>;
      return { ok: true, data: done.data as UploadedFile, envelope: done };
    }
    if (envelope.status !== 1) return failed(uploadMessages.chunkFailed, envelope);
    if (typeof envelope.data?.resource_temp_path === 'string')
      tempPath = envelope.data.resource_temp_path;
    if (index < total) report(index + 1, 0, undefined);
  }
  // Every chunk was accepted but the server never said it was complete.
  return failed(uploadMessages.chunkFailed);
}
