/** Signing in as a person does: the login form with the demo captcha answer. */
import type { Browser, Page } from 'playwright-core';
import { SOURCES } from '@generated/sources';
import { baseUrl, newPage } from './browser';

/** Every seeded administrator has the demo password; the mock always accepts captcha 8888. */
export const DEMO_PASSWORD = 'Admin@123456';

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.waitForSelector('#login-username');
  await page.fill('#login-username', username);
  await page.fill('#login-password', password);
  await page.fill('#login-captcha', '8888');
  await page.click('button[type=submit]');
}

/**
 * Signs `username` in on a fresh session of the page's context and lands on `path` (address and
 * query as given).
 */
export async function signInAt(page: Page, username: string, path: string): Promise<void> {
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${baseUrl()}${path}`);
  await signIn(page, username);
  const target = new URL(path, 'http://x');
  await page.waitForURL((url) => url.pathname === target.pathname && url.search === target.search);
}

/** A new page of its own context, signed in as `username` (admin by default) and showing `path`. */
export async function openSignedIn(
  browser: Browser,
  path: string,
  username = 'admin',
): Promise<Page> {
  const { page } = await newPage(browser);
  await page.goto(`${baseUrl()}${path}`);
  await signIn(page, username);
  const target = new URL(path, 'http://x');
  await page.waitForURL((url) => url.pathname === target.pathname && url.search === target.search);
  return page;
}

/**
 * The imported sources' credentials for this tab, as each source's sign-in dialog keeps them
 * (the mock accepts any): walks over every screen meet the screens, not the sign-in dialogs,
 * which tests/e2e/sources.e2e.ts drives itself.
 */
export async function signInToSources(page: Page): Promise<void> {
  const names = SOURCES.filter((source) => source.auth.length > 0).map((source) => source.name);
  await page.evaluate((list) => {
    for (const name of list) sessionStorage.setItem(`source-credential:${name}`, 'e2e-credential');
  }, names);
}
