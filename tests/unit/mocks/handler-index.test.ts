// @vitest-environment node
/**
 * The handler index the browser worker and `cli mock-server` put in front of msw: for a call,
 * the handlers that may answer it. Over the real handler table, every handler msw itself would
 * match for a call is kept (what answers cannot change), and a call to a fixed address meets a
 * handful of handlers instead of all of them. The handlers are anchored at the address's root
 * and case-sensitive: a prefixed or upper-cased address reaches none of them but the guard.
 */
import { describe, expect, it } from 'vitest';
import { HttpHandler, matchRequestUrl, RequestHandler } from 'msw';
import contract from '@generated/openapi.json';
import { isRecord } from '@/core/guards';
import { handlers } from '@/mocks/handlers';
import { handlerIndex, looseAddressPattern } from '@/mocks/handler-index';
import { anchoredPath } from '@/mocks/http-wrapper';

const ORIGIN = 'http://localhost';
const requestHandlers = handlers.filter((handler) => handler instanceof RequestHandler);
const httpHandlers = requestHandlers.filter((handler) => handler instanceof HttpHandler);
const candidates = handlerIndex(requestHandlers);

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

/** Every path of the contract, its parameters filled in (`{module}` → adminnotice). */
const contractPaths = Object.keys(isRecord(contract.paths) ? contract.paths : {}).map((path) =>
  path.replace(/\{[^}]+\}/g, 'adminnotice'),
);

/** The handler of one anchored path (../http-wrapper), or undefined. */
function handlerOf(path: string): HttpHandler | undefined {
  const { source } = anchoredPath(path);
  return httpHandlers.find(
    (handler) => handler.info.path instanceof RegExp && handler.info.path.source === source,
  );
}

describe('the handler index', () => {
  it('reads a real table of anchored paths', () => {
    expect(httpHandlers.length).toBeGreaterThan(40);
    expect(httpHandlers.filter((handler) => typeof handler.info.path === 'string')).toEqual([]);
    expect(handlerOf('/api/:group/:action')).toBeDefined();
  });

  it('keeps every handler msw would match, for every call of the contract and hostile ones', () => {
    const urls = [
      ...new Set([
        ...contractPaths.map((path) => `${ORIGIN}${path}`),
        ...contractPaths.map((path) => `${ORIGIN}/x${path}`),
        ...contractPaths.map((path) => `${ORIGIN}${path.toUpperCase()}`),
        `${ORIGIN}/api/adminnotice/list/`,
        `${ORIGIN}/api/module/add?x=1`,
        `${ORIGIN}/storage/mock/12`,
        `${ORIGIN}/oss-mock/uploads/a.png`,
        `${ORIGIN}/sources/petstore/pet/1`,
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
    expect(kept).toContain(handlerOf('/api/module/add'));
    expect(kept).not.toContain(handlerOf('/api/module/edit'));
    expect(kept).not.toContain(handlerOf('/api/attachmentcate/list'));
  });

  it('gives an address under a prefix or in another letter case to no handler but the guard', () => {
    const guard = requestHandlers[0];
    const answering = (url: string) =>
      ['GET', 'POST'].flatMap((method) =>
        httpHandlers
          .filter((handler) => handler !== guard && mswMatches(handler, method, url))
          .map((handler) => `${method} ${url}: ${handler.info.header}`),
      );
    const hostile = contractPaths.flatMap((path) => [
      `${ORIGIN}/x${path}`,
      `${ORIGIN}/storage/x${path}`,
      `${ORIGIN}${path.toUpperCase()}`,
    ]);
    expect(hostile.flatMap(answering)).toEqual([]);
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
