/**
 * The mock backend in the browser: an MSW service worker answering with the same handlers
 * as vitest and `cli mock-server`. The app entry calls `startMockWorker()` when
 * `__MOCK_BACKEND__` is true (no API_TARGET), before rendering.
 */
import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

export const worker = setupWorker(...handlers);

export async function startMockWorker(): Promise<void> {
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
}

export { resetMockDatabase } from './store';
