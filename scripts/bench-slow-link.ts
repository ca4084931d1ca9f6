/**
 * `npm run bench:slow [-- --runs 5] [-- --reuse]`: the app on a slow link, as issue 25 measured
 * it — 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up and the CPU four times slower, set through
 * the DevTools protocol (Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate) — on
 * the production build (its /api proxied to the HTTP mock server, as `npm run size` serves it).
 * Each run is a fresh browser context (nothing cached) that walks what a user does:
 * - /login: bytes transferred (as sent, gzip) and ms to the form, beside the bare React page;
 * - sign in → the homepage shown (its shortcuts drawn);
 * - 全部应用 → 公告管理 → its rows shown;
 * - 新增 → the form's rich-text editor ready (editable, and a key typed into it appears): clicked
 *   as soon as the rows are shown (the pointer on 新增 first), and — in a second context — after
 *   two seconds of reading the list and the network idle, as a user who looks before adding.
 * Prints min / median / max of every figure with the goal. `--reuse` keeps an earlier build.
 * Not a timed test: it reports, it does not fail.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
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

const WORK = path.join(ROOT, 'node_modules', '.cache', 'bench-slow');
const runsFlag = process.argv.indexOf('--runs');
const RUNS = Math.max(3, runsFlag > 0 ? Number(process.argv[runsFlag + 1]) || 3 : 3);

/** The link of issue 25 (bytes per second for the protocol). */
const LINK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

const GOAL = { loginRatio: 1.3, editorMs: 1500 };

const NOTICE = '/system/notice';

/** A fresh context on the slow link; `bytes()` is what it has received so far. */
async function slowPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  // tsx keeps function names through a `__name` helper, which the functions sent to
  // page.evaluate then call inside the page.
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  const session: CDPSession = await context.newCDPSession(page);
  let received = 0;
  session.on('Network.loadingFinished', ({ encodedDataLength }) => {
    received += encodedDataLength;
  });
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', LINK);
  await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, bytes: () => received, close: () => context.close() };
}

/** Navigation start → `selector` in the page (ms), then the bytes once the network is idle. */
async function coldLoad(browser: Browser, url: string, selector: string) {
  const slow = await slowPage(browser);
  await slow.page.addInitScript(shownAtScript(selector));
  await slow.page.goto(url, { waitUntil: 'networkidle' });
  await slow.page.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt);
  const ms = await slow.page.evaluate(() => (window as unknown as { shownAt: number }).shownAt);
  return { ...slow, ms, loaded: slow.bytes() };
}

/**
 * Clicks `target` inside the page and resolves with the ms until `done` holds, checked on every
 * frame (the click and the clock in the same place: no protocol round trip in the figure).
 */
function clickUntil(page: Page, target: string, done: string): Promise<number> {
  return page.evaluate(
    ({ target: clicked, done: shown }) =>
      new Promise<number>((resolve) => {
        const element = document.querySelector<HTMLElement>(clicked);
        const started = performance.now();
        element?.click();
        const check = () => {
          const elapsed = performance.now() - started;
          if (!element || elapsed > 60000) resolve(Number.NaN);
          else if (document.querySelector(shown)) resolve(elapsed);
          else requestAnimationFrame(check);
        };
        check();
      }),
    { target, done },
  );
}

interface Journey {
  loginMs: number;
  loginBytes: number;
  signInMs: number;
  rowsMs: number;
  editorMs: number;
}

interface Run extends Omit<Journey, 'editorMs'> {
  bareMs: number;
  bareBytes: number;
  editorAtOnceMs: number;
  editorSettledMs: number;
}

/** /login → homepage → 公告管理 → 新增 in a fresh context; `settle`: the list settles first. */
async function journey(browser: Browser, appUrl: string, settle: boolean): Promise<Journey> {
  const login = await coldLoad(browser, `${appUrl}/login`, '#login-username');
  const { page } = login;
  const network = watchNetwork(page);
  await fillSignIn(page);
  const signInMs = await clickUntil(
    page,
    '.login-form button[type=submit]',
    '.shell-view[data-path="/homepage"] .home-shortcut',
  );

  await page.locator('.all-apps-button').click();
  const entry = page.locator('.all-apps__item', { hasText: '公告管理' });
  await entry.waitFor();
  await entry.evaluate((item) => item.setAttribute('data-bench', 'notice'));
  const rowsMs = await clickUntil(
    page,
    '[data-bench="notice"]',
    `.shell-view[data-path="${NOTICE}"] .p-datatable-tbody tr:not(.p-datatable-emptymessage) td`,
  );

  if (settle) {
    // A user reading the list for two seconds before adding one: think time, not a wait for
    // the app (and the network quiet too, whatever the list fetched meanwhile).
    await page.waitForTimeout(2000);
    await network.quiet();
  }
  // As a user's pointer reaches the button before the click.
  const add = page.locator(`.shell-view[data-path="${NOTICE}"] .crud-page`).getByRole('button', {
    name: '新增',
    exact: true,
  });
  await add.hover();
  await add.evaluate((button) => button.setAttribute('data-bench', 'add'));
  const editorMs = await clickUntil(
    page,
    '[data-bench="add"]',
    '.p-dialog .rich-editor[data-ready="true"] [contenteditable="true"]',
  );
  // Ready means it takes what is typed.
  const paragraph = page.locator('.p-dialog .rich-editor .ce-paragraph').first();
  await paragraph.click();
  await page.keyboard.type('测');
  await paragraph.filter({ hasText: '测' }).waitFor({ timeout: 10000 });

  await login.close();
  return { loginMs: login.ms, loginBytes: login.loaded, signInMs, rowsMs, editorMs };
}

async function oneRun(browser: Browser, appUrl: string, referenceUrl: string): Promise<Run> {
  const bare = await coldLoad(browser, referenceUrl, 'h1');
  await bare.close();
  const { editorMs: editorAtOnceMs, ...atOnce } = await journey(browser, appUrl, false);
  const settled = await journey(browser, appUrl, true);
  return {
    bareMs: bare.ms,
    bareBytes: bare.loaded,
    ...atOnce,
    editorAtOnceMs,
    editorSettledMs: settled.editorMs,
  };
}

async function builtBefore(dir: string): Promise<boolean> {
  return stat(path.join(dir, 'index.html')).then(
    () => true,
    () => false,
  );
}

async function main(): Promise<void> {
  const appDist = path.join(WORK, 'app');
  const referenceDir = path.join(WORK, 'reference');
  const reuse = process.argv.includes('--reuse') && (await builtBefore(appDist));
  if (!reuse) await buildApp(appDist);
  const referenceDist = reuse
    ? path.join(referenceDir, 'dist')
    : await buildReference(referenceDir);
  const served = await serveBuilds({ dist: appDist }, { root: referenceDir, dist: referenceDist });
  const browser = await launchChromium();
  try {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1)
      runs.push(await oneRun(browser, served.appUrl, served.referenceUrl));
    const of = (key: keyof Run) => runs.map((run) => run[key]);
    const spread = (values: number[], unit: (value: number) => string) =>
      `${unit(median(values))} (${unit(Math.min(...values))}–${unit(Math.max(...values))})`;
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
    const bareMs = median(of('bareMs'));
    const bareBytes = median(of('bareBytes'));
    const loginMs = median(of('loginMs'));
    const loginBytes = median(of('loginBytes'));
    const editorMs = median(of('editorAtOnceMs'));
    const editorSettledMs = median(of('editorSettledMs'));
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `Slow link: ${LINK.latency} ms latency, 1.6 Mbit/s down, CPU ×${CPU_SLOWDOWN}; ` +
        `median (min–max) of ${RUNS} cold runs, production build.`,
    );
    console.log(
      [
        '| measure | figure | bare React page | ratio | goal | |',
        '|---|---|---|---|---|---|',
        `| /login transferred | ${spread(of('loginBytes'), kb)} | ${spread(of('bareBytes'), kb)} | ${ratio(loginBytes, bareBytes)} | ≤ ${GOAL.loginRatio}× | ${met(loginBytes / bareBytes <= GOAL.loginRatio)} |`,
        `| /login to the form | ${spread(of('loginMs'), ms)} | ${spread(of('bareMs'), ms)} | ${ratio(loginMs, bareMs)} | ≤ ${GOAL.loginRatio}× | ${met(loginMs / bareMs <= GOAL.loginRatio)} |`,
        `| sign in → homepage shown | ${spread(of('signInMs'), ms)} | | | | |`,
        `| 全部应用 → 公告管理 rows shown | ${spread(of('rowsMs'), ms)} | | | | |`,
        `| 新增 → editor ready, clicked as the rows appear | ${spread(of('editorAtOnceMs'), ms)} | | | ≤ ${GOAL.editorMs} ms | ${met(editorMs <= GOAL.editorMs)} |`,
        `| 新增 → editor ready, clicked once the list settled | ${spread(of('editorSettledMs'), ms)} | | | ≤ ${GOAL.editorMs} ms | ${met(editorSettledMs <= GOAL.editorMs)} |`,
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await served.close();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
