/**
 * What the mock backend checks before any handler runs (after the 401 token guard), in the
 * browser worker, under vitest and over HTTP alike:
 * 1. permission: a call whose permission key (x-admin.permission in the contract) the user
 *    lacks answers 220 — every write, not only CRUD; reading stays open;
 * 2. size: a body over its limit (src/mocks/limits) answers 201 请求内容过大 / 上传文件过大;
 * 3. readability: JSON that does not parse, or nests absurdly deep, answers 201;
 * 4. the contract: the first violation answers 201 naming the field (src/mocks/contract).
 * The handlers behind it read the request again: the guard reads only clones.
 */
import { HttpResponse } from 'msw';
import { http } from './http-wrapper';
import { mockMessages } from '@/locale/mock';
import { holdsPermission, sessionUser } from './auth';
import { callPermission, requestProblem } from './contract';
import { bodyLimitFor, type BodyLimit } from './limits';
import { fail } from './respond';
import { hasJsonBody, isOwnBackendCall, parseBody } from './util';

/**
 * True when the call is guarded by a permission key (the contract's x-admin.permission, one rule
 * for CRUD and every other write: uploads, workflow steps, categories, caches, settings, role
 * assignments, the designer) that the signed-in user does not hold.
 */
async function lacksPermission(request: Request, url: URL): Promise<boolean> {
  const user = sessionUser(request);
  // No user: a public call (the token guard answered the others).
  if (!user) return false;
  const key = await callPermission(request.method, url.pathname);
  return key !== undefined && !holdsPermission(user, key);
}

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
  http.all(/\/(api|ueditor)\//, async ({ request }) => {
    if (!isOwnBackendCall(request)) return undefined;
    const url = new URL(request.url);
    if (await lacksPermission(request, url)) return refuse(url, 220, mockMessages.noPermission);

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
    const problem = await requestProblem(request, { deferTo: HANDLER_FIRST, reading });
    return problem ? refuse(url, 201, problem) : undefined;
  }),
];
