/**
 * Files the mock backend keeps: every upload call (./uploads, ./slice-upload, ./oss, the editor's
 * ./ueditor) ends here. A kept file is served back at `/storage/mock/<id>` and gets an attachment
 * row (table `attachment`); its bytes are kept by the byte store of ./store (IndexedDB, memory or
 * a data folder).
 *
 * Nothing anyone uploads runs anywhere: every upload call keeps a file only when its extension
 * is one the call allows and its bytes are of that type (./upload-form, src/core/file-types), and
 * a kept file is served with the type its bytes show, `nosniff`, a sandbox policy, and as a
 * download unless it is a raster image or a PDF.
 */
import { HttpResponse } from 'msw';
import { STORAGE_SECURITY_HEADERS, storageHeaders } from '@/core/file-types';
import { persist, table } from './store';
import { FILE_TABLE, fileById, fileIdOf, keepBytes } from './file-bytes';
import { nowSeconds } from './util';

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
