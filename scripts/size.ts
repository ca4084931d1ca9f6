/**
 * `npm run size`: what a user downloads, measured in Chromium. Builds the production app and a
 * bare reference page (React 19 + react-router, one route, the same Vite), serves both on
 * loopback (the app's /api proxied to the HTTP mock server), and walks /login → sign in → the
 * homepage → 公告管理 (through 全部应用), summing gzip -9 of every JS file Chromium fetched at each step. Prints the
 * table with the ratios to the bare page and the budgets; exit 1 past a budget unless
 * `--report-only`. Not a timed test.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import {
  fillSignIn,
  buildApp,
  buildReference,
  launchChromium,
  median,
  ROOT,
  serveBuilds,
  shownAtScript,
  watchNetwork,
} from './bench-kit';

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
    await page.addInitScript(shownAtScript(selector));
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt);
    times.push(await page.evaluate(() => (window as unknown as { shownAt: number }).shownAt));
    await context.close();
  }
  return median(times);
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

/** Signs in on the login form shown and waits for the homepage to settle. */
async function signInAsAdmin(page: Page): Promise<void> {
  await fillSignIn(page);
  await page.click('button[type=submit]');
  await page.waitForURL(/\/homepage$/);
  await page.waitForLoadState('networkidle');
}

/** 全部应用 → 公告管理, as a user gets there without opening another screen on the way. */
async function openNoticeList(page: Page, network: { quiet(): Promise<void> }): Promise<void> {
  await page.getByRole('button', { name: '全部应用' }).click();
  await page.locator('.all-apps__item').getByText('公告管理', { exact: true }).click();
  await page.waitForURL(/\/system\/notice$/);
  await page
    .locator('.crud-page .p-datatable-tbody tr:not(.p-datatable-emptymessage)')
    .first()
    .waitFor();
  await network.quiet();
}

/** The paths of the JS 公告管理's list asks for when it fetches nothing ahead (Save-Data). */
async function listFilesWithoutFetchingAhead(
  browser: Browser,
  appUrl: string,
): Promise<Set<string>> {
  const page = await browser.newPage({ viewport: { width: 1930, height: 980 } });
  try {
    // A browser that asks to save data gets no form fetched ahead (src/components/crud/lazy-dialogs).
    await page.addInitScript({
      content: "Object.defineProperty(navigator, 'connection', { value: { saveData: true } });",
    });
    const network = watchNetwork(page);
    await page.goto(`${appUrl}/login`, { waitUntil: 'networkidle' });
    await signInAsAdmin(page);
    const scripts = watchScripts(page);
    await openNoticeList(page, network);
    return new Set(scripts.take().map((url) => new URL(url).pathname));
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  await rm(WORK, { recursive: true, force: true });
  const appDist = path.join(WORK, 'app');
  const referenceDir = path.join(WORK, 'reference');
  // Hidden maps: the same JS files (no map comment), read to name the packages in each.
  await buildApp(appDist, { sourcemap: 'hidden' });
  const referenceDist = await buildReference(referenceDir);
  const served = await serveBuilds({ dist: appDist }, { root: referenceDir, dist: referenceDist });
  const { appUrl, referenceUrl } = served;
  const browser = await launchChromium();
  try {
    const referencePage = await browser.newPage();
    const referenceScripts = watchScripts(referencePage);
    await referencePage.goto(referenceUrl, { waitUntil: 'networkidle' });
    await referencePage.getByRole('heading', { name: '登录' }).waitFor();
    const bare = await sum(referenceDist, referenceScripts.take());

    const page = await browser.newPage({ viewport: { width: 1930, height: 980 } });
    const scripts = watchScripts(page);
    const network = watchNetwork(page);
    await page.goto(`${appUrl}/login`, { waitUntil: 'networkidle' });
    await page.waitForSelector('#login-username');
    const loginFiles = scripts.take();
    const login = await sum(appDist, loginFiles, '/login');

    await signInAsAdmin(page);
    const homepageFiles = scripts.take();
    const homepage = await sum(appDist, homepageFiles, 'homepage');
    const heavy = await heavyPackages(appDist, [...loginFiles, ...homepageFiles]);

    await openNoticeList(page, network);
    // What the list fetches to fetch its form ahead (the form engine, the editor's code for 新增)
    // is not what showing the list costs: reported beside the budget, not in it. The list's own
    // files are those a list whose fetching ahead is held back asks for.
    const listOnly = await listFilesWithoutFetchingAhead(browser, appUrl);
    const crudFiles = scripts.take();
    const crud = await sum(
      appDist,
      crudFiles.filter((url) => listOnly.has(new URL(url).pathname)),
      '/system/notice',
    );
    const ahead = await sum(
      appDist,
      crudFiles.filter((url) => !listOnly.has(new URL(url).pathname)),
      '/system/notice, fetched ahead',
    );

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
        '  then its add/edit form, fetched ahead while the rows load',
        `+${kb(ahead)}`,
        'not in the budget: downloaded while the user reads the list',
        true,
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
    await served.close();
  }
}

await main();
