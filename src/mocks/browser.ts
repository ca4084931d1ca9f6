/**
 * The mock backend in the browser: an MSW service worker answering with the same handlers
 * as vitest and `cli mock-server`. The app entry calls `startMockWorker()` when
 * `__MOCK_BACKEND__` is true (no API_TARGET), before rendering.
 */
import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

export const worker = setupWorker(...handlers);

/** How long a freshly registered worker may take to take control of the page. */
const CONTROL_TIMEOUT_MS = 10_000;

export async function startMockWorker(): Promise<void> {
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
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
