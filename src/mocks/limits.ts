/**
 * How large a request body may be, per call: 1 MB for every call that is not an upload, the
 * configured limit for uploads (IMAGECONFIG / FILECONFIG `fileSize` in MB, default 5 MB; spec
 * section 9), one 5120 KB chunk for the chunked upload, 5 MB for Excel imports, the
 * editor's own limits for /ueditor/ue, and one 5 MB part for cloud storage (/oss-mock/). One policy for the HTTP server (which stops reading
 * past it) and for the request guard every other runtime goes through.
 */
import { groupData } from './config-groups';
import { UEDITOR_CONFIG } from './ueditor-config';
import { OSS_BUCKET, OSS_PART_LIMIT } from './oss';

const KB = 1024;
const MB = 1024 * KB;

/** JSON and form bodies of calls that are not uploads. */
export const BODY_LIMIT = 1 * MB;
/** Spec section 9: default upload size limit. */
export const DEFAULT_UPLOAD_LIMIT = 5 * MB;
/** Spec section 9: one chunk of the chunked upload. */
export const CHUNK_LIMIT = 5120 * KB;
/** Spec section 9: Excel import upload. */
export const IMPORT_LIMIT = 5 * MB;
/** Multipart framing and the small fields sent beside the file. */
const FORM_OVERHEAD = 64 * KB;

export interface BodyLimit {
  /** Bytes the body may have on the wire. */
  bytes: number;
  /** The limit as the user reads it (the file's limit, without the framing allowance). */
  shown: string;
  /** An upload: refused with the upload wording. */
  upload: boolean;
}

/** 5 MB, 5120 KB, 300 B. */
export function formatSize(bytes: number): string {
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= KB && bytes % KB === 0) return `${bytes / KB} KB`;
  return `${bytes} B`;
}

function uploadLimit(fileBytes: number, encodedRatio = 1): BodyLimit {
  return {
    bytes: Math.ceil(fileBytes * encodedRatio) + FORM_OVERHEAD,
    shown: formatSize(fileBytes),
    upload: true,
  };
}

/** A configuration group's `fileSize` (MB) when it is a positive number. */
function configuredSize(code: string): number {
  const size = groupData(code).fileSize;
  return typeof size === 'number' && size > 0 ? size * MB : DEFAULT_UPLOAD_LIMIT;
}

/** The editor's upload actions and their configured limits. */
const EDITOR_LIMITS = new Map<string, number>([
  ['uploadimage', UEDITOR_CONFIG.imageMaxSize],
  ['uploadvideo', UEDITOR_CONFIG.videoMaxSize],
  ['uploadfile', UEDITOR_CONFIG.fileMaxSize],
]);

/**
 * The largest file a call takes whatever the configuration (the editor's video), and that
 * upload's body on the wire: deploy/nginx.conf's `client_max_body_size` is at least the body,
 * so every body the mock would take reaches it, and nginx's own refusal names the file's size.
 * (A file limit configured above it in FILECONFIG is still capped there by nginx.)
 */
export const LARGEST_UPLOAD = Math.max(
  ...EDITOR_LIMITS.values(),
  DEFAULT_UPLOAD_LIMIT,
  CHUNK_LIMIT,
  IMPORT_LIMIT,
  OSS_PART_LIMIT,
);
export const LARGEST_BODY_LIMIT = uploadLimit(LARGEST_UPLOAD).bytes;

/** The body limit of a call; undefined for calls without a body (GET, HEAD). */
export function bodyLimitFor(method: string, url: URL): BodyLimit | undefined {
  if (method === 'GET' || method === 'HEAD') return undefined;
  const path = url.pathname.toLowerCase().replace(/\/+$/, '');
  switch (path) {
    case '/api/tool/uploadimg':
      return uploadLimit(configuredSize('IMAGECONFIG'));
    case '/api/tool/uploadfile':
    case '/api/tool/uploadmedia':
    case '/api/tool/inportfile':
      return uploadLimit(configuredSize('FILECONFIG'));
    case '/api/tool/uploadslice':
      return uploadLimit(CHUNK_LIMIT);
    case '/ueditor/ue': {
      const action = url.searchParams.get('action') ?? '';
      const editorLimit = EDITOR_LIMITS.get(action);
      if (editorLimit) return uploadLimit(editorLimit);
      // A scrawl arrives as base64 text in a form field: 4 bytes on the wire per 3 of image.
      if (action === 'uploadscrawl') return uploadLimit(UEDITOR_CONFIG.scrawlMaxSize, 4 / 3);
      break;
    }
  }
  if (/^\/api\/[^/]+\/import$/.test(path)) return uploadLimit(IMPORT_LIMIT);
  // Cloud storage (./oss): a part, or a small object in one PUT, is the file's bytes alone.
  if (method === 'PUT' && path.startsWith(`/${OSS_BUCKET}/`))
    return { bytes: OSS_PART_LIMIT, shown: formatSize(OSS_PART_LIMIT), upload: true };
  return { bytes: BODY_LIMIT, shown: formatSize(BODY_LIMIT), upload: false };
}
