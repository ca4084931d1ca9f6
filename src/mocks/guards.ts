/**
 * What the mock backend checks of a call's body before any handler runs, in the browser
 * worker, under vitest and over HTTP alike — after the call guard (./call-guard) has admitted
 * the call (an operation of the contract, method and path; a session; the permission key):
 * 1. size: a body over its limit (src/mocks/limits) answers 201 请求内容过大 / 上传文件过大;
 * 2. readability: JSON that does not parse, or nests absurdly deep, answers 201;
 * 3. the contract: a violation answers 201 naming the field (src/mocks/contract), the first in
 *    its message and every one in its data: `{ errors: [{ field, pointer, message }] }`.
 * The handlers behind it read the request again: the guard reads only clones.
 */
import { HttpResponse } from 'msw';
import { http } from './http-wrapper';
import { mockMessages } from '@/locale/mock';
import { requestRefusal, type ContractRefusal } from './contract';
import { bodyLimitFor, type BodyLimit } from './limits';
import { envelope, fail } from './respond';
import { hasJsonBody, parseBody } from './util';

/** The body's size: the declared length when it is already over, else the bytes counted. */
async function bodySize(request: Request, limit: BodyLimit): Promise<number> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit.bytes) return declared;
  return (await request.clone().arrayBuffer()).byteLength;
}

/** The editor reads `{ state }`, every other call the envelope. */
function refuse(url: URL, status: number, message: string): Response {
  return url.pathname.startsWith('/ueditor/')
    ? HttpResponse.json({ state: message })
    : fail(status, message);
}

/** A contract violation: the envelope lists every problem, its message is the first. */
function refuseContract(url: URL, { message, problems }: ContractRefusal): Response {
  if (url.pathname.startsWith('/ueditor/')) return refuse(url, 201, message);
  const errors = problems.map(({ field, pointer, message: text }) => ({
    field,
    pointer,
    message: text,
  }));
  return envelope(201, message, { errors });
}

/** The message for an oversized body. */
export function tooLargeMessage(limit: BodyLimit): string {
  return limit.upload
    ? mockMessages.uploadTooLarge(limit.shown)
    : mockMessages.bodyTooLarge(limit.shown);
}

/**
 * Calls whose handlers check their fields themselves with the spec's own wording (the password
 * rules of section 5, the category messages, the editor's state texts) before the contract.
 */
const HANDLER_FIRST: ReadonlySet<string> = new Set([
  'adminuserUppassword',
  'attachmentcateAdd',
  'attachmentcateEdit',
  // the designer's field-name rules (src/mocks/handlers/designer.ts)
  'fieldAdd',
  'fieldEdit',
  'fieldUpdatefield',
  'ueditorConfig',
  'ueditorAction',
]);

export const requestGuards = [
  // The back end's calls, anchored as every handler is (./http-wrapper).
  http.all(/^[a-z][a-z0-9+.-]*:\/\/[^/]+\/(?:api|ueditor)\//, async ({ request }) => {
    const url = new URL(request.url);
    const limit = bodyLimitFor(request.method, url);
    if (limit && (await bodySize(request, limit)) > limit.bytes)
      return refuse(url, 201, tooLargeMessage(limit));
    // Uploads are read (and judged) by their handlers.
    if (limit?.upload) return undefined;

    const reading = await parseBody(request.clone());
    if (!reading.ok) {
      const message =
        reading.problem === 'tooDeep'
          ? mockMessages.tooDeep
          : hasJsonBody(request)
            ? mockMessages.malformedJson
            : mockMessages.malformedForm;
      return refuse(url, 201, message);
    }
    const refusal = await requestRefusal(request, { deferTo: HANDLER_FIRST, reading });
    return refusal ? refuseContract(url, refusal) : undefined;
  }),
];
