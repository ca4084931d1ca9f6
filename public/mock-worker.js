/**
 * The demo's service worker: msw's worker script (./mockServiceWorker.js, kept exactly as msw
 * ships it) behind a door of our own. msw's worker sends every request of the page it controls
 * to the page and waits for the mock's answer, the app's own scripts, styles and fonts included,
 * which no handler answers: a round trip through both threads for each of them, about half of
 * the worker's time in a sign-in. Requests for those files (the `app-files` pattern the page
 * registers the worker with, relative to the worker's folder; src/mocks/browser.ts) stop here,
 * before msw's listener sees them, and go to the server as without a worker.
 */
const workerFolder = new URL('./', self.location.href);
const appFiles = new RegExp(new URL(self.location.href).searchParams.get('app-files') ?? '(?!)');

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== workerFolder.origin || !url.pathname.startsWith(workerFolder.pathname)) return;
  if (appFiles.test(url.pathname.slice(workerFolder.pathname.length))) {
    event.stopImmediatePropagation();
  }
});

importScripts('./mockServiceWorker.js');
