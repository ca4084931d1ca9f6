// @vitest-environment node
/**
 * What the mock judges a file to be from its bytes: which uploads each call keeps (extension AND
 * content), how kept bytes are served (type from the bytes, download unless image/PDF), and the
 * download name a Content-Disposition carries.
 */
import { describe, expect, it } from 'vitest';
import {
  attachmentDisposition,
  downloadName,
  imageTypeOf,
  judgeUpload,
  servedType,
  sniffFamily,
  storageHeaders,
  UPLOAD_TYPES,
} from '@/core/file-types';

const text = (value: string) => new TextEncoder().encode(value);
const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? Array.from(part, (char) => char.charCodeAt(0)) : part,
    ),
  );

/** One sample per signature the mock knows, and the hostile ones. */
const SAMPLE = {
  png: bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR'),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'),
  gif: bytes('GIF89a', [1, 0, 1, 0]),
  webp: bytes('RIFF', [26, 0, 0, 0], 'WEBPVP8 '),
  bmp: bytes(
    'BM',
    [58, 0, 0, 0],
    [0, 0, 0, 0],
    [54, 0, 0, 0],
    [40, 0, 0, 0],
    [1, 0, 0, 0, 1, 0, 0, 0, 1, 0],
  ),
  pdf: text('%PDF-1.4\n%%EOF\n'),
  ole2: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], [0, 0, 0, 0]),
  zip: bytes('PK', [3, 4, 20, 0], '[Content_Types].xml'),
  rar: bytes('Rar!', [0x1a, 0x07, 0x01, 0x00]),
  mp4: bytes([0, 0, 0, 24], 'ftypisom', [0, 0, 2, 0]),
  mov: bytes([0, 0, 0, 20], 'ftypqt  ', [0, 0, 2, 0]),
  webm: bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]),
  ogg: bytes('OggS', [0, 2]),
  text: text('会议纪要\n第二行\t完\r\n'),
  html: text('<!doctype html><script>alert(document.domain)</script>'),
  htmlBehindBlanks: text('\ufeff \n\t<html><body onload="alert(1)">'),
  svg: text(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
  ),
  xml: text('<?xml version="1.0"?><x/>'),
  script: text('alert(document.cookie)'),
  nul: text('plain\u0000text'),
  gbk: bytes([0xc4, 0xe3, 0xba, 0xc3]),
  junk: bytes([0, 1, 2, 3, 250, 251]),
  empty: new Uint8Array(0),
};
type Sample = keyof typeof SAMPLE;

describe('sniffFamily', () => {
  it.each<[Sample, string | undefined]>([
    ['png', 'png'],
    ['jpeg', 'jpeg'],
    ['gif', 'gif'],
    ['webp', 'webp'],
    ['bmp', 'bmp'],
    ['pdf', 'pdf'],
    ['ole2', 'ole2'],
    ['zip', 'zip'],
    ['rar', 'rar'],
    ['mp4', 'isobmff'],
    ['mov', 'isobmff'],
    ['webm', 'ebml'],
    ['ogg', 'ogg'],
    ['text', 'text'],
    ['script', 'text'],
    ['empty', 'text'],
    ['html', undefined],
    ['htmlBehindBlanks', undefined],
    ['svg', undefined],
    ['xml', undefined],
    ['nul', undefined],
    ['gbk', undefined],
    ['junk', undefined],
  ])('%s → %s', (sample, family) => {
    expect(sniffFamily(SAMPLE[sample])).toBe(family);
  });
});

describe('judgeUpload: the extension is allowed AND the bytes are of that type', () => {
  const { image, file, media, word } = UPLOAD_TYPES;
  it.each<[string, Sample, readonly string[], string | false]>([
    // the hostile walk-through
    ['banner.png', 'html', image, false],
    ['banner.png', 'svg', image, false],
    ['logo.svg', 'svg', image, false],
    ['logo.svg', 'svg', file, false],
    ['page.html', 'html', file, false],
    ['page.htm', 'html', file, false],
    ['page.xhtml', 'html', file, false],
    ['page.mhtml', 'html', file, false],
    ['data.xml', 'xml', file, false],
    ['app.js', 'script', file, false],
    ['page.txt', 'html', file, false],
    ['page.txt', 'htmlBehindBlanks', file, false],
    ['page.txt', 'svg', file, false],
    ['banner.png.html', 'png', image, false],
    // renamed files
    ['photo.jpg', 'png', image, false],
    ['photo.png', 'jpeg', image, false],
    ['report.docx', 'ole2', file, false],
    ['report.xls', 'zip', file, false],
    ['film.mp4', 'junk', media, false],
    ['film.mp4', 'zip', file, false],
    ['notes.txt', 'nul', file, false],
    ['notes.txt', 'gbk', file, false],
    // not in the call's list
    ['banner', 'png', image, false],
    ['scan.bmp', 'bmp', image, false],
    ['report.pdf', 'pdf', image, false],
    ['film.webm', 'webm', file, false],
    ['report.pdf', 'pdf', word, false],
    // kept, with the type of the extension
    ['banner.png', 'png', image, 'image/png'],
    ['BANNER.PNG', 'png', image, 'image/png'],
    ['photo.jpg', 'jpeg', image, 'image/jpeg'],
    ['photo.jpeg', 'jpeg', image, 'image/jpeg'],
    ['anim.gif', 'gif', image, 'image/gif'],
    ['banner.webp', 'webp', image, 'image/webp'],
    ['report.pdf', 'pdf', file, 'application/pdf'],
    ['report.doc', 'ole2', file, 'application/msword'],
    ['sheet.xls', 'ole2', file, 'application/vnd.ms-excel'],
    ['slides.ppt', 'ole2', file, 'application/vnd.ms-powerpoint'],
    [
      'report.docx',
      'zip',
      file,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'sheet.xlsx',
      'zip',
      file,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    [
      'slides.pptx',
      'zip',
      file,
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    ['bundle.zip', 'zip', file, 'application/zip'],
    ['bundle.rar', 'rar', file, 'application/vnd.rar'],
    ['notes.txt', 'text', file, 'text/plain'],
    ['alert.txt', 'script', file, 'text/plain'],
    ['film.mp4', 'mp4', file, 'video/mp4'],
    ['film.mp4', 'mp4', media, 'video/mp4'],
    ['film.mov', 'mov', media, 'video/quicktime'],
    ['film.webm', 'webm', media, 'video/webm'],
    ['film.ogg', 'ogg', media, 'video/ogg'],
    ['table.csv', 'text', ['csv'], 'text/csv'],
    ['old.doc', 'ole2', word, 'application/msword'],
  ])('%s with %s bytes → %s', (name, sample, allowed, mime) => {
    const verdict = judgeUpload(SAMPLE[sample], name, allowed);
    expect(verdict.ok ? verdict.type.mime : false).toBe(mime);
  });

  it('no list holds a type a browser runs as a document or a script', () => {
    const everything = Object.values(UPLOAD_TYPES).flat();
    for (const dangerous of ['html', 'htm', 'svg', 'js', 'mjs', 'xml', 'xhtml', 'mhtml', 'bmp'])
      expect(everything).not.toContain(dangerous);
  });
});

describe('imageTypeOf (scrawl, captured images): raster images by content alone', () => {
  it.each<[Sample, string | undefined]>([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
    ['bmp', undefined],
    ['svg', undefined],
    ['html', undefined],
    ['pdf', undefined],
  ])('%s → %s', (sample, mime) => {
    expect(imageTypeOf(SAMPLE[sample])?.mime).toBe(mime);
  });
});

describe('servedType: decided from the bytes; the recorded type only refines its family', () => {
  it.each<[Sample, string, string, boolean]>([
    ['png', 'text/html', 'image/png', true],
    ['jpeg', '', 'image/jpeg', true],
    ['webp', 'image/webp', 'image/webp', true],
    ['bmp', 'image/bmp', 'image/bmp', true],
    ['pdf', 'text/html', 'application/pdf', true],
    ['html', 'text/html', 'application/octet-stream', false],
    ['htmlBehindBlanks', 'image/png', 'application/octet-stream', false],
    ['svg', 'image/svg+xml', 'application/octet-stream', false],
    ['xml', 'application/xml', 'application/octet-stream', false],
    ['junk', 'image/png', 'application/octet-stream', false],
    ['text', 'text/html; charset=utf-8', 'text/plain', false],
    ['text', 'text/csv', 'text/csv', false],
    [
      'zip',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      false,
    ],
    ['zip', 'text/html', 'application/zip', false],
    ['ole2', 'application/vnd.ms-excel', 'application/vnd.ms-excel', false],
    ['ole2', 'application/x-msdownload', 'application/octet-stream', false],
    ['mp4', 'video/mp4', 'video/mp4', false],
    ['mov', 'video/quicktime', 'video/quicktime', false],
  ])('%s recorded as %j → %s, inline %s', (sample, recorded, mime, inline) => {
    expect(servedType(SAMPLE[sample], recorded)).toMatchObject({ mime, inline });
  });
});

describe('download names', () => {
  const HEADER_SAFE =
    /^attachment; filename=[A-Za-z0-9._-]+; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/;

  it.each<[string, string]>([
    [
      '年度报告.docx',
      "attachment; filename=file.docx; filename*=UTF-8''%E5%B9%B4%E5%BA%A6%E6%8A%A5%E5%91%8A.docx",
    ],
    ['report 2025.pdf', "attachment; filename=report_2025.pdf; filename*=UTF-8''report%202025.pdf"],
    ['a"b\\c;d.txt', "attachment; filename=a_b_c_d.txt; filename*=UTF-8''a%22b%5Cc%3Bd.txt"],
    ["it's (1)*.zip", "attachment; filename=it_s_1.zip; filename*=UTF-8''it%27s%20%281%29%2A.zip"],
    [
      'x\r\nSet-Cookie: a=1',
      "attachment; filename=x_Set-Cookie_a_1; filename*=UTF-8''x%0D%0ASet-Cookie%3A%20a%3D1",
    ],
  ])('%j → %s', (name, header) => {
    expect(attachmentDisposition(name)).toBe(header);
    expect(attachmentDisposition(name)).toMatch(HEADER_SAFE);
  });

  it('a name whose extension does not fit the served type gets the type’s own', () => {
    expect(downloadName('invoice.html', servedType(SAMPLE.html))).toBe('invoice.html.bin');
    expect(downloadName('notes.js', servedType(SAMPLE.script))).toBe('notes.js.txt');
    expect(downloadName('notes.txt', servedType(SAMPLE.text))).toBe('notes.txt');
    expect(downloadName('old.doc', servedType(SAMPLE.ole2, 'application/msword'))).toBe('old.doc');
  });

  it('control and bidirectional characters leave the name', () => {
    expect(downloadName('invoice\u202Egpj.exe', servedType(SAMPLE.junk))).toBe(
      'invoicegpj.exe.bin',
    );
    expect(downloadName('\u2066a\u2069\r\n.txt', servedType(SAMPLE.text))).toBe('a.txt');
    expect(downloadName('\u0000', servedType(SAMPLE.text))).toBe('file.txt');
  });
});

describe('storageHeaders', () => {
  it('an image is shown in place, with nosniff and the sandbox policy', () => {
    expect(storageHeaders(SAMPLE.png, 'text/html', 'banner.png')).toEqual({
      'Content-Type': 'image/png',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "sandbox; default-src 'none'",
    });
  });

  it('a page kept before uploads were checked is an opaque download', () => {
    expect(storageHeaders(SAMPLE.html, 'text/html', '通知.html')).toEqual({
      'Content-Type': 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'Content-Disposition':
        "attachment; filename=html.bin; filename*=UTF-8''%E9%80%9A%E7%9F%A5.html.bin",
    });
  });
});
