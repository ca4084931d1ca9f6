/**
 * What a file is, judged by its bytes (magic numbers), never by the name or the type the
 * uploader claims: an upload is kept only when its extension is allowed for the call AND its
 * content is what that extension says (an HTML page renamed banner.png is refused), and a kept
 * file is served with the type its bytes show, so nothing anyone uploads can become a page of
 * the app's origin. Pure functions, no I/O: the mock's upload calls, its file server, the app's
 * Word import (a renamed text file is refused before anything is sent) and the tests share them.
 *
 * Families are the signatures one can check: several extensions share one (docx, xlsx, pptx and
 * zip are all ZIP archives; doc, xls and ppt are OLE2 compound files). Formats without a
 * signature (txt, csv) pass only as valid UTF-8 text without control characters that does not
 * open with `<` (markup: HTML, SVG, XML). SVG is never accepted: it is a document that can
 * carry script, not a raster image.
 */

export type Family =
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'bmp'
  | 'pdf'
  | 'ole2'
  | 'zip'
  | 'rar'
  | 'isobmff'
  | 'ebml'
  | 'ogg'
  | 'text';

/** A type a kept file may have: its family, the usual extension and the type it is served as. */
export interface FileType {
  family: Family;
  ext: string;
  mime: string;
}

/** Every extension the mock knows, with the family its content must show. */
const EXTENSIONS: ReadonlyMap<string, FileType> = new Map(
  (
    [
      ['png', 'png', 'image/png'],
      ['jpg', 'jpeg', 'image/jpeg'],
      ['jpeg', 'jpeg', 'image/jpeg'],
      ['gif', 'gif', 'image/gif'],
      ['webp', 'webp', 'image/webp'],
      ['bmp', 'bmp', 'image/bmp'],
      ['pdf', 'pdf', 'application/pdf'],
      ['doc', 'ole2', 'application/msword'],
      ['xls', 'ole2', 'application/vnd.ms-excel'],
      ['ppt', 'ole2', 'application/vnd.ms-powerpoint'],
      ['docx', 'zip', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['xlsx', 'zip', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['pptx', 'zip', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
      ['zip', 'zip', 'application/zip'],
      ['rar', 'rar', 'application/vnd.rar'],
      ['mp4', 'isobmff', 'video/mp4'],
      ['mov', 'isobmff', 'video/quicktime'],
      ['webm', 'ebml', 'video/webm'],
      ['ogg', 'ogg', 'video/ogg'],
      ['txt', 'text', 'text/plain'],
      ['csv', 'text', 'text/csv'],
    ] as const
  ).map(([ext, family, mime]) => [ext, { family, mime, ext }]),
);

/** The type a family is served as when nothing more precise is known (no recorded type). */
const FAMILY_DEFAULT: Readonly<Record<Family, FileType>> = {
  png: { family: 'png', ext: 'png', mime: 'image/png' },
  jpeg: { family: 'jpeg', ext: 'jpg', mime: 'image/jpeg' },
  gif: { family: 'gif', ext: 'gif', mime: 'image/gif' },
  webp: { family: 'webp', ext: 'webp', mime: 'image/webp' },
  bmp: { family: 'bmp', ext: 'bmp', mime: 'image/bmp' },
  pdf: { family: 'pdf', ext: 'pdf', mime: 'application/pdf' },
  ole2: { family: 'ole2', ext: 'bin', mime: 'application/octet-stream' },
  zip: { family: 'zip', ext: 'zip', mime: 'application/zip' },
  rar: { family: 'rar', ext: 'rar', mime: 'application/vnd.rar' },
  isobmff: { family: 'isobmff', ext: 'mp4', mime: 'video/mp4' },
  ebml: { family: 'ebml', ext: 'webm', mime: 'video/webm' },
  ogg: { family: 'ogg', ext: 'ogg', mime: 'video/ogg' },
  text: { family: 'text', ext: 'txt', mime: 'text/plain' },
};

/** What is served when the bytes show no known type: a download, never rendered. */
export const OPAQUE_TYPE = 'application/octet-stream';

/** Raster images an upload of an image may be (the spec's png, jpg, jpeg, gif; and webp). */
export const IMAGE_FAMILIES: ReadonlySet<Family> = new Set(['png', 'jpeg', 'gif', 'webp']);

/** Shown in the page (an image, a PDF); every other type is served as a download. */
const INLINE_FAMILIES: ReadonlySet<Family> = new Set(['png', 'jpeg', 'gif', 'webp', 'bmp', 'pdf']);

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(text: string): number[] {
  return Array.from(text, (char) => char.charCodeAt(0));
}

/** Signatures in the order they are tried; text is judged last (it has none). */
const SIGNATURES: readonly [Family, (bytes: Uint8Array) => boolean][] = [
  ['png', (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['jpeg', (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff])],
  ['gif', (bytes) => startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))],
  ['webp', (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)],
  // BMP's 'BM' alone is weak: the header's size field and reserved zeros are checked too.
  [
    'bmp',
    (bytes) =>
      startsWith(bytes, ascii('BM')) &&
      bytes.length >= 26 &&
      startsWith(bytes, [0, 0, 0, 0], 6) &&
      [12, 40, 52, 56, 64, 108, 124].includes(bytes[14] ?? 0),
  ],
  ['pdf', (bytes) => startsWith(bytes, ascii('%PDF-'))],
  ['ole2', (bytes) => startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
  // A local file header, or the end record of an empty archive.
  [
    'zip',
    (bytes) => startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 5, 6]),
  ],
  ['rar', (bytes) => startsWith(bytes, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])],
  ['isobmff', (bytes) => startsWith(bytes, ascii('ftyp'), 4)],
  ['ebml', (bytes) => startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])],
  ['ogg', (bytes) => startsWith(bytes, ascii('OggS'))],
];

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Plain text: valid UTF-8 (a BOM allowed), no control characters but tab, line feed, form feed
 * and carriage return, and not opening with `<` after blanks, so that markup (HTML, SVG, XML)
 * renamed .txt is refused. Empty files are text.
 */
export function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text)) return false;
  return !text.trimStart().startsWith('<');
}

/** The family the bytes show, or undefined (unknown binary, markup, a script). */
export function sniffFamily(bytes: Uint8Array): Family | undefined {
  for (const [family, matches] of SIGNATURES) if (matches(bytes)) return family;
  return isPlainText(bytes) ? 'text' : undefined;
}

/** Lower-case extension of a file name, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0
    ? name
        .slice(dot + 1)
        .trim()
        .toLowerCase()
    : '';
}

/** The known type of an extension (with or without its dot), or undefined. */
export function typeOfExtension(ext: string): FileType | undefined {
  return EXTENSIONS.get(ext.replace(/^\./, '').toLowerCase());
}

export type UploadVerdict = { ok: true; type: FileType } | { ok: false };

/**
 * Whether a file may be kept by a call that allows `allowed` (extensions without the dot): its
 * name's extension is allowed and known, and its bytes are of that extension's family.
 */
export function judgeUpload(
  bytes: Uint8Array,
  name: string,
  allowed: readonly string[],
): UploadVerdict {
  const ext = extensionOf(name);
  const type = allowed.includes(ext) ? EXTENSIONS.get(ext) : undefined;
  if (!type) return { ok: false };
  return sniffFamily(bytes) === type.family ? { ok: true, type } : { ok: false };
}

/** The raster image type the bytes show (png, jpeg, gif, webp), or undefined. */
export function imageTypeOf(bytes: Uint8Array): FileType | undefined {
  const family = sniffFamily(bytes);
  return family && IMAGE_FAMILIES.has(family) ? FAMILY_DEFAULT[family] : undefined;
}

export interface ServedType {
  /** The Content-Type to send. */
  mime: string;
  /** Shown in the page (raster image, PDF) rather than downloaded. */
  inline: boolean;
  /** An extension that fits the type, for a download's name. */
  ext: string;
  /** The family the bytes show; undefined for an opaque download. */
  family?: Family;
}

/** A MIME type without its parameters, lower case. */
function essence(mime: string): string {
  return (mime.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * How kept bytes are served, decided from the bytes themselves: files kept before uploads were
 * checked (or rows whose recorded type was the uploader's claim, text/html, image/svg+xml) are
 * served safely too. The recorded type is used only when it is one the bytes' family allows
 * (it tells docx from xlsx, which the bytes cannot); anything unknown is an opaque download.
 */
export function servedType(bytes: Uint8Array, recorded = ''): ServedType {
  const family = sniffFamily(bytes);
  if (!family) return { mime: OPAQUE_TYPE, inline: false, ext: 'bin' };
  const claimed = essence(recorded);
  const precise = [...EXTENSIONS.values()].find(
    (type) => type.family === family && type.mime === claimed,
  );
  const type = precise ?? FAMILY_DEFAULT[family];
  return { mime: type.mime, inline: INLINE_FAMILIES.has(family), ext: type.ext, family };
}

// --- what each call accepts ----------------------------------------------------------------

/**
 * Extensions (without the dot) each kind of upload call keeps; the content must match too.
 * - image: /api/tool/uploadimg, the editor's uploadimage, scrawl and captured remote images —
 *   the spec's default png, jpg, jpeg, gif (section 9) and webp, which the WebP-converting
 *   control uploads (section 5). No bmp (the spec lists none) and never svg.
 * - file: /api/tool/uploadfile, the editor's uploadfile, the chunked upload and cloud storage —
 *   the editor configuration's file list (documents, archives, images, mp4, text).
 * - media: /api/tool/uploadmedia and the editor's uploadvideo — its video list.
 * - word: /api/tool/inportfile, the Word import (spec section 5: .doc/.docx only).
 * No list holds html, htm, svg, js, xml, xhtml, mhtml or any other type a browser runs.
 */
export type UploadKind = 'image' | 'file' | 'media' | 'word';

export const UPLOAD_TYPES: Readonly<Record<UploadKind, readonly string[]>> = {
  image: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
  file: [
    'png',
    'jpg',
    'jpeg',
    'gif',
    'webp',
    'pdf',
    'doc',
    'docx',
    'xls',
    'xlsx',
    'ppt',
    'pptx',
    'txt',
    'zip',
    'rar',
    'mp4',
  ],
  media: ['mp4', 'webm', 'ogg', 'mov'],
  word: ['doc', 'docx'],
};

// --- serving kept files --------------------------------------------------------------------

/**
 * Sent with every stored file: the browser must not guess another type from the bytes, and a
 * file opened at its address is a sandboxed document of an opaque origin that may load nothing
 * (no script runs, and even if one did it could not read the app's storage or cookies).
 */
export const STORAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'",
};

/**
 * Removed from a download's name: control characters (a CR or LF would end the header) and the
 * bidirectional controls the app's `displayFileName` (src/lib/format) also removes, repeated
 * here because the mock reaches only src/mocks, src/core and src/locale.
 */
const UNSAFE_NAME_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/**
 * The name a download is saved under: the uploaded name without control or bidirectional
 * characters; when its extension does not fit the served type (a page kept before uploads were
 * checked, `report.html` served as a download), the type's extension is added so the saved file
 * does not open as what its name claims.
 */
export function downloadName(name: string, served: ServedType): string {
  const clean = name.replace(UNSAFE_NAME_CHARACTERS, '').trim() || 'file';
  const named = typeOfExtension(extensionOf(clean));
  const fits = served.family !== undefined && named?.family === served.family;
  return fits ? clean : `${clean}.${served.ext}`;
}

/** RFC 5987 percent-encoding of UTF-8 (attr-char stays as is). */
function encodeRfc5987(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The ASCII fallback of a download's name: letters, digits and hyphens, its extension kept
 * ('年度报告.docx' → 'file.docx', 'a"b.txt' → 'a_b.txt').
 */
function asciiFallback(name: string): string {
  const ext = extensionOf(name);
  const suffix = /^[a-z0-9]{1,16}$/.test(ext) ? `.${ext}` : '';
  const stem = (suffix ? name.slice(0, -suffix.length) : name)
    .replace(/[^A-Za-z0-9-]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `${stem || 'file'}${suffix}`;
}

/**
 * `attachment` with the name twice: `filename*=UTF-8''…` (RFC 5987/6266, every current browser)
 * and an ASCII fallback of token characters only (no quotes needed), so no quote, backslash,
 * semicolon, CR or LF from a name can end the header or start another parameter.
 */
export function attachmentDisposition(name: string): string {
  return `attachment; filename=${asciiFallback(name)}; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** The headers of a stored file's answer: its type, the security headers, and a download name. */
export function storageHeaders(
  bytes: Uint8Array,
  recordedType: string,
  name: string,
): Record<string, string> {
  const served = servedType(bytes, recordedType);
  const headers: Record<string, string> = {
    'Content-Type': served.mime,
    ...STORAGE_SECURITY_HEADERS,
  };
  if (!served.inline)
    headers['Content-Disposition'] = attachmentDisposition(downloadName(name, served));
  return headers;
}
