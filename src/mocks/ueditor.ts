/**
 * The editor's server side (/ueditor/ue): its configuration, uploads (image, file, video and a
 * drawn scrawl), remote image capture (./catch-image) and the lists of kept images and files.
 * Every answer is JSON with nosniff; a JSONP `callback` is ignored (see editorAnswer).
 */
import { HttpResponse, type JsonBodyType } from 'msw';
import { base64ToBytes } from '@/core/base64';
import { mockMessages } from '@/locale/mock';
import { imageTypeOf, type UploadKind } from '@/core/file-types';
import { textOf } from '@/core/guards';
import { catchImages } from './catch-image';
import { ATTACHMENT_TABLE, storeFile } from './files';
import { table } from './store';
import { UEDITOR_CONFIG } from './ueditor-config';
import { acceptedType, firstFile, fromForm, wrongType } from './upload-form';
import { readBody, readQuery } from './util';

/** The editor's upload actions and the kind of file each keeps. */
const EDITOR_UPLOADS: ReadonlyMap<string, UploadKind> = new Map([
  ['uploadimage', 'image'],
  ['uploadfile', 'file'],
  ['uploadvideo', 'media'],
]);

/**
 * Every editor answer is JSON with nosniff. No JSONP: a `callback` is ignored, since a script
 * built from the query on the app's origin is a gadget that defeats `script-src 'self'`, and
 * the app's editor reads its own origin (src/lib/ueditor).
 */
function editorAnswer(data: JsonBodyType): Response {
  return HttpResponse.json(data, { headers: { 'X-Content-Type-Options': 'nosniff' } });
}

async function editorUpload(request: Request, kind: UploadKind): Promise<Response> {
  const body = await readBody(request);
  const file = await fromForm(firstFile(body, ['upfile', 'file']));
  if (!file) return editorAnswer({ state: mockMessages.ueditorNoFile });
  const type = acceptedType(file, kind);
  if (!type) return editorAnswer({ state: wrongType(kind) });
  const stored = await storeFile(file.bytes, file.name, type.mime);
  if (typeof stored === 'string') return editorAnswer({ state: stored });
  const name = stored.original_name;
  return editorAnswer({
    state: 'SUCCESS',
    url: stored.address,
    title: name,
    original: name,
    type: name.includes('.') ? name.slice(name.lastIndexOf('.')) : '',
    size: stored.size,
  });
}

/** A scrawl: a PNG (or another raster image) drawn in the editor, sent as base64 text. */
async function scrawlUpload(request: Request): Promise<Response> {
  const body = await readBody(request);
  const text = typeof body.upfile === 'string' ? body.upfile : '';
  if (!text) return editorAnswer({ state: mockMessages.ueditorNoFile });
  let bytes: Uint8Array | undefined;
  try {
    bytes = base64ToBytes(text.replace(/^data:[^,]*,/, '').replace(/\s+/g, ''));
  } catch {
    bytes = undefined;
  }
  const type = bytes && imageTypeOf(bytes);
  if (!bytes || !type) return editorAnswer({ state: wrongType('image') });
  const stored = await storeFile(bytes, `scrawl-${Date.now()}.${type.ext}`, type.mime);
  if (typeof stored === 'string') return editorAnswer({ state: stored });
  return editorAnswer({
    state: 'SUCCESS',
    url: stored.address,
    title: stored.original_name,
    original: stored.original_name,
  });
}

export async function ueditor(request: Request): Promise<Response> {
  const action = textOf(readQuery(request).action);
  if (action === 'config') return editorAnswer(UEDITOR_CONFIG);
  const kind = EDITOR_UPLOADS.get(action);
  if (kind) return editorUpload(request, kind);
  if (action === 'uploadscrawl') return scrawlUpload(request);
  if (action === 'catchimage') return editorAnswer(await catchImages(request));
  if (action === 'listimage' || action === 'listfile') {
    const query = readQuery(request);
    const start = Number(query.start ?? 0) || 0;
    const size = Number(query.size ?? 20) || 20;
    const rows = table(ATTACHMENT_TABLE).rows.filter((row) =>
      action === 'listimage' ? row.type === 2 : row.type !== 2,
    );
    return editorAnswer({
      state: 'SUCCESS',
      list: rows
        .slice(start, start + size)
        .map((row) => ({ url: row.att_url, mtime: row.create_time })),
      start,
      total: rows.length,
    });
  }
  return editorAnswer({ state: mockMessages.ueditorBadAction });
}
