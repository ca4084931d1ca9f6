/**
 * msw's `http`, as every mock file uses it: each resolver is wrapped once, here, so no write
 * handler can answer a success for data that was not kept.
 *
 * - After a resolver that changes data (any method but GET/HEAD/OPTIONS) answers, `persist()`
 *   runs before the answer goes out: a handler that changed a row and forgot to persist still
 *   has it stored (browser storage, or the database of `cli mock-server --data-dir`) before the
 *   caller hears of it. Unchanged tables cost a comparison only.
 * - `StorageFullError` (./store: the demo's browser storage is full, the mock server's disk
 *   failed; the tables were already put back) is answered as that error in the call's own
 *   protocol — the `{ status: 201, msg }` envelope, the editor's `{ state }`, or whatever a
 *   protocol registered with `answerStorageFullWith` (cloud storage's XML) — never a 500 and
 *   never a success.
 *
 * - A path given as text is anchored at the address's root and matched in its own letter case
 *   (`anchoredPath`): `/api/login` answers `/api/login`, never `/x/api/login` nor `/API/login`
 *   — msw's own text paths take any prefix after a `*` and ignore case, which let calls past the
 *   call guard (./call-guard) that judges the path exactly as sent.
 *
 * Import `http` from here, not from msw. Anything else of msw is imported from msw.
 */
import {
  http as mswHttp,
  HttpResponse,
  type HttpHandler,
  type HttpResponseResolver,
  type RequestHandlerOptions,
} from 'msw';
import { fail } from './respond';
import { persist, READ_ONLY_METHODS, StorageFullError } from './store';

type Predicate = Parameters<typeof mswHttp.all>[0];
type Info = Parameters<HttpResponseResolver>[0];
type Answer = Response | undefined | void;
type Resolver = (info: Info) => Answer | Promise<Answer>;
type Method = 'all' | 'head' | 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options';

/** A protocol's own form of the refusal, or undefined when the request is not of it. */
type StorageFullAnswer = (request: Request, message: string) => Response | undefined;

const protocolAnswers: StorageFullAnswer[] = [];

/**
 * Registers how a protocol other than the `/api` envelope says "not stored" (cloud storage
 * answers OSS XML). A registration rather than an import: those protocol modules use this
 * `http` themselves, and an import back would be a cycle.
 */
export function answerStorageFullWith(answer: StorageFullAnswer): void {
  protocolAnswers.push(answer);
}

function storageFullAnswer(request: Request, message: string): Response {
  for (const answer of protocolAnswers) {
    const own = answer(request, message);
    if (own) return own;
  }
  // The editor's server side speaks UEditor: `state` is SUCCESS or the message.
  if (new URL(request.url).pathname.startsWith('/ueditor/'))
    return HttpResponse.json({ state: message });
  return fail(201, message);
}

function guarded(resolver: Resolver): Resolver {
  return async (info) => {
    try {
      const answer = await resolver(info);
      if (answer instanceof Response && !READ_ONLY_METHODS.has(info.request.method)) persist();
      return answer;
    } catch (error) {
      if (error instanceof StorageFullError) return storageFullAnswer(info.request, error.message);
      throw error;
    }
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The scheme and host of any address: the mock answers on whichever host it is reached. */
const ANY_ORIGIN = '^[a-z][a-z0-9+.-]*://[^/]+';

/**
 * A handler's path (`/api/:group/:action`, `/oss-mock/*`) as the pattern msw tests against an
 * address without its query: from the root of any origin, case-sensitive; `:name` is one
 * segment (a named group, which msw hands the resolver, decoded, as `params.name`), a final `*`
 * anything below; a trailing slash is optional, as the contract's paths read.
 */
export function anchoredPath(path: string): RegExp {
  if (!path.startsWith('/')) throw new Error(`mock handler path must start at the root: ${path}`);
  let source = '';
  path
    .replace(/\/$/, '')
    .split(/(:[A-Za-z_][A-Za-z0-9_]*|\*$)/)
    .forEach((part, index) => {
      if (index % 2 === 0) source += escape(part);
      else if (part === '*') source += '.*';
      else source += `(?<${part.slice(1)}>[^/]+)`;
    });
  // The scheme and host of a parsed URL are lower-case already: the whole pattern is case-sensitive.
  return new RegExp(`${ANY_ORIGIN}${source}/?$`);
}

function method(name: Method) {
  return (predicate: Predicate, resolver: Resolver, options?: RequestHandlerOptions): HttpHandler =>
    mswHttp[name](
      typeof predicate === 'string' ? anchoredPath(predicate) : predicate,
      guarded(resolver),
      options,
    );
}

export const http = {
  all: method('all'),
  head: method('head'),
  get: method('get'),
  post: method('post'),
  put: method('put'),
  delete: method('delete'),
  patch: method('patch'),
  options: method('options'),
};
