/**
 * Every screen of the registry opened once (the route smoke test and its axe scans), and
 * accessibility: axe-core in real Chromium on the login page, every screen of the registry and
 * the main dialogs (a CRUD add dialog, the attachment library, 修改密码, the message drawer) —
 * no serious or critical violation; every screen and the attachment library again in the dark
 * theme (a system that prefers dark, 跟随系统 by default; the rules that read colours); and the keyboard alone signs in and
 * switches history tabs.
 * Every counted violation is printed with the screen it was found on (rule, impact, elements),
 * so a screen that fails names what to fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { isRecord, textOf } from '@/core/guards';
import { screens } from '@/app/screens';
import { COLOUR_RULES, scan } from './support/axe';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { loaded } from './support/requests';
import { DEMO_PASSWORD, signIn, signInToSources } from './support/session';

/** A screen that has not settled by then has failed; the next one is tried. */
const SETTLE_MS = 20_000;

let browser: Browser;
/** Signed in by the keyboard journey; the scans use their own signed-in page. */
let keyboard: { context: BrowserContext; page: Page };
let scanner: { context: BrowserContext; page: Page };

/**
 * Shows the page as a system preferring `scheme` would: the app follows it live (跟随系统, the
 * default) and marks <html> once the theme's stylesheet has loaded.
 */
async function showScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, scheme);
}

/** Waits until a screen opened by address has settled (as the route smoke test does). */
async function openScreen(page: Page, path: string): Promise<Locator> {
  await page.goto(`${baseUrl()}${path}`);
  const view = page.locator(`.shell-view[data-path="${path}"]`);
  await view.waitFor({ state: 'visible', timeout: SETTLE_MS });
  await page.locator('.history-tab--active').first().waitFor({ timeout: SETTLE_MS });
  await loaded(page);
  await page
    .locator('.p-datatable-loading-overlay')
    .waitFor({ state: 'detached', timeout: SETTLE_MS });
  return view;
}

/** The id (or else the accessible label) of the focused element. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.id || element?.getAttribute('aria-label') || element?.textContent?.trim();
  });

beforeAll(async () => {
  browser = await launchChromium();
  keyboard = await newPage(browser);
  scanner = await newPage(browser);
});

afterAll(async () => {
  await keyboard?.context.close();
  await scanner?.context.close();
  await browser?.close();
});

describe('axe: the login page', () => {
  it('/login: no serious or critical violation', async () => {
    const { page } = scanner;
    await page.goto(`${baseUrl()}/login`);
    await page.waitForSelector('.login-form__captcha-image img');
    expect(await scan(page, '/login')).toEqual([]);
  });

  // The scans above pass by finding nothing: this one proves a scan finds what is there, in the
  // whole page, inside a scope, and for the colour rules alone.
  it('a scan reports a nameless button and pale text planted in the page', async () => {
    const { page } = scanner;
    await page.goto(`${baseUrl()}/login`);
    await page.waitForSelector('.login-form__captcha-image img');
    await page.evaluate(() => {
      const planted = document.createElement('div');
      planted.id = 'a11y-planted';
      planted.style.cssText =
        'position:fixed;top:0;left:0;z-index:10000;background:#fff;color:#000;padding:8px';
      planted.innerHTML = '<button type="button"></button><p style="color:#d0d0d0">浅色文字</p>';
      document.body.append(planted);
    });
    const rulesOf = (lines: string[]) => [...new Set(lines.map((line) => line.split(' ')[1]))];
    expect(rulesOf(await scan(page, 'planted'))).toEqual(
      expect.arrayContaining(['button-name', 'color-contrast']),
    );
    expect(rulesOf(await scan(page, 'planted', { scope: '#a11y-planted' })).sort()).toEqual([
      'button-name',
      'color-contrast',
    ]);
    expect(
      rulesOf(await scan(page, 'planted', { scope: '#a11y-planted', rules: COLOUR_RULES })),
    ).toEqual(['color-contrast']);
  });
});

describe('keyboard only', () => {
  it('signs in with Tab, typing and Enter', async () => {
    const { page } = keyboard;
    await page.goto(`${baseUrl()}/login`);
    await page.waitForSelector('.login-form__captcha-image img');

    // The first Tab stops on the username, then the form's order: password, its show/hide
    // switch, the captcha answer, the captcha image (a refresh button), 登录.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('login-username');
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('login-password');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('显示密码');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('login-captcha');
    await page.keyboard.type('8888');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/homepage$/);
    await page.locator('.history-tab--active').first().waitFor();
  });

  it('switches history tabs with the arrow keys and Enter', async () => {
    const { page } = keyboard;
    await openScreen(page, '/system/notice');
    await openScreen(page, '/system/user');
    const tab = (title: string) =>
      page.locator('.history-tab').filter({ hasText: title }).locator('.history-tab__title');
    await tab('管理员管理').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toBe('公告管理');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/system\/notice$/);
    await page.waitForSelector('.history-tab--active:has-text("公告管理")');
    await page.keyboard.press('End');
    expect(await focused(page)).toBe('管理员管理');
    await page.keyboard.press('Home');
    await page.keyboard.press(' ');
    await page.waitForURL(/\/homepage$/);
    await screenshot(page, 'a11y-keyboard-tabs');
  });
});

/**
 * A call that failed: a 4xx/5xx answer (of the backend or of an imported source) or an envelope
 * whose status is not 200 (or 1).
 */
async function failedCall(response: Response): Promise<string | undefined> {
  const url = new URL(response.url());
  if (!url.pathname.startsWith('/api/') && !url.pathname.startsWith('/sources/')) return undefined;
  if (response.status() >= 400) return `${url.pathname}: HTTP ${response.status()}`;
  if (!(response.headers()['content-type'] ?? '').includes('json')) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  if (!isRecord(body) || typeof body.status !== 'number') return undefined;
  return body.status === 200 || body.status === 1
    ? undefined
    : `${url.pathname}: status ${body.status} ${textOf(body.msg)}`;
}

// Route smoke test and axe in one visit per screen: signed in as the super administrator, every
// screen of the registry opens in real Chromium with something in its main area — no error
// boundary, no failing call, no uncaught page error — and axe finds no serious or critical
// violation, in the light theme and then, for colours, in the dark one.
describe('every screen of the registry', () => {
  const failures: string[] = [];

  beforeAll(async () => {
    const { page } = scanner;
    page.on('response', (response) => {
      void failedCall(response).then((failure) => {
        if (failure) failures.push(failure);
      });
    });
    page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/homepage$/);
    // The homepage settled before the first screen's address is typed: calls the layout makes as
    // it mounts, still on their way when the page unloads, would meet the demo's mock already
    // gone (it stops serving a page that unloads) and be recorded against the first screen.
    await page.locator('.history-tab--active').first().waitFor();
    await loaded(page);
    await signInToSources(page);
  });

  it.each(screens.map((screen) => [screen.path, screen.title]))(
    '%s (%s) opens with content and no failing call; axe: nothing serious, light or dark',
    async (path, title) => {
      const { page } = scanner;
      failures.length = 0;
      await page.emulateMedia({ colorScheme: 'light' });
      const view = await openScreen(page, path);
      expect(page.url()).toBe(`${baseUrl()}${path}`);
      expect(await page.locator('.screen-error').count(), `error boundary on ${path}`).toBe(0);
      expect((await view.innerText()).trim().length, `empty main area on ${path}`).toBeGreaterThan(
        0,
      );
      expect(await page.title()).toMatch(new RegExp(`^${title} - `));
      expect(failures).toEqual([]);
      const light = await scan(page, path);
      await showScheme(page, 'dark');
      const dark = await scan(page, `dark ${path}`, { rules: COLOUR_RULES });
      await page.emulateMedia({ colorScheme: 'light' });
      expect([...light, ...dark]).toEqual([]);
    },
  );
});

describe('axe: the main dialogs', () => {
  it('a CRUD add dialog (新增 - 公告管理)', async () => {
    const { page } = scanner;
    const view = await openScreen(page, '/system/notice');
    await view.getByRole('button', { name: '新增', exact: true }).click();
    await page.getByRole('dialog', { name: '新增 - 公告管理' }).waitFor();
    await loaded(page);
    expect(await scan(page, '/system/notice 新增', { scope: '.p-dialog' })).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('the attachment library (附件库)', async () => {
    const { page } = scanner;
    const view = await openScreen(page, '/demo/form');
    await view.locator('.upload-control[data-control="UploadAttachment"] button').first().click();
    await page.getByRole('dialog', { name: /附件库/ }).waitFor();
    await loaded(page);
    await page.locator('.p-dialog .p-datatable-loading-overlay').waitFor({ state: 'detached' });
    expect(await scan(page, '/demo/form 附件库', { scope: '.p-dialog' })).toEqual([]);
    await screenshot(page, 'a11y-attachment-library');
    await page.keyboard.press('Escape');
  });

  it('an imported source’s sign-in (登录「图书馆」)', async () => {
    const { page } = scanner;
    await page.evaluate(() => sessionStorage.removeItem('source-credential:library'));
    await openScreen(page, '/library/authors');
    const dialog = page.getByRole('dialog', { name: '登录「图书馆」' });
    await dialog.waitFor();
    expect(await scan(page, '/library/authors 登录「图书馆」', { scope: '.p-dialog' })).toEqual([]);
    await dialog.getByLabel('访问令牌').fill('a11y-token');
    await dialog.getByRole('button', { name: '登录' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('修改密码', async () => {
    const { page } = scanner;
    await openScreen(page, '/homepage');
    await page.click('.user-menu__trigger');
    await page.click('.user-menu__popup .p-menuitem-text:text-is("修改密码")');
    await page.getByRole('dialog', { name: '修改密码' }).waitFor();
    expect(await scan(page, '修改密码', { scope: '.p-dialog' })).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('the message drawer (消息通知)', async () => {
    const { page } = scanner;
    await openScreen(page, '/homepage');
    await page.locator('header').getByRole('button', { name: /^消息/ }).click();
    await page.locator('.p-sidebar').getByText('消息通知').waitFor();
    await loaded(page);
    expect(await scan(page, '消息通知', { scope: '.p-sidebar' })).toEqual([]);
    await screenshot(page, 'a11y-message-drawer');
  });
});

describe('axe in the dark theme', () => {
  it('a system that prefers dark opens the app dark (跟随系统 by default)', async () => {
    const { page } = scanner;
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${baseUrl()}/homepage`);
    await page.locator('.history-tab--active').first().waitFor({ timeout: SETTLE_MS });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  });

  it('dark: the attachment library (附件库)', async () => {
    const { page } = scanner;
    await page.emulateMedia({ colorScheme: 'dark' });
    const view = await openScreen(page, '/demo/form');
    await view.locator('.upload-control[data-control="UploadAttachment"] button').first().click();
    await page.getByRole('dialog', { name: /附件库/ }).waitFor();
    await loaded(page);
    await page.locator('.p-dialog .p-datatable-loading-overlay').waitFor({ state: 'detached' });
    expect(await scan(page, 'dark /demo/form 附件库', { scope: '.p-dialog' })).toEqual([]);
    await page.keyboard.press('Escape');
  });
});
