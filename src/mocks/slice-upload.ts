/**
 * The chunked upload (/api/tool/uploadslice): a file in numbered chunks, held until the last one
 * arrives, then judged whole and kept (./files).
 *
 * An unfinished upload belongs to the signed-in user who sent its chunks: its id
 * (resource_temp_basename) names it among that user's uploads only, so another user who knows
 * the id starts an upload of their own with it and can neither complete nor cancel this one.
 *
 * Unfinished uploads are bounded per user (bytes and uploads: starting beyond either drops that
 * user's own oldest, so one user's abandoned uploads never hold back another's) and all together
 * (bytes and uploads: beyond either, the oldest upload of whoever holds the most is dropped), and
 * each is dropped an hour after it started. A file larger than one user's share is refused.
 */
import { mockMessages } from '@/locale/mock';
import { extensionOf, UPLOAD_TYPES } from '@/core/file-types';
import { textOf } from '@/core/guards';
import { sessionUser } from './auth';
import { envelope, fail, ok } from './respond';
import { storeFile } from './files';
import { formatSize } from './limits';
import { acceptedType, wrongType } from './upload-form';
import { readBody } from './util';

const MB = 1024 * 1024;

interface PendingUpload {
  /** Who sent its chunks (the session's user). */
  owner: string;
  total: number;
  parts: Map<number, Uint8Array>;
  /** Bytes held so far. */
  size: number;
  started: number;
}
/** Unfinished uploads by owner and id, oldest first (a Map keeps the order they started in). */
const pending = new Map<string, PendingUpload>();

/** Chunks of one file at most (5120 KB each: a 1000 MB file). */
export const MAX_CHUNKS = 200;
/** Bytes one user's unfinished uploads may hold together (the largest file a user can send). */
export const USER_PENDING_LIMIT = 256 * MB;
/** Unfinished uploads one user may have at once; starting another drops their oldest. */
export const USER_PENDING_UPLOADS = 10;
/** Bytes all unfinished uploads may hold together, so the server's memory stays bounded. */
export const PENDING_LIMIT = 512 * MB;
/** Unfinished uploads of all users together. */
export const PENDING_UPLOADS = 200;
/** An unfinished chunked upload is dropped after an hour. */
const PENDING_LIFETIME_MS = 60 * 60 * 1000;

/** The key of an upload: its id among its owner's uploads only. */
function keyOf(owner: string, basename: string): string {
  return JSON.stringify([owner, basename]);
}

/** The upload's owner: the signed-in user (every call here is signed in: ./auth). */
function ownerOf(request: Request): string {
  const user = sessionUser(request);
  return user ? `user:${String(user.id)}` : 'anonymous';
}

interface Held {
  bytes: number;
  uploads: number;
}

function heldBy(owner?: string): Held {
  const held = { bytes: 0, uploads: 0 };
  for (const upload of pending.values())
    if (owner === undefined || upload.owner === owner) {
      held.bytes += upload.size;
      held.uploads += 1;
    }
  return held;
}

/** The owner holding the most bytes (the most uploads on a tie) in uploads other than `keep`. */
function largestHolder(keep: string): string | undefined {
  const byOwner = new Map<string, Held>();
  for (const [key, upload] of pending) {
    if (key === keep) continue;
    const held = byOwner.get(upload.owner) ?? { bytes: 0, uploads: 0 };
    held.bytes += upload.size;
    held.uploads += 1;
    byOwner.set(upload.owner, held);
  }
  let largest: [string, Held] | undefined;
  for (const entry of byOwner) {
    const [, held] = entry;
    const [, most] = largest ?? ['', { bytes: -1, uploads: -1 }];
    if (held.bytes > most.bytes || (held.bytes === most.bytes && held.uploads > most.uploads))
      largest = entry;
  }
  return largest?.[0];
}

/** Drops `owner`'s oldest unfinished upload other than `keep`; false when there is none. */
function dropOldest(owner: string, keep: string): boolean {
  for (const [key, upload] of pending)
    if (upload.owner === owner && key !== keep) {
      pending.delete(key);
      return true;
    }
  return false;
}

/**
 * Makes room for `bytes` more in the upload `key` of `owner` (`starting`: a new upload): first
 * within the owner's share, from their own oldest uploads; then within the server's bound, from
 * the oldest of whoever holds the most. The caller has checked the upload fits a share alone.
 */
function makeRoom(key: string, owner: string, bytes: number, starting: boolean): void {
  const more = starting ? 1 : 0;
  for (;;) {
    const own = heldBy(owner);
    if (own.bytes + bytes <= USER_PENDING_LIMIT && own.uploads + more <= USER_PENDING_UPLOADS)
      break;
    if (!dropOldest(owner, key)) break;
  }
  for (;;) {
    const all = heldBy();
    if (all.bytes + bytes <= PENDING_LIMIT && all.uploads + more <= PENDING_UPLOADS) break;
    const holder = largestHolder(key);
    if (holder === undefined || !dropOldest(holder, key)) break;
  }
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
  const owner = ownerOf(request);
  const key = keyOf(owner, basename);
  // A name the call never keeps is refused at its first chunk, before any byte is held; the
  // content is judged once the file is whole.
  if (!UPLOAD_TYPES.file.includes(extensionOf(name))) {
    pending.delete(key);
    return fail(201, wrongType('file'));
  }
  // A chunk other than the last says how large the file is at least: one too large for a user's
  // share is refused at its first chunk rather than after 256 MB were sent.
  const atLeast = index < total ? chunk.size * (total - 1) : 0;
  if (atLeast > USER_PENDING_LIMIT) {
    pending.delete(key);
    return fail(201, mockMessages.chunkFileTooLarge(formatSize(USER_PENDING_LIMIT)));
  }
  // Read before anything is counted: from here to the answer nothing waits, so chunks arriving
  // together cannot each find the same room.
  const bytes = new Uint8Array(await chunk.arrayBuffer());
  const now = Date.now();
  for (const [other, upload] of pending)
    if (now - upload.started > PENDING_LIFETIME_MS) pending.delete(other);
  const existing = pending.get(key);
  const growth = bytes.length - (existing?.parts.get(index)?.length ?? 0);
  if ((existing?.size ?? 0) + growth > USER_PENDING_LIMIT) {
    pending.delete(key);
    return fail(201, mockMessages.chunkFileTooLarge(formatSize(USER_PENDING_LIMIT)));
  }
  makeRoom(key, owner, growth, !existing);
  const upload = existing ?? {
    owner,
    total,
    parts: new Map<number, Uint8Array>(),
    size: 0,
    started: now,
  };
  pending.set(key, upload);
  upload.size += growth;
  upload.parts.set(index, bytes);
  const tempPath = `temp/${basename}`;
  if (upload.parts.size < upload.total) {
    return envelope(1, mockMessages.chunkAccepted, {
      resource_temp_basename: basename,
      resource_temp_path: tempPath,
      chunk_index: index,
    });
  }
  pending.delete(key);
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
