/**
 * The handlers that may answer a call, found without asking each one. msw tries every handler
 * in turn and each reads the request's cookies (the page's cookie string and msw's cookie
 * store) before it looks at the path: ~70 handlers for every call the app makes. Here a
 * handler whose method or path cannot match is left out at once, and msw matches the rest in
 * their order as before, so what answers a call does not change.
 *
 * The mock's handlers are anchored patterns (../http-wrapper `anchoredPath`): the index tests
 * the very pattern msw tests, against the same text (origin and path). A text path (msw's own,
 * as a test may add) gets a looser test (`*` takes anything, a parameter anything within its
 * segment, case is ignored, a trailing slash is optional): it may keep a handler msw then
 * passes over, never drop one msw would use. A handler matched by a function or of another
 * kind is always kept.
 */
import { HttpHandler, type RequestHandler } from 'msw';

interface Entry {
  handler: RequestHandler;
  /** Undefined: any method. */
  method: string | undefined;
  /** Tested against the request's whole address without query; undefined: any address. */
  address: RegExp | undefined;
}

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/**
 * A loose pattern for an msw path: `*` and a repeated `:param+` stand for anything, `:param`
 * for anything within a path segment, `:param?` for such a segment or none (with its slash).
 */
export function looseAddressPattern(path: string): RegExp {
  let source = '';
  path.split(/(\*|:[A-Za-z_][A-Za-z0-9_]*[?+]?)/).forEach((part, index) => {
    if (index % 2 === 0) source += escape(part);
    // A parameter stays within a segment (as msw's does), unless repeated (`:param+`) or a
    // star: few unbounded `.*` keep the test near linear on a long hostile address.
    else if (part === '*' || part.endsWith('+')) source += '.*';
    else if (part.endsWith('?') && source.endsWith('/'))
      source = `${source.slice(0, -1)}(?:/[^/]*)?`;
    else source += '[^/]*';
  });
  source = source.replace(/\/$/, '');
  // A relative path is matched against the address's path; an absolute one from its start.
  const anchor = /^[a-z][a-z0-9+.-]*:\/\//i.test(path) || path.startsWith('*') ? '^' : '^.*?';
  return new RegExp(`${anchor}${source}/?$`, 'i');
}

function entryOf(handler: RequestHandler): Entry {
  if (!(handler instanceof HttpHandler)) return { handler, method: undefined, address: undefined };
  const { method, path } = handler.info;
  return {
    handler,
    method: typeof method === 'string' ? method.toUpperCase() : undefined,
    address:
      // A global or sticky pattern would carry state from one test to the next: kept, unindexed.
      path instanceof RegExp
        ? path.global || path.sticky
          ? undefined
          : path
        : typeof path === 'string'
          ? looseAddressPattern(path)
          : undefined,
  };
}

/** `handlers` indexed once: the ones of them that may answer `request`, in their order. */
export function handlerIndex(handlers: readonly RequestHandler[]) {
  const entries = handlers.map(entryOf);
  return (request: Request): RequestHandler[] => {
    const method = request.method.toUpperCase();
    const url = new URL(request.url);
    const address = `${url.origin}${url.pathname}`;
    return entries
      .filter(
        (entry) =>
          (entry.method === undefined || entry.method === method) &&
          (entry.address === undefined || entry.address.test(address)),
      )
      .map((entry) => entry.handler);
  };
}
