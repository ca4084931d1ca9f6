/**
 * The contract checked from outside while a person uses the app: the production build (no mock
 * in the page) is served with /api and /ueditor proxied to Stoplight Prism's proxy, which stands
 * in front of `cli mock-server` with the contract bundle (tests/support/prism). Signed in once,
 * the walk opens every screen of 全部应用 from the drawer and every other screen of the registry,
 * waits for each to finish loading, and on each list opens 新增 and 查看 of its first row. It
 * fails on any call Prism found against the contract, request or answer, listing each
 * (method, path, message), and prints how many calls the app made.
 */
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { screens } from '@/app/screens';
import type { ScreenDefinition } from '@/core/screen';
import {
  receivedCalls,
  startPrismProxy,
  violationLines,
  violationsInAnswer,
  type Violation,
} from '../support/prism';
import { startMockServerProcess, type RunningProcess } from '../generator/cli-process';
import { launchChromium, newPage } from './support/browser';
import { trackRequests, type RequestTracker } from './support/requests';
import { productionBuild } from './support/production-build';
import { signIn, signInToSources } from './support/session';

let mock: (RunningProcess & { found: string }) | undefined;
let prism: (RunningProcess & { found: string }) | undefined;
let server: PreviewServer | undefined;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let site: string;

/** The app's calls to the back end (what goes through Prism). */
const isApiCall = (request: Request) =>
  /^\/(api|ueditor)(\/|$)/.test(new URL(request.url()).pathname);
const calls: string[] = [];
/** Those of them that were answered (a call cut short by a navigation may never reach Prism). */
const answered: string[] = [];
const told: Promise<Violation[]>[] = [];
const pageErrors: string[] = [];
/** The app's calls in flight (support/requests): "loaded" is none pending. */
let apiCalls: RequestTracker;

const LOADING = ':is(.p-datatable-loading-overlay, .p-progressbar, .p-skeleton)';

/** Loaded: nothing in `scope` shows it is loading, and no call is pending. */
async function settled(scope: Locator): Promise<void> {
  await scope.waitFor();
  await scope.locator(LOADING).first().waitFor({ state: 'detached' });
  await apiCalls.settled();
  await scope.locator(LOADING).first().waitFor({ state: 'detached' });
}

const viewOf = (pathname: string) => page.locator(`.shell-view[data-path="${pathname}"]`);

/** The screen shown: loaded, without an error boundary. */
async function shownScreen(): Promise<{ pathname: string; view: Locator }> {
  const pathname = new URL(page.url()).pathname;
  const view = viewOf(pathname);
  await settled(view);
  expect(await view.locator('.screen-error').count(), `error boundary on ${pathname}`).toBe(0);
  return { pathname, view };
}

/**
 * Opens what `button` opens, waits for its content to load and leaves it: a dialog (closed with
 * Esc) or a sub-screen (left with the browser's back). Resolves with the sub-screen's path.
 */
async function openAndLeave(button: Locator): Promise<string | undefined> {
  const before = new URL(page.url()).pathname;
  await button.click();
  await page.waitForFunction(
    (from) => location.pathname !== from || document.querySelector('[role="dialog"]'),
    before,
  );
  const dialog = page.getByRole('dialog').last();
  if (new URL(page.url()).pathname !== before) {
    const { pathname } = await shownScreen();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === before);
    return pathname;
  }
  await settled(dialog);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  return undefined;
}

/**
 * The row button that opens a sub-screen of a list: 编辑 for an edit page, else the screen's own
 * title (字段管理); none for an add page (the toolbar's 新增 opens it).
 */
function rowButtonOf(screen: ScreenDefinition): string | undefined {
  if (screen.path.endsWith('/add')) return undefined;
  return screen.path.endsWith('/edit') ? '编辑' : screen.title;
}

/**
 * On a list: 新增, then on its first row 查看 and the buttons to its sub-screens not seen yet,
 * each opened, loaded and left.
 */
async function typicalActions(pathname: string, view: Locator, visited: Set<string>) {
  const firstRow = view.locator('.p-datatable-tbody tr').first();
  const rowButtons = screens
    .filter((screen) => screen.parentPath === pathname && !visited.has(screen.path))
    .flatMap((screen) => rowButtonOf(screen) ?? []);
  const buttons = [
    view.getByRole('button', { name: '新增', exact: true }),
    ...['查看', ...rowButtons].map((name) => firstRow.getByRole('button', { name, exact: true })),
  ];
  let opened = 0;
  for (const button of buttons) {
    if ((await button.count()) !== 1 || !(await button.isEnabled())) continue;
    const subScreen = await openAndLeave(button);
    if (subScreen) visited.add(subScreen);
    opened += 1;
  }
  return opened;
}

beforeAll(async () => {
  const outDir = await productionBuild();
  mock = await startMockServerProcess();
  prism = await startPrismProxy(mock.found);
  server = await preview({
    logLevel: 'warn',
    build: { outDir },
    preview: {
      port: 0,
      host: '127.0.0.1',
      proxy: {
        '/api': prism.found,
        '/ueditor': prism.found,
        // Files and the live socket are no calls the contract describes.
        '/storage': mock.found,
        // Imported sources answer by their own documents (checked by `cli verify --source`).
        '/sources': mock.found,
        '/ws': { target: mock.found.replace(/^http/, 'ws'), ws: true },
      },
    },
  });
  site = (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '');
  browser = await launchChromium();
  ({ context, page } = await newPage(browser));
  apiCalls = trackRequests(page, isApiCall);
  page.on('request', (request) => {
    if (isApiCall(request)) calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  page.on('response', (response) => {
    const request = response.request();
    if (!isApiCall(request)) return;
    const call = { method: request.method(), path: new URL(request.url()).pathname };
    answered.push(`${call.method} ${call.path}`);
    told.push(violationsInAnswer(call, response.headers(), () => response.text()));
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${site}/login`);
  await signIn(page, 'admin');
  await page.waitForURL((url) => url.pathname === '/homepage');
  await signInToSources(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await prism?.stop();
  await mock?.stop();
});

describe('every screen through Prism in front of cli mock-server', () => {
  it('breaks the contract in no request and no answer', async () => {
    const visited = new Set<string>();
    let actions = 0;
    const visit = async () => {
      const { pathname, view } = await shownScreen();
      visited.add(pathname);
      actions += await typicalActions(pathname, view, visited);
    };
    await visit();

    // Every entry of 全部应用, from the drawer as a person opens it.
    await page.locator('.all-apps-button').click();
    const entries = await page.locator('.all-apps__item').allInnerTexts();
    await page.keyboard.press('Escape');
    for (const [index, entry] of entries.entries()) {
      // The screen of that title, or (an entry named otherwise) whichever the address changes to.
      const target = screens.find((screen) => screen.title === entry.trim())?.path;
      const before = new URL(page.url()).pathname;
      await page.locator('.all-apps-button').click();
      await page.locator('.all-apps__item').nth(index).click();
      await page.locator('.all-apps').waitFor({ state: 'hidden' });
      await page.waitForURL((url) => (target ? url.pathname === target : url.pathname !== before));
      await visit();
    }
    // The screens no menu entry opens (a user-menu entry, a sub-screen), by their address.
    for (const screen of screens.filter((candidate) => !visited.has(candidate.path))) {
      await page.goto(`${site}${screen.path}`);
      await page.waitForURL((url) => url.pathname === screen.path);
      await visit();
    }

    // Prism writes its log asynchronously: wait until every answered call is in it, so that
    // the last calls' lines (and any violation they report) are read too.
    await expect
      .poll(() => receivedCalls(prism?.output() ?? '').length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(answered.length);
    const log = prism?.output() ?? '';
    const violations = (await Promise.all(told)).flat();
    const listed = violations.map((item) => `${item.method} ${item.path}: ${item.message}`);
    const received = receivedCalls(log);
    console.info(
      `contract walk: ${visited.size} screens, ${actions} actions opened, ${calls.length} calls by the ` +
        `app, ${received.length} received by Prism, ${violations.length} violations`,
    );
    expect(
      screens.filter((screen) => !visited.has(screen.path)).map((screen) => screen.path),
    ).toEqual([]);
    expect(listed).toEqual([]);
    expect(violationLines(log)).toEqual([]);
    expect(pageErrors).toEqual([]);
    // Every call the app made went through Prism: none answered around it.
    expect(received.length).toBeGreaterThanOrEqual(answered.length);
  }, 600_000);

  it('reports a request that breaks the contract, with its call (the check is live)', async () => {
    const logBefore = prism?.output().length ?? 0;
    const [answer] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/login'),
      page.evaluate(() =>
        fetch('/api/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: 'admin' }),
        }),
      ),
    ]);
    expect(answer.status()).toBe(422);
    const reported = await violationsInAnswer(
      { method: 'POST', path: '/api/login' },
      answer.headers(),
      () => answer.text(),
    );
    expect(reported).toEqual([
      {
        method: 'POST',
        path: '/api/login',
        message: "Error body: Request body must have required property 'password'",
      },
    ]);
    await expect
      .poll(() => violationLines((prism?.output() ?? '').slice(logBefore)))
      .toEqual([expect.stringMatching(/post \/api\/login .*Request terminated with error/)]);
  });
});
