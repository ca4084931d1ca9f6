/**
 * The mock backend in the browser: an MSW service worker answering with the same handlers
 * as vitest and `cli mock-server`. The app entry calls `startMockWorker()` when
 * `__MOCK_BACKEND__` is true (no API_TARGET), before rendering.
 */
import { getResponse, http, passthrough, RequestHandler } from 'msw';
import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';
import { APP_FILE, mockWorkerUrl } from './app-files';
import { handlerIndex } from './handler-index';

function isAppFile(url: URL): boolean {
  const base = import.meta.env.BASE_URL;
  return (
    url.origin === location.origin &&
    url.pathname.startsWith(base) &&
    APP_FILE.test(url.pathname.slice(base.length))
  );
}

/**
 * What the mock may answer: its own origin's calls only (a CDN's or another site's `/api/…` is
 * never answered by the demo's back end), and not the app's own files.
 */
function isMockCall(url: URL): boolean {
  return url.origin === location.origin && !isAppFile(url);
}

const requestHandlers = handlerIndex(
  handlers.filter((handler) => handler instanceof RequestHandler),
);
const socketHandlers = handlers.filter((handler) => !(handler instanceof RequestHandler));

/**
 * msw sends every request of the page through the handlers, and reads the page's cookies and
 * its cookie store once per handler it tries. The worker lets the app's files past
 * (./app-files.ts); should one still arrive (a worker registered by an older build), the front
 * door passes it through at once, as it does every request to another origin. Every other request meets the handlers that may answer it
 * (./handler-index.ts), in their order, as before, and goes to the network when none answers.
 */
const frontDoor = http.all(
  ({ request }) => isMockCall(new URL(request.url)),
  async ({ request }) => (await getResponse(requestHandlers(request), request)) ?? passthrough(),
);

export const worker = setupWorker(frontDoor, ...socketHandlers);

/** How long a freshly registered worker may take to take control of the page. */
const CONTROL_TIMEOUT_MS = 10_000;

export async function startMockWorker(): Promise<void> {
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: mockWorkerUrl(import.meta.env.BASE_URL) },
  });
  await controlled();
}

/**
 * Resolves once the worker controls this page. MSW's worker unregisters itself when its last
 * page closes; a page opened at that moment starts uncontrolled, and `start()` can resolve
 * (the new worker answered) before `clients.claim()` reaches the page. Calls made in between
 * would bypass the mock and reach the static server (404), so the app waits for control.
 */
function controlled(): Promise<void> {
  const { serviceWorker } = navigator;
  if (serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      serviceWorker.removeEventListener('controllerchange', done);
      resolve();
    };
    // Not taken within the time (e.g. a hard reload, which bypasses workers): go on as before.
    const timer = setTimeout(done, CONTROL_TIMEOUT_MS);
    serviceWorker.addEventListener('controllerchange', done);
  });
}

export { resetMockDatabase } from './reset';
