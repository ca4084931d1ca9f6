/**
 * `npm run bench:ui [-- --cycles 100]`: how the shell feels, measured in Chromium on the demo
 * build (mock backend in the browser). Prints:
 * - switching to an already-open kept-alive tab: click → the screen shown (median of 20);
 * - a list's page size 10 → 50: choosing the option → the rows on screen;
 * - DOM nodes and JS heap (after a forced GC) after the first open-close pass and after
 *   `--cycles` passes of opening 管理员管理 and 公告管理 from the menu and closing all tabs.
 * Not a timed test: it reports figures, it does not fail.
 */
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { build, preview } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'node_modules', '.cache', 'bench-ui');
const cyclesFlag = process.argv.indexOf('--cycles');
const CYCLES = cyclesFlag > 0 ? Number(process.argv[cyclesFlag + 1]) || 100 : 100;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Opens a screen as a user does: the menu group in the header, then the sidebar entry. */
async function openFromMenu(page: Page, group: string, item: string, target: string) {
  await page.locator('header').getByText(group, { exact: true }).click();
  await page.locator('aside').getByText(item, { exact: true }).click();
  await page.waitForURL((url) => url.pathname === target);
  await page.locator(`.shell-view[data-path="${target}"] .p-datatable-tbody tr`).first().waitFor();
}

/** Click on a history tab → its kept screen displayed, in ms (measured inside the page). */
function switchTab(page: Page, target: string): Promise<number> {
  return page.evaluate(
    (to) =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        document.querySelector<HTMLElement>(`.history-tab[data-path="${to}"]`)?.click();
        const check = () => {
          const view = document.querySelector<HTMLElement>(`.shell-view[data-path="${to}"]`);
          const elapsed = performance.now() - started;
          // Reported as a failure (NaN) rather than waiting for ever.
          if (elapsed > 10000) resolve(Number.NaN);
          else if (location.pathname === to && view && view.offsetParent !== null) resolve(elapsed);
          else requestAnimationFrame(check);
        };
        check();
      }),
    target,
  );
}

async function pageSizeChange(page: Page, target: string): Promise<number> {
  const view = page.locator(`.shell-view[data-path="${target}"]`);
  await view.locator('.p-paginator .p-dropdown').click();
  return page.evaluate(
    (to) =>
      new Promise<number>((resolve) => {
        const option = [...document.querySelectorAll<HTMLElement>('.p-dropdown-item')].find(
          (item) => item.textContent?.trim() === '50',
        );
        const view = () => document.querySelector(`.shell-view[data-path="${to}"]`);
        // Re-rendered: the paginator shows 50 and the list is not loading any more.
        const done = () =>
          view()?.querySelector('.p-paginator .p-dropdown-label')?.textContent?.trim() === '50' &&
          !view()?.querySelector('.p-datatable-loading-overlay');
        const started = performance.now();
        option?.click();
        const check = () => {
          const elapsed = performance.now() - started;
          if (elapsed > 10000) resolve(Number.NaN);
          else if (done()) requestAnimationFrame(() => resolve(performance.now() - started));
          else requestAnimationFrame(check);
        };
        check();
      }),
    target,
  );
}

async function memory(page: Page): Promise<{ nodes: number; heapMb: number }> {
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
  const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  await session.detach();
  return { nodes, heapMb: usedSize / 1024 / 1024 };
}

async function closeAllTabs(page: Page) {
  await page.locator('.history-tab').last().click({ button: 'right' });
  await page.locator('.history-tabs__menu').getByText('关闭全部', { exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/homepage');
}

async function main(): Promise<void> {
  delete process.env.API_TARGET;
  await build({ root: ROOT, mode: 'demo', logLevel: 'warn', build: { outDir: DIST } });
  const server = await preview({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir: DIST },
    preview: { port: 0, host: '127.0.0.1' },
  });
  const baseUrl = (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1930, height: 980 } });
    // tsx compiles this file keeping function names through a `__name` helper, which the
    // functions sent to page.evaluate then call inside the page.
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await page.goto(`${baseUrl}/login`);
    await page.fill('#login-username', 'admin');
    await page.fill('#login-password', 'Admin@123456');
    await page.fill('#login-captcha', '8888');
    await page.click('button[type=submit]');
    await page.waitForURL((url) => url.pathname === '/homepage');

    const user = ['组织权限', '管理员管理', '/system/user'] as const;
    const notice = ['系统管理', '公告管理', '/system/notice'] as const;
    await openFromMenu(page, ...user);
    await openFromMenu(page, ...notice);
    const switches: number[] = [];
    for (let i = 0; i < 20; i += 1)
      switches.push(await switchTab(page, i % 2 === 0 ? user[2] : notice[2]));
    await switchTab(page, user[2]);
    const pageSize = await pageSizeChange(page, user[2]);

    await closeAllTabs(page);
    const firstPass = await memory(page);
    for (let cycle = 1; cycle < CYCLES; cycle += 1) {
      await openFromMenu(page, ...user);
      await openFromMenu(page, ...notice);
      await closeAllTabs(page);
    }
    const last = await memory(page);

    const pct = (after: number, before: number) =>
      `${after >= before ? '+' : ''}${(((after - before) / before) * 100).toFixed(1)} %`;
    console.log(
      `switch to an open kept-alive tab (median of 20): ${median(switches).toFixed(0)} ms`,
    );
    console.log(`page size 10 → 50 on 管理员管理: ${pageSize.toFixed(0)} ms`);
    console.log(
      `after the first open-close pass: ${firstPass.nodes} DOM nodes, ${firstPass.heapMb.toFixed(1)} MB heap`,
    );
    console.log(
      `after ${CYCLES} passes: ${last.nodes} DOM nodes (${pct(last.nodes, firstPass.nodes)}), ` +
        `${last.heapMb.toFixed(1)} MB heap (${pct(last.heapMb, firstPass.heapMb)})`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
