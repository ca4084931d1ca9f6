/**
 * The one guard in front of every mock handler, in the browser worker, under vitest and in
 * `cli mock-server` alike. A call to the back end's paths (`/api/…`, `/ueditor/…`, the kept
 * files, cloud storage) is judged on its path exactly as sent — no prefix (`/x/api/…`), no other
 * letter case (`/API/…`), no percent-escape standing in for a character of the path — and on its
 * method:
 * - an operation of the contract (generated/openapi.json: method AND path) or a route of
 *   ./mock-routes, else 404 (no such path) or 405 (the path, under other methods) in the envelope;
 * - then its access: public, a valid session (401 otherwise), and the permission key of the
 *   operation (the contract's x-admin.permission; for the editor, its action's) or the super
 *   administrator for the demo-only calls (220 暂无权限 otherwise).
 * The handlers are anchored the same way (./http-wrapper), so what the guard passed is what a
 * handler answers. It reads neither body nor handler: the HTTP server runs it before it reads a
 * body at all (./http-server).
 */
import { HttpResponse } from 'msw';
import { mockMessages } from '@/locale/mock';
import { holdsPermission, isSuperUser, sessionUser } from './auth';
import {
  findOperation,
  loadContract,
  operationPermission,
  type OperationMatch,
} from './contract-document';
import { http } from './http-wrapper';
import { EDITOR_OPERATIONS, editorActionAccess, type Access, type MockRoute } from './mock-routes';
import { fail } from './respond';

/** The back end's own paths (the first segment in any letter case, so `/API/…` is told 404). */
const GUARDED_PATH = /^\/(?:api|ueditor)(?:\/|$)/i;

/** The editor's server side answers in its own `{ state }` shape. */
const EDITOR_PATH = /^\/ueditor\//;

/** The verdict on a call's path and method. */
type Resolution =
  | { kind: 'missing' }
  | { kind: 'method'; allowed: readonly string[] }
  | { kind: 'call'; access: Access };

/**
 * The envelope of a refusal, in HTTP 200 as every answer of the back end (../respond: the
 * envelope's status carries the outcome, as the real server's does).
 */
function refusal(status: number, message: string, headers?: Record<string, string>): Response {
  return HttpResponse.json({ status, msg: message, data: null }, { headers });
}

/** The editor reads `{ state }`, every other call the envelope. */
function noPermission(url: URL): Response {
  return EDITOR_PATH.test(url.pathname)
    ? HttpResponse.json({ state: mockMessages.noPermission })
    : fail(220, mockMessages.noPermission);
}

/**
 * True when a path of the back end is spelled as the contract spells it: decoding its escapes
 * once would change nothing. `/api/%61dminuser/…` or `/api/adminuser%2Fresetpassword` is no
 * call: every check after this one (the contract's, the handlers') reads the path as sent.
 */
function isPlainPath(pathname: string): boolean {
  return !pathname.includes('%');
}

function accessOf(match: OperationMatch, url: URL): Access {
  if (EDITOR_OPERATIONS.has(match.operation.operationId)) return editorActionAccess(url);
  if (match.operation.isPublic) return { kind: 'public' };
  const key = operationPermission(match);
  return key === undefined ? { kind: 'signedIn' } : { kind: 'permission', key };
}

async function resolve(
  routes: readonly MockRoute[],
  method: string,
  url: URL,
): Promise<Resolution | undefined> {
  const { pathname } = url;
  const route = routes.find((candidate) => candidate.path.test(pathname));
  if (route)
    return route.methods.includes(method)
      ? { kind: 'call', access: route.access }
      : { kind: 'method', allowed: route.methods };
  // Not a path of the back end (the app's files, a source under /sources/…): not judged here.
  if (!GUARDED_PATH.test(pathname)) return undefined;
  if (!isPlainPath(pathname)) return { kind: 'missing' };
  const match = findOperation(await loadContract(), method, pathname);
  if (!match) return { kind: 'missing' };
  if (!match.sameMethod) return { kind: 'method', allowed: match.allowed };
  return { kind: 'call', access: accessOf(match, url) };
}

/**
 * The guard's answer to a call: a refusal (404, 405, 401, 220), or undefined when the call may
 * go on to its handler (or is not one of the back end's paths).
 */
export async function admission(
  routes: readonly MockRoute[],
  request: Request,
): Promise<Response | undefined> {
  const url = new URL(request.url);
  const resolution = await resolve(routes, request.method.toUpperCase(), url);
  if (!resolution) return undefined;
  if (resolution.kind === 'missing') return refusal(404, mockMessages.callNotFound);
  if (resolution.kind === 'method')
    return refusal(405, mockMessages.callMethodNotAllowed, {
      Allow: resolution.allowed.join(', '),
    });
  const { access } = resolution;
  if (access.kind === 'public' || access.kind === 'ownProtocol') return undefined;
  const user = sessionUser(request);
  if (!user) return fail(401, mockMessages.loginExpired);
  if (access.kind === 'signedIn') return undefined;
  const allowed =
    access.kind === 'superUser' ? isSuperUser(user) : holdsPermission(user, access.key);
  return allowed ? undefined : noPermission(url);
}

/** Every address's path (any origin: the browser worker lets only its own origin reach it). */
const ANY_ADDRESS = /^[a-z][a-z0-9+.-]*:\/\/[^/]+\//i;

/** The guard as the first handler of the list: it answers a refusal, or lets the call through. */
export function callGuard(routes: readonly MockRoute[]) {
  return http.all(ANY_ADDRESS, ({ request }) => admission(routes, request));
}
