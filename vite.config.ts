import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import type { Plugin } from 'vite';
// The build's own plugins: vite-plugins/, apart from the benches and tooling of scripts/.
import { loginTheme } from './vite-plugins/login-theme.ts';
import { previewAssets } from './vite-plugins/preview-assets.ts';
import { thirdPartyLicenses } from './vite-plugins/third-party-licenses.ts';

/**
 * Where the back end is:
 * - `npm start` (dev server): the built-in mock backend (MSW worker), unless `API_TARGET=<url>`,
 *   which proxies the back-end paths to that server instead;
 * - `npm run build` (production): no mock at all — the app calls `/api` on its own origin;
 * - `npm run build:demo` (`--mode demo`): the static demo with the mock backend in the browser.
 */
const apiTarget = process.env.API_TARGET;
const proxiedPrefixes = ['/api', '/ueditor', '/storage', '/sources'];

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
      for (const file of ['mockServiceWorker.js', 'mock-worker.js'])
        await rm(path.join(outDir, file), { force: true });
    },
  };
}

/**
 * The app's own TypeScript (src/, generated/) runs nothing on import that another module relies
 * on without importing one of its exports. Telling the bundler so lets a screen that imports one
 * block from a folder's index.ts (e.g. CrudPage from '@/components/crud') load that block alone,
 * not every block the index re-exports (the tree table, the form engine, every form control).
 * Style sheets and packages keep their side effects.
 */
const ownFolders = ['src', 'generated'].map((folder) =>
  fileURLToPath(new URL(`./${folder}/`, import.meta.url)),
);
const isOwnCode = (id: string) =>
  /\.tsx?$/.test(id) && ownFolders.some((folder) => id.startsWith(folder));

/**
 * What every list screen needs besides PrimeReact's DataTable, in one chunk instead of a dozen
 * small ones (each fetched and compressed on its own). Only these modules: what they import stays
 * in its own chunks, so the forms, detail and recycle-bin dialogs (loaded on first opening) and
 * the tree table stay out of it, and so do 导入 / 导出 (loaded with the lists that offer them).
 * `npm run size` measures the first list screen against its budget.
 */
const LIST_SCREEN_MODULES = [
  'components/crud/(crud-page|crud-list|crud-table|table-parts|cell-widgets|editable-cell|use-crud-list|crud-queries|cell-format|cell-view|permission-keys|lazy-dialogs|filter-control|keyword-search|pending-confirm-dialog)',
  'components/form/(option-sources|controls/select-one|controls/option-status)',
  'core/attachment',
];
const listScreenChunk = {
  name: 'crud-list',
  test: new RegExp(`/src/(${LIST_SCREEN_MODULES.join('|')})\\.tsx?$`),
  includeDependenciesRecursively: false,
};

/**
 * Everything the entry imports statically, in one chunk: shared with the screens' chunks, these
 * modules would otherwise be split into a handful of small files (the session, the request
 * client, the JSX runtime…), each a request of its own on the way to /login.
 */
const bootChunk = { name: 'boot', tags: ['$initial' as const] };

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), loginTheme(), withoutMockWorker(), thirdPartyLicenses(), previewAssets()],
  build: {
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !isOwnCode(id) },
      output: { codeSplitting: { groups: [bootChunk, listScreenChunk] } },
    },
  },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@generated': fileURLToPath(new URL('./generated', import.meta.url)),
      // The demo's in-browser mock: msw's cookie jar asks tldts only for the registrable domain
      // of the mock's own host, not worth tldts's whole public-suffix list (see the stub).
      ...(mode === 'demo'
        ? { tldts: fileURLToPath(new URL('./src/mocks/tldts-stub.ts', import.meta.url)) }
        : {}),
    },
  },
  define: {
    __MOCK_BACKEND__: JSON.stringify(command === 'serve' ? !apiTarget : mode === 'demo'),
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: apiTarget
      ? {
          // xfwd: X-Forwarded-Host names the page's host, where the socket status call's address
          // must point (src/mocks/handlers/shell.ts), not the API server's that Host now names.
          ...Object.fromEntries(
            proxiedPrefixes.map((prefix) => [
              prefix,
              { target: apiTarget, changeOrigin: true, xfwd: true },
            ]),
          ),
          // The live connection keeps the page's Host: the server lets in pages of the host it
          // was reached at only (src/mocks/socket-server.ts).
          '/ws': { target: apiTarget, ws: true },
        }
      : undefined,
  },
}));
