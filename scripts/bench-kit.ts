/**
 * What the measuring scripts share (`npm run size`, `npm run bench:slow`): the production build
 * of the app, the bare reference page (React 19 + react-router, one route, the same Vite), both
 * served on loopback with the app's /api proxied to the HTTP mock server, and Chromium.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { startMockServer } from '../src/mocks/http-server';

export const ROOT = path.resolve(import.meta.dirname, '..');

const REFERENCE_HTML = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" />
<title>reference</title></head><body><div id="root"></div>
<script type="module" src="./main.tsx"></script></body></html>`;

const REFERENCE_MAIN = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

const router = createBrowserRouter([{ path: '*', element: <h1>登录</h1> }]);
createRoot(document.getElementById('root')!).render(
  <StrictMode><RouterProvider router={router} /></StrictMode>,
);`;

/** The production app (no mock in it) into `outDir`; hidden maps name the packages of a chunk. */
export async function buildApp(outDir: string, options: { sourcemap?: 'hidden' } = {}) {
  delete process.env.API_TARGET;
  await build({
    root: ROOT,
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: options.sourcemap ?? false },
  });
}

/** The bare reference page, written into `dir` and built into `dir`/dist (returned). */
export async function buildReference(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'index.html'), REFERENCE_HTML);
  await writeFile(path.join(dir, 'main.tsx'), REFERENCE_MAIN);
  const outDir = path.join(dir, 'dist');
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [(await import('@vitejs/plugin-react')).default()],
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

export interface Served {
  appUrl: string;
  referenceUrl: string;
  close(): Promise<void>;
}

/**
 * Both builds on loopback through Vite's preview server (gzip, as nginx serves them): the app
 * with /api and /ueditor proxied to the HTTP mock server, the reference page on its own.
 */
export async function serveBuilds(
  app: { dist: string },
  reference: { root: string; dist: string },
): Promise<Served> {
  const backend = await startMockServer({ port: 0, host: '127.0.0.1' });
  const servers: PreviewServer[] = [];
  const serve = async (root: string, outDir: string, proxy: boolean) => {
    const server = await preview({
      root,
      configFile: false,
      logLevel: 'warn',
      build: { outDir },
      preview: {
        port: 0,
        host: '127.0.0.1',
        proxy: proxy
          ? Object.fromEntries(['/api', '/ueditor'].map((prefix) => [prefix, backend.url]))
          : undefined,
      },
    });
    servers.push(server);
    return (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '');
  };
  const appUrl = await serve(ROOT, app.dist, true);
  const referenceUrl = await serve(reference.root, reference.dist, false);
  return {
    appUrl,
    referenceUrl,
    async close() {
      await Promise.all(servers.map((server) => server.close()));
      await backend.close();
    },
  };
}

export { launchChromium } from './chromium';

/**
 * An init script that stamps `window.shownAt` (ms since navigation start) the moment `selector`
 * is in the page: taken in the page by a MutationObserver from the first script, not by polling.
 * A string, not a function: tsx would wrap named functions in a helper the page lacks.
 */
export function shownAtScript(selector: string): string {
  return `{
    const wanted = ${JSON.stringify(selector)};
    const observer = new MutationObserver(() => {
      if (window.shownAt === undefined && document.querySelector(wanted)) {
        window.shownAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  }`;
}

/**
 * Resolves once `page` has had no request in flight for `quietMs` (Playwright's 'networkidle' is
 * the page load's, long past in a single-page app): whatever a click or a shown screen started,
 * fetched ahead or not, has arrived. Start watching before the action that fetches.
 */
export function watchNetwork(page: Page) {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const change = () => {
    lastChange = Date.now();
  };
  page.on('request', (request) => (inFlight.add(request), change()));
  page.on('requestfinished', (request) => (inFlight.delete(request), change()));
  page.on('requestfailed', (request) => (inFlight.delete(request), change()));
  return {
    async quiet(quietMs = 500): Promise<void> {
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs)
        await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The app's demo account, as the login form takes it. */
export const ADMIN = { username: 'admin', password: 'Admin@123456', captcha: '8888' };

/** Types the demo account into the login form shown; the caller submits (some scripts time it). */
export async function fillSignIn(page: Page): Promise<void> {
  await page.fill('#login-username', ADMIN.username);
  await page.fill('#login-password', ADMIN.password);
  await page.fill('#login-captcha', ADMIN.captcha);
}
