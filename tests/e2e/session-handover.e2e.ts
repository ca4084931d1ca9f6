/**
 * The session hand-over in real Chromium (lib/session): a tab the app opens (ctrl+click or the
 * middle button on a sidebar entry) starts signed in; a page of the same origin that is not the
 * app — an HTML file served under /storage — asks for the session with and without guessed
 * tickets, replays what it hears and listens while a real hand-over happens, and never sees the
 * token; signing out in one tab signs out the others; an address typed into a new tab of the
 * same browser shows the login page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * The attacker's page. It asks as the old protocol allowed ({type:'request'}), with a guessed
 * ticket and a guessed id, replays every request it hears, and records every message on the
 * channel in body[data-heard]; once it has heard a hand-over answer it listens one more second
 * and then sets body[data-done].
 */
const EVIL_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>evil</title></head><body>
<script>
  const guess = '0123456789abcdef0123456789abcdef';
  const heard = [];
  const channel = new BroadcastChannel('admin-session');
  channel.onmessage = (event) => {
    heard.push(event.data);
    document.body.dataset.heard = JSON.stringify(heard);
    if (event.data && event.data.type === 'request') channel.postMessage(event.data);
    if (event.data && event.data.type === 'snapshot' && !document.body.dataset.listening) {
      document.body.dataset.listening = 'true';
      setTimeout(() => (document.body.dataset.done = 'true'), 1000);
    }
  };
  channel.postMessage({ type: 'request' });
  channel.postMessage({ type: 'request', ticket: guess });
  channel.postMessage({ type: 'request', id: guess });
  channel.postMessage({ type: 'request', id: 'admin-handover:' + guess });
  document.body.dataset.heard = '[]';
  document.body.dataset.ready = 'true';
</script>
</body></html>`;

async function openEvilPage(context: BrowserContext): Promise<Page> {
  const evil = await context.newPage();
  await evil.route('**/storage/evil.html', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: EVIL_PAGE }),
  );
  await evil.goto(`${baseUrl()}/storage/evil.html`);
  await evil.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
  return evil;
}

interface Heard {
  type?: string;
  id?: string;
}

function isHeard(value: unknown): value is Heard {
  return typeof value === 'object' && value !== null;
}

async function heardBy(evil: Page): Promise<{ raw: string; messages: Heard[] }> {
  const raw = (await evil.locator('body').getAttribute('data-heard')) ?? '[]';
  const parsed: unknown = JSON.parse(raw);
  return { raw, messages: Array.isArray(parsed) ? parsed.filter(isHeard) : [] };
}

/** 公告管理's list is on screen, signed in (not the login page). */
async function noticeListShown(page: Page): Promise<void> {
  await page.waitForURL(/\/system\/notice$/);
  await page.locator('.crud-page .p-datatable-tbody tr').first().waitFor();
  expect(await page.locator('#login-username').count()).toBe(0);
}

describe('the session hand-over', () => {
  it('a tab opened through the app starts signed in; a page that is not the app gets nothing', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/homepage$/);
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    expect(token).toBeTruthy();

    const evil = await openEvilPage(context);

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
    // The ticket went through window.name and is gone from it.
    expect(await opened.evaluate(() => window.name)).toBe('');
    expect(await opened.evaluate(() => sessionStorage.getItem('token'))).toBe(token);
    // The opening tab stayed where it was.
    expect(page.url()).toBe(before);
    await screenshot(opened, 'session-handover-new-tab');

    await evil.locator('body[data-done="true"]').waitFor({ state: 'attached' });
    const { raw, messages } = await heardBy(evil);
    // It was listening: it heard the new tab's request and the sealed answer…
    const requests = messages.filter((m) => m.type === 'request' && m.id);
    const answers = messages.filter((m) => m.type === 'snapshot');
    expect(answers.length).toBe(1);
    expect(requests.map((m) => m.id)).toContain(answers[0]?.id);
    // …and nothing it heard holds the token; its own guesses were never answered.
    expect(raw).not.toContain(token ?? '');
    expect(answers[0]?.id).not.toMatch(/0123456789abcdef/);
    expect(await evil.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

    // The middle button opens a signed-in tab too.
    await page.bringToFront();
    const [middle] = await Promise.all([
      context.waitForEvent('page'),
      entry.click({ button: 'middle' }),
    ]);
    await noticeListShown(middle);

    // Signing out in the first tab signs out the tabs it handed the session to.
    await page.bringToFront();
    await page.click('.user-menu__trigger');
    await page.click('.user-menu__popup .p-menuitem-text:text-is("退出系统")');
    await page.click('.p-confirm-dialog-accept');
    await page.waitForURL(/\/login/);
    for (const tab of [opened, middle]) {
      await tab.waitForURL(/\/login/);
      expect(await tab.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    }
    await context.close();
  });

  it('an address typed into a new tab of the same browser shows the login page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/homepage$/);

    const typed = await context.newPage();
    await typed.goto(`${baseUrl()}/system/user`);
    await typed.waitForURL(/\/login\?redirect=%2Fsystem%2Fuser$/);
    await typed.locator('#login-username').waitFor();
    expect(await typed.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await screenshot(typed, 'session-handover-typed-address');
    // The signed-in tab is still signed in.
    await page.bringToFront();
    await page.reload();
    await page.waitForURL(/\/homepage$/);
    await context.close();
  });
});
