/**
 * The chunked upload (/api/tool/uploadslice): a file in numbered chunks, held until the last one
 * arrives, then judged whole and kept (./files). Unfinished uploads are bounded: chunks per
 * file, bytes held by all of them together, and an hour's lifetime.
 */
import { mockMessages } from '@/locale/mock';
import { extensionOf, UPLOAD_TYPES } from '@/core/file-types';
import { textOf } from '@/core/guards';
import { envelope, fail, ok } from './respond';
import { storeFile } from './files';
import { acceptedType, wrongType } from './upload-form';
import { readBody } from './util';

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

export async function sliceUpload(request: Request): Promise<Response> {
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
