// @vitest-environment node
/**
 * The handler index the browser worker and `cli mock-server` put in front of msw: for a call,
 * the handlers that may answer it. Over the real handler table, every handler msw itself would
 * match for a call is kept (what answers cannot change), and a call to a fixed address meets a
 * handful of handlers instead of all of them.
 */
import { describe, expect, it } from 'vitest';
import { HttpHandler, matchRequestUrl, RequestHandler } from 'msw';
import { handlers } from '@/mocks/handlers';
import { handlerIndex, looseAddressPattern } from '@/mocks/handler-index';

const ORIGIN = 'http://localhost';
const requestHandlers = handlers.filter((handler) => handler instanceof RequestHandler);
const httpHandlers = requestHandlers.filter((handler) => handler instanceof HttpHandler);
const candidates = handlerIndex(requestHandlers);

/** An address the handler's path names: `*` at the start the origin, else `x`; params `p1`. */
function addressFor(path: string): string {
  return path
    .replace(/^\*/, ORIGIN)
    .replace(/\*/g, 'x')
    .replace(/:[A-Za-z_][A-Za-z0-9_]*/g, 'p1');
}

/** What msw decides for `handler` and a call, without the cookies: method and address. */
function mswMatches(handler: HttpHandler, method: string, url: string): boolean {
  const { method: expected, path } = handler.info;
  const methodMatches =
    typeof expected === 'string' ? expected.toUpperCase() === method : expected.test(method);
  // A handler matched by a function of its own: taken as matching (the index keeps it always).
  return (
    methodMatches && (typeof path === 'function' || matchRequestUrl(new URL(url), path).matches)
  );
}

const stringPaths = httpHandlers.flatMap((handler) =>
  typeof handler.info.path === 'string' ? [handler.info.path] : [],
);

describe('the handler index', () => {
  it('reads a real table with fixed and parameterised paths', () => {
    expect(stringPaths.length).toBeGreaterThan(40);
    expect(stringPaths).toContain('*/api/:group/:action');
  });

  it('keeps every handler msw would match, for a call to any handler’s address', () => {
    const urls = [
      ...new Set([
        ...stringPaths.map(addressFor),
        `${ORIGIN}/API/ADMINNOTICE/LIST`,
        `${ORIGIN}/api/adminnotice/list/`,
        `${ORIGIN}/api/module/add?x=1`,
      ]),
    ];
    const dropped: string[] = [];
    for (const url of urls) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        const kept = candidates(new Request(url, { method }));
        for (const handler of httpHandlers) {
          if (mswMatches(handler, method, url) && !kept.includes(handler))
            dropped.push(`${method} ${url}: ${handler.info.header}`);
        }
      }
    }
    expect(dropped).toEqual([]);
  });

  it('keeps the handlers in their order', () => {
    const kept = candidates(new Request(`${ORIGIN}/api/adminnotice/list`, { method: 'POST' }));
    const positions = kept.map((handler) => requestHandlers.indexOf(handler));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('leaves out the handlers of other addresses and methods', () => {
    const kept = candidates(new Request(`${ORIGIN}/api/module/add`, { method: 'POST' }));
    expect(kept.length).toBeLessThan(requestHandlers.length / 4);
    const fixed = kept.flatMap((handler) =>
      handler instanceof HttpHandler && typeof handler.info.path === 'string'
        ? [handler.info.path]
        : [],
    );
    expect(fixed).toContain('*/api/module/add');
    expect(fixed).not.toContain('*/api/module/edit');
    expect(fixed).not.toContain('*/api/attachmentcate/list');
  });
});

describe('a loose address pattern', () => {
  it('takes anything for a parameter or a star, any case, an optional trailing slash', () => {
    const pattern = looseAddressPattern('*/api/:group/:action');
    expect(pattern.test(`${ORIGIN}/api/adminnotice/list`)).toBe(true);
    expect(pattern.test(`${ORIGIN}/API/AdminNotice/List/`)).toBe(true);
    expect(pattern.test(`${ORIGIN}/storage/a.png`)).toBe(false);
  });

  it('takes anything for an optional or repeated parameter too', () => {
    const pattern = looseAddressPattern('*/api/:group/:action?');
    expect(pattern.test(`${ORIGIN}/api/adminnotice`)).toBe(true);
    expect(pattern.test(`${ORIGIN}/api/adminnotice/`)).toBe(true);
    expect(pattern.test(`${ORIGIN}/api/adminnotice/list`)).toBe(true);
    expect(
      matchRequestUrl(new URL(`${ORIGIN}/api/adminnotice`), '*/api/:group/:action?').matches,
    ).toBe(true);
    expect(looseAddressPattern('*/files/:path+').test(`${ORIGIN}/files/a/b.png`)).toBe(true);
  });

  it('reads a dot or a bracket in a path as itself', () => {
    const pattern = looseAddressPattern('*/ueditor/ue.php');
    expect(pattern.test(`${ORIGIN}/ueditor/ue.php`)).toBe(true);
    expect(pattern.test(`${ORIGIN}/ueditor/uexphp`)).toBe(false);
  });
});
