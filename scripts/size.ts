/**
 * `npm run size`: what a user downloads, measured in Chromium. Builds the production app and a
 * bare reference page (React 19 + react-router, one route, the same Vite), serves both on
 * loopback (the app's /api proxied to the HTTP mock server), and walks /login → sign in → the
 * homepage → 公告管理 (through 全部应用), summing gzip -9 of every JS file Chromium fetched at each step. Prints the
 * table with the ratios to the bare page and the budgets; exit 1 past a budget unless
 * `--report-only`. Not a timed test.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { startMockServer } from '../src/mocks/http-server';

const ROOT = path.resolve(import.meta.dirname, '..');
const WORK = path.join(ROOT, 'node_modules', '.cache', 'size');
const reportOnly = process.argv.includes('--report-only');
/** `--details`: every file of each step with its size, largest first (to find what to split). */
const details = process.argv.includes('--details');

/** The budgets of the production path: ratios to the bare page, and one increment in KB. */
const BUDGET = { login: 1.3, homepage: 3, crudIncrementKb: 60 };

/**
 * Libraries only the screens and dialogs that use them may load (editor, upload widget, cropper,
 * charts, spreadsheet, previewers, cloud upload, pinyin data): none of them may reach /login or the homepage.
 */
const HEAVY_PACKAGE =
  /node_modules\/(filepond[^/]*|react-filepond|react-easy-crop|@editorjs\/[^/]+|chart\.js|exceljs|mammoth|docx-preview|pdfjs-dist|ali-oss|pinyin-pro)\//;

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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Cold loads per page for the load-time figure (median; fresh context, so no cache). */
const COLD_LOADS = 7;
/** Goal for the cold load of /login against the bare page (printed, not enforced: timing noise). */
const COLD_LOAD_GOAL = 2;

/**
 * Milliseconds from navigation start until `selector` is in the page, median of fresh loads. The
 * moment is taken in the page (a MutationObserver from the first script), not by polling.
 */
async function coldLoadMs(browser: Browser, url: string, selector: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < COLD_LOADS; i += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    // A string, not a function: tsx would wrap named functions in a helper the page lacks.
    await page.addInitScript(`{
      const wanted = ${JSON.stringify(selector)};
      const observer = new MutationObserver(() => {
        if (window.shownAt === undefined && document.querySelector(wanted)) {
          window.shownAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    }`);
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt);
    times.push(await page.evaluate(() => (window as unknown as { shownAt: number }).shownAt));
    await context.close();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/** gzip -9 of one built JS file, by the address Chromium fetched it from. */
async function gzippedSize(distDir: string, url: string): Promise<number> {
  const file = path.join(distDir, new URL(url).pathname);
  return gzipSync(await readFile(file), { level: 9 }).length;
}

/** Collects the JS files a page fetches; `take()` returns and forgets those seen so far. */
function watchScripts(page: Page) {
  let seen: string[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (new URL(url).pathname.endsWith('.js')) seen.push(url);
  });
  return {
    take(): string[] {
      const taken = seen;
      seen = [];
      return taken;
    },
  };
}

/** The heavy packages inside the fetched files, read from the build's (hidden) source maps. */
async function heavyPackages(distDir: string, urls: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const url of new Set(urls)) {
    const map = path.join(distDir, `${new URL(url).pathname}.map`);
    // A chunk of bundler glue alone (the runtime helper) has no map and no package in it.
    const text = await readFile(map, 'utf8').catch(() => '{"sources":[]}');
    const { sources } = JSON.parse(text) as { sources: string[] };
    for (const source of sources) {
      // Sources are relative to the map (the build sits inside node_modules/.cache).
      const match = HEAVY_PACKAGE.exec(path.resolve(path.dirname(map), source));
      if (match?.[1]) found.add(match[1]);
    }
  }
  return [...found].sort();
}

async function sum(distDir: string, urls: string[], step = ''): Promise<number> {
  const unique = [...new Set(urls)];
  const sizes = await Promise.all(unique.map((url) => gzippedSize(distDir, url)));
  if (details && step) {
    console.log(`${step}:`);
    unique
      .map((url, index) => [new URL(url).pathname, sizes[index] ?? 0] as const)
      .sort((a, b) => b[1] - a[1])
      .forEach(([file, size]) => console.log(`  ${kb(size).padStart(10)}  ${file}`));
  }
  return sizes.reduce((total, size) => total + size, 0);
}

async function main(): Promise<void> {
  await rm(WORK, { recursive: true, force: true });
  const appDist = path.join(WORK, 'app');
  const referenceDir = path.join(WORK, 'reference');
  const referenceDist = path.join(referenceDir, 'dist');
  await mkdir(referenceDir, { recursive: true });
  await writeFile(path.join(referenceDir, 'index.html'), REFERENCE_HTML);
  await writeFile(path.join(referenceDir, 'main.tsx'), REFERENCE_MAIN);

  delete process.env.API_TARGET;
  await build({
    root: ROOT,
    mode: 'production',
    logLevel: 'warn',
    // Hidden maps: the same JS files (no map comment), read to name the packages in each.
    build: { outDir: appDist, emptyOutDir: true, sourcemap: 'hidden' },
  });
  await build({
    root: referenceDir,
    configFile: false,
    logLevel: 'warn',
    plugins: [(await import('@vitejs/plugin-react')).default()],
    build: { outDir: referenceDist, emptyOutDir: true },
  });

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
  const appUrl = await serve(ROOT, appDist, true);
  const referenceUrl = await serve(referenceDir, referenceDist, false);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const referencePage = await browser.newPage();
    const referenceScripts = watchScripts(referencePage);
    await referencePage.goto(referenceUrl, { waitUntil: 'networkidle' });
    await referencePage.getByRole('heading', { name: '登录' }).waitFor();
    const bare = await sum(referenceDist, referenceScripts.take());

    const page = await browser.newPage({ viewport: { width: 1930, height: 980 } });
    const scripts = watchScripts(page);
    await page.goto(`${appUrl}/login`, { waitUntil: 'networkidle' });
    await page.waitForSelector('#login-username');
    const loginFiles = scripts.take();
    const login = await sum(appDist, loginFiles, '/login');

    await page.fill('#login-username', 'admin');
    await page.fill('#login-password', 'Admin@123456');
    await page.fill('#login-captcha', '8888');
    await page.click('button[type=submit]');
    await page.waitForURL(/\/homepage$/);
    await page.waitForLoadState('networkidle');
    const homepageFiles = scripts.take();
    const homepage = await sum(appDist, homepageFiles, 'homepage');
    const heavy = await heavyPackages(appDist, [...loginFiles, ...homepageFiles]);

    // As a user gets there without opening another screen on the way (a top menu group opens
    // its first screen): 全部应用, then 公告管理.
    await page.getByRole('button', { name: '全部应用' }).click();
    await page.locator('.all-apps__item').getByText('公告管理', { exact: true }).click();
    await page.waitForURL(/\/system\/notice$/);
    await page.locator('.crud-page .p-datatable-tbody tr').first().waitFor();
    const crud = await sum(appDist, scripts.take(), '/system/notice');

    const loginRatio = login / bare;
    const homepageRatio = (login + homepage) / bare;
    const rows: [string, string, string, boolean][] = [
      ['bare React 19 + react-router page', kb(bare), '1.00×', true],
      [
        'JS to show /login',
        kb(login),
        `${loginRatio.toFixed(2)}× (budget ≤ ${BUDGET.login}×)`,
        loginRatio <= BUDGET.login,
      ],
      [
        '+ shell and homepage after sign-in',
        `+${kb(homepage)}`,
        `${homepageRatio.toFixed(2)}× cumulative (budget ≤ ${BUDGET.homepage}×)`,
        homepageRatio <= BUDGET.homepage,
      ],
      [
        '+ the first CRUD screen (/system/notice)',
        `+${kb(crud)}`,
        `budget ≤ ${BUDGET.crudIncrementKb} KB`,
        crud / 1024 <= BUDGET.crudIncrementKb,
      ],
      [
        'heavy libraries on /login and the homepage',
        heavy.length ? heavy.join(', ') : 'none',
        'budget: none (editor, FilePond, cropper, charts, exceljs, previewers, OSS)',
        heavy.length === 0,
      ],
    ];
    const bareLoad = await coldLoadMs(browser, referenceUrl, 'h1');
    const loginLoad = await coldLoadMs(browser, `${appUrl}/login`, '#login-username');
    const width = Math.max(...rows.map((row) => row[0].length));
    console.log('JS fetched by Chromium, gzip -9, production build (no mock):');
    for (const [label, size, ratio, within] of rows)
      console.log(`${within ? ' ' : '!'} ${label.padEnd(width)}  ${size.padStart(10)}  ${ratio}`);
    console.log(
      `cold load to the login form (median of ${COLD_LOADS}, loopback): ` +
        `${loginLoad.toFixed(0)} ms vs ${bareLoad.toFixed(0)} ms for the bare page = ` +
        `${(loginLoad / bareLoad).toFixed(2)}× (goal ≤ ${COLD_LOAD_GOAL}×, not enforced: timing varies with load)`,
    );
    const over = rows.filter((row) => !row[3]).length;
    if (over > 0) {
      console.log(`${over} budget(s) exceeded${reportOnly ? ' (report only)' : ''}.`);
      if (!reportOnly) process.exitCode = 1;
    } else {
      console.log('Every budget is met.');
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.close()));
    await backend.close();
  }
}

await main();
