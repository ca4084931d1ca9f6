import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Where the back end is:
 * - `npm start` (dev server): the built-in mock backend (MSW worker), unless `API_TARGET=<url>`,
 *   which proxies the back-end paths to that server instead;
 * - `npm run build` (production): no mock at all — the app calls `/api` on its own origin;
 * - `npm run build:demo` (`--mode demo`): the static demo with the mock backend in the browser.
 */
const apiTarget = process.env.API_TARGET;
const proxiedPrefixes = ['/api', '/ueditor', '/storage'];

/** The production build ships no mock: not even the service worker script from public/. */
function withoutMockWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'without-mock-worker',
    apply: (_config, env) => env.command === 'build' && env.mode !== 'demo',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await rm(path.join(outDir, 'mockServiceWorker.js'), { force: true });
    },
  };
}

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), withoutMockWorker()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@generated': fileURLToPath(new URL('./generated', import.meta.url)),
    },
  },
  define: {
    __MOCK_BACKEND__: JSON.stringify(command === 'serve' ? !apiTarget : mode === 'demo'),
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: apiTarget
      ? Object.fromEntries(
          proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
        )
      : undefined,
  },
}));
