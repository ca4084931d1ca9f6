/**
 * One session across the browser's tabs (spec section 2), as an intranet deploys the app: the
 * production build behind deploy/nginx.conf over plain HTTP under a host name that is not
 * localhost (`admin.intranet.test`, mapped to 127.0.0.1) — no secure context, so no Web Crypto.
 * A bookmark or a ctrl+click opened in a new tab starts signed in while another tab is; signing
 * out in one tab signs out the others; a new tab with no signed-in tab left shows the login page;
 * a page of another origin (`evil.intranet.test`) hears nothing of the session.
 */
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { launchChromium, newPage, screenshot } from './support/browser';
import { productionBuild } from './support/production-build';
import { signIn } from './support/session';
import { startNginx, type RunningNginx } from '../support/nginx';

const HOST = 'admin.intranet.test';
const FOREIGN_HOST = 'evil.intranet.test';

let workDir: string;
let nginx: RunningNginx | undefined;
let backend: RunningMockServer | undefined;
let browser: Browser;
let site: string;
let foreignSite: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'back-office-session-'));
  // nginx's workers drop root (to nobody) and must be able to read the build.
  await chmod(workDir, 0o755);
  const dist = await productionBuild();
  backend = await startMockServer({ port: 0, host: '127.0.0.1' });
  nginx = await startNginx({ root: dist, backendUrl: backend.url, workDir });
  const port = new URL(nginx.url).port;
  site = `http://${HOST}:${port}`;
  foreignSite = `http://${FOREIGN_HOST}:${port}`;
  browser = await launchChromium([
    `--host-resolver-rules=MAP ${HOST} 127.0.0.1, MAP ${FOREIGN_HOST} 127.0.0.1`,
  ]);
});

afterAll(async () => {
  await browser?.close();
  nginx?.stop();
  await backend?.close();
  await rm(workDir, { recursive: true, force: true });
});

/**
 * A page of another origin on the same machine: it asks on the app's channel name, again and
 * again, and records whatever it hears there and in storage events (body[data-heard]).
 */
const FOREIGN_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>foreign</title></head><body>
<script>
  const heard = [];
  const record = (what) => {
    heard.push(what);
    document.body.dataset.heard = JSON.stringify(heard);
  };
  const channel = new BroadcastChannel('admin-session');
  channel.onmessage = (event) => record(event.data);
  addEventListener('storage', (event) => record({ key: event.key, value: event.newValue }));
  const ask = () => channel.postMessage({ type: 'request' });
  ask();
  setInterval(ask, 100);
  document.body.dataset.heard = '[]';
  document.body.dataset.ready = 'true';
</script>
</body></html>`;

async function openForeignPage(context: BrowserContext): Promise<Page> {
  const foreign = await context.newPage();
  await foreign.route(`${foreignSite}/listen.html`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: FOREIGN_PAGE }),
  );
  await foreign.goto(`${foreignSite}/listen.html`);
  await foreign.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
  return foreign;
}

/** A first tab signed in as admin on the intranet host, on its homepage. */
async function signedInTab(): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const { context, page } = await newPage(browser);
  await page.goto(`${site}/login`);
  await signIn(page, 'admin');
  await page.waitForURL(/\/homepage$/);
  const token = (await page.evaluate(() => sessionStorage.getItem('token'))) ?? '';
  expect(token).not.toBe('');
  return { context, page, token };
}

/** 公告管理's list is on screen, signed in (not the login page). */
async function noticeListShown(page: Page): Promise<void> {
  await page.waitForURL(/\/system\/notice$/);
  await page.locator('.crud-page .p-datatable-tbody tr').first().waitFor();
  expect(await page.locator('#login-username').count()).toBe(0);
}

async function signOut(page: Page): Promise<void> {
  await page.bringToFront();
  await page.click('.user-menu__trigger');
  await page.click('.user-menu__popup .p-menuitem-text:text-is("退出系统")');
  await page.click('.p-confirm-dialog-accept');
  await page.waitForURL(/\/login/);
}

describe('one session across tabs, over plain HTTP under an intranet host name', () => {
  it('a bookmark and a ctrl+click open signed in in a new tab; another origin hears nothing', async () => {
    const { context, page, token } = await signedInTab();
    // The deployment the issue describes: no secure context, no Web Crypto.
    expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.subtle])).toEqual([
      false,
      'undefined',
    ]);
    const foreign = await openForeignPage(context);

    // A bookmark (an address typed or chosen in a new tab): signed in, the list shown.
    const bookmark = await context.newPage();
    const errors: string[] = [];
    bookmark.on('pageerror', (error) => errors.push(error.message));
    await bookmark.goto(`${site}/system/notice`);
    await noticeListShown(bookmark);
    expect(await bookmark.evaluate(() => sessionStorage.getItem('token'))).toBe(token);
    expect(errors).toEqual([]);
    await screenshot(bookmark, 'session-handover-bookmark-http-host');

    // A ctrl+click on a sidebar entry: the browser's own new tab, signed in too.
    await page.bringToFront();
    await page.click('.top-menu__tab:has-text("系统管理")');
    const entry = page.locator('.side-menu__item', { hasText: '公告管理' });
    await entry.waitFor();
    const before = page.url();
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      entry.click({ modifiers: ['Control'] }),
    ]);
    await noticeListShown(opened);
    expect(page.url()).toBe(before);

    // The foreign page asked all along and heard none of it: no answer, no write, no token.
    const heard = (await foreign.locator('body').getAttribute('data-heard')) ?? '';
    expect(heard).toBe('[]');
    expect(await foreign.evaluate(() => sessionStorage.length)).toBe(0);
    await context.close();
  });

  it('signing out in one tab signs the other tabs out', async () => {
    const { context, page } = await signedInTab();
    const bookmark = await context.newPage();
    await bookmark.goto(`${site}/system/notice`);
    await noticeListShown(bookmark);

    await signOut(bookmark);
    await page.waitForURL(/\/login/);
    await page.locator('#login-username').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    // A new tab now finds no signed-in tab: the login page, with the address kept.
    const later = await context.newPage();
    await later.goto(`${site}/system/notice`);
    await later.waitForURL(/\/login\?redirect=%2Fsystem%2Fnotice$/);
    await context.close();
  });

  it('a new tab with no other tab open goes to /login, and signs in to its address', async () => {
    const { context, page } = await signedInTab();
    // The browser keeps running; its only signed-in tab is closed without signing out.
    await page.close();
    const typed = await context.newPage();
    await typed.goto(`${site}/system/notice`);
    await typed.waitForURL(/\/login\?redirect=%2Fsystem%2Fnotice$/);
    await typed.locator('#login-username').waitFor();
    expect(await typed.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await screenshot(typed, 'session-handover-no-other-tab');

    await signIn(typed, 'admin');
    await noticeListShown(typed);
    // Signed in there, the next bookmark opens signed in.
    const next = await context.newPage();
    await next.goto(`${site}/system/notice`);
    await noticeListShown(next);
    await context.close();
  });
});
