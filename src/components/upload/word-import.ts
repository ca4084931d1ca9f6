/**
 * Word import (spec sections 5 and 8): only .doc / .docx. A .docx is converted in the browser
 * by mammoth (loaded on first use); a .doc, which mammoth cannot read, goes to
 * POST /api/tool/inportfile/, whose answer carries the converted HTML.
 */
import { fileExtension } from '@/core/attachment';
import { judgeUpload } from '@/core/file-types';
import { isRecord } from '@/core/guards';
import { getToken } from '@/lib/session';
import { send } from '@/lib/request/client';
import { ApiError } from '@/lib/request/errors';
import { upload as t } from '@/locale/upload';

export const WORD_TYPES = ['doc', 'docx'] as const;
export const WORD_IMPORT_URL = '/api/tool/inportfile/';

export type WordImportResult = { ok: true; content: string } | { ok: false; message: string };

/** Whether a file may be imported at all; the message refusing it otherwise. */
export function wordFileProblem(name: string): string | null {
  const extension = fileExtension(name);
  return WORD_TYPES.some((type) => type === extension) ? null : t.wordWrongType;
}

/** Plain text of HTML: one line per paragraph-like element, blank lines collapsed. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const element of doc.body.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, tr, br, div'))
    element.after(doc.createTextNode('\n'));
  return normalizeText(doc.body.textContent ?? '');
}

function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

async function convertDocx(file: File, as: 'text' | 'html'): Promise<string> {
  const module = await import('mammoth');
  // mammoth is CommonJS: its functions sit on the default export when bundled.
  const mammoth = module.default ?? module;
  const arrayBuffer = await file.arrayBuffer();
  // The browser build reads `arrayBuffer`; the Node build (tests, SSR) reads `buffer`, which its
  // zip reader also accepts as an ArrayBuffer.
  const input = { arrayBuffer, buffer: arrayBuffer };
  if (as === 'html') return (await mammoth.convertToHtml(input)).value;
  return normalizeText((await mammoth.extractRawText(input)).value);
}

async function convertOnServer(file: File, as: 'text' | 'html'): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await send(
    { url: WORD_IMPORT_URL, method: 'POST', data: form },
    { headers: { accesstoken: getToken() }, quiet: true },
  );
  if (answer.kind !== 'envelope') throw new Error(t.wordEmpty);
  const { envelope } = answer;
  if (envelope.status !== 200) throw new Error(envelope.msg || String(envelope.status));
  const { data } = envelope;
  const html = isRecord(data) && typeof data.content === 'string' ? data.content : '';
  return as === 'html' ? html : htmlToText(html);
}

/** The document's content as text (a textarea) or HTML; a failure carries the spec message. */
export async function importWord(file: File, as: 'text' | 'html'): Promise<WordImportResult> {
  const refused = wordFileProblem(file.name);
  if (refused) return { ok: false, message: refused };
  // By content, not by name: a text file renamed .doc is no Word document.
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  if (!judgeUpload(head, file.name, WORD_TYPES).ok) return { ok: false, message: t.wordNotWord };
  try {
    const content =
      fileExtension(file.name) === 'docx'
        ? await convertDocx(file, as)
        : await convertOnServer(file, as);
    if (!content.trim()) return { ok: false, message: t.wordFailed(t.wordEmpty) };
    return { ok: true, content };
  } catch (error) {
    const reason =
      error instanceof ApiError || error instanceof Error ? error.message : String(error);
    return { ok: false, message: t.wordFailed(reason) };
  }
}
