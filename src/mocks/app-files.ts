/**
 * The app's own files on its own origin: the built bundle under `assets/`, the dev server's
 * modules (`src/`, `node_modules/`, `@vite/`…), relative to the app's base. No mock handler
 * answers them, so they need not pass through the mock at all.
 */
export const APP_FILE = /^(?:assets|src|node_modules|@[a-z-]+)\//;

/**
 * The demo's service worker (public/mock-worker.js, msw's worker behind a door of ours) as the
 * page registers it under `base`: told the APP_FILE pattern, so those files skip the mock.
 */
export function mockWorkerUrl(base: string): string {
  return `${base}mock-worker.js?app-files=${encodeURIComponent(APP_FILE.source)}`;
}
