import { defineConfig } from 'vitest/config';

// End-to-end journeys drive a real Chromium against a built app served on loopback.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['./tests/e2e/global-setup.ts'],
    testTimeout: 120000,
    hookTimeout: 240000,
    fileParallelism: false,
  },
});
