/**
 * The mock's upload calls: images, files, media and Word import in one request each, the chunked
 * upload (./slice-upload), cloud storage (./oss) and the editor's server side (./ueditor); and
 * the kept files served back at their addresses (./files).
 */
import { http } from './http-wrapper';
import { mockMessages } from '@/locale/mock';
import type { UploadKind } from '@/core/file-types';
import { ossHandlers } from './oss';
import { fail, ok } from './respond';
import { fileIdOf } from './file-bytes';
import { serveFile, STORAGE_PREFIX, storeFile } from './files';
import { sliceUpload } from './slice-upload';
import { ueditor } from './ueditor';
import { acceptedType, firstFile, fromForm, wrongType } from './upload-form';
import { readBody } from './util';

async function simpleUpload(request: Request, kind: UploadKind): Promise<Response> {
  const body = await readBody(request);
  const file = await fromForm(firstFile(body, ['file', 'upfile', 'importfile']));
  if (!file) return fail(201, mockMessages.uploadNoFile);
  const type = acceptedType(file, kind);
  if (!type) return fail(201, wrongType(kind));
  const stored = await storeFile(
    file.bytes,
    file.name,
    type.mime,
    body.attachment_cate_id ?? body.ac_id,
  );
  if (typeof stored === 'string') return fail(201, stored);
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
  const type = acceptedType(file, 'word');
  if (!type) return fail(201, wrongType('word'));
  const stored = await storeFile(file.bytes, file.name, type.mime, 0);
  if (typeof stored === 'string') return fail(201, stored);
  return ok(
    { address: stored.address, content: mockMessages.wordImported(file.name) },
    mockMessages.uploadSuccess,
  );
}

const upload =
  (kind: UploadKind) =>
  ({ request }: { request: Request }) =>
    simpleUpload(request, kind);

export const fileHandlers = [
  http.get(`${STORAGE_PREFIX}:id`, ({ params }) => serveFile(fileIdOf(String(params.id)))),
  // Each with or without its trailing slash (the contract writes some with one).
  http.post('/api/tool/uploadimg/', upload('image')),
  http.post('/api/tool/uploadfile/', upload('file')),
  http.post('/api/tool/uploadmedia', upload('media')),
  http.post('/api/tool/inportfile/', ({ request }) => importFile(request)),
  http.post('/api/tool/uploadslice', ({ request }) => sliceUpload(request)),
  ...ossHandlers,
  http.all('/ueditor/ue', ({ request }) => ueditor(request)),
];
