import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workerCount } from './scripts/test-workers.ts';

// End-to-end journeys drive a real Chromium against a built app served on loopback.
export default defineConfig({
  // The journeys read the app's own screen registry (the same aliases as the app).
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@generated': fileURLToPath(new URL('./generated', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['./tests/e2e/global-setup.ts'],
    testTimeout: 120000,
    hookTimeout: 240000,
    // Files side by side (one per two cores, at least two: scripts/test-workers.ts),
    // each with its own Chromium: the journeys of one file share nothing with another's (the demo's mock lives in each browser context; the files that serve a
    // backend start their own on free ports), and most of a journey's time is waiting.
    fileParallelism: true,
    maxWorkers: workerCount('e2e'),
    // The files of a worker share its modules: Playwright's client (1.1 CPU-seconds to load) and
    // the support modules are loaded once per worker instead of once per file. Each file
    // launches and closes its own Chromium and servers, and keeps its state in its own module.
    // The whole run: the workers 190 → 129 CPU-seconds.
    isolate: false,
  },
});
