/**
 * The page's requests in flight, counted from Playwright's request events: "the page has
 * finished loading" as a signal rather than a wait. Playwright's `networkidle` waits for 500 ms
 * without any connection after the last one, a fixed half second per screen however fast the
 * screen was; this resolves as soon as nothing counted is in flight and the page has drawn two
 * more frames without starting anything (a call that follows another's answer — a dependent
 * query, the next lazy chunk — starts in the render or effect that answer causes, within them).
 */
import type { Page, Request } from 'playwright-core';

export interface RequestTracker {
  /** Resolves once nothing counted is in flight and two frames passed without a new request. */
  readonly settled: () => Promise<void>;
}

/** Starts counting `page`'s requests that `counts` accepts (every request by default). */
export function trackRequests(
  page: Page,
  counts: (request: Request) => boolean = () => true,
): RequestTracker {
  /** The requests counted and not yet answered (or failed): one seen only ending is ignored. */
  const inFlight = new Set<Request>();
  /** Bumped by every counted request: a new one during the frames means not settled yet. */
  let started = 0;
  let waiting: (() => void)[] = [];
  const finished = (request: Request) => {
    if (!inFlight.delete(request) || inFlight.size > 0) return;
    waiting.forEach((resolve) => resolve());
    waiting = [];
  };
  page.on('request', (request) => {
    if (!counts(request)) return;
    inFlight.add(request);
    started += 1;
  });
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);

  const noneInFlight = () =>
    inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve));
  const twoFrames = () =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    );

  return {
    async settled() {
      for (;;) {
        await noneInFlight();
        const before = started;
        await twoFrames();
        if (inFlight.size === 0 && started === before) return;
      }
    },
  };
}

/** Every request of each page made by ./browser's `newPage`, counted from its start. */
const pageRequests = new WeakMap<Page, RequestTracker>();

/** Counts every request of a new `page` for `loaded` (./browser's `newPage` calls it). */
export function trackPage(page: Page): void {
  pageRequests.set(page, trackRequests(page));
}

/** Resolves once `page` (made by `newPage`) has no request in flight: see `settled`. */
export function loaded(page: Page): Promise<void> {
  const requests = pageRequests.get(page);
  if (!requests) throw new Error('loaded(page): the page was not made by newPage()');
  return requests.settled();
}
