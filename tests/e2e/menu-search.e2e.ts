/**
 * The menu search of 全部应用 in real Chromium, at 1366×768 and 1930×980 (issue 24 item 16):
 * pinyin initials (`gly`) and full pinyin (`guanli`) find 管理员管理, Chinese text still
 * matches, and the pinyin data is a script of its own fetched only when a keyword is typed —
 * not for /login, the homepage or opening the drawer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { animationsSettled, baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';
import { loaded } from './support/requests';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1930, height: 980 },
];

/** A syllable of the pinyin dictionary, as the built script may write it. */
const PINYIN_DATA = /gu(ǎ|\\u01ce)n/i;

/** Every script the page fetches, in order, with its text. */
function recordScripts(page: Page): { url: string; text: Promise<string> }[] {
  const scripts: { url: string; text: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push({ url: response.url(), text: response.text().catch(() => '') });
  });
  return scripts;
}

const drawer = (page: Page): Locator => page.locator('.all-apps');
const results = (page: Page) => drawer(page).locator('.all-apps__item').allTextContents();

async function search(page: Page, keyword: string): Promise<void> {
  await drawer(page).getByRole('textbox', { name: '搜索应用' }).fill(keyword);
}

describe.each(SIZES)('menu search at $width×$height', (viewport) => {
  const size = `${viewport.width}`;

  it('finds 管理员管理 by initials, pinyin and Chinese; the pinyin loads on the first keyword', async () => {
    const { context, page } = await newPage(browser, viewport);
    const scripts = recordScripts(page);
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/homepage$/);
    await page.locator('.home-shortcut').first().waitFor();
    await page.getByRole('button', { name: '全部应用' }).click();
    await drawer(page).getByRole('textbox', { name: '搜索应用' }).waitFor();
    await loaded(page);
    const before = scripts.length;
    for (const script of scripts)
      expect(await script.text, `${script.url} has pinyin data`).not.toMatch(PINYIN_DATA);

    // Initials: the pinyin arrives with the first keyword and 管理员管理 shows.
    await search(page, 'gly');
    await drawer(page).getByRole('button', { name: '管理员管理' }).waitFor();
    expect(await results(page)).toEqual(['管理员管理']);
    const fetched = scripts.slice(before);
    expect(fetched.length).toBeGreaterThan(0);
    const texts = await Promise.all(fetched.map((script) => script.text));
    expect(texts.some((text) => PINYIN_DATA.test(text))).toBe(true);
    await animationsSettled(page);
    await screenshot(page, `menu-search-initials-${size}`);

    // Full pinyin: every entry ending in 管理 (管理员管理 among them).
    await search(page, 'guanli');
    await drawer(page).getByRole('button', { name: '公告管理' }).waitFor();
    expect(await results(page)).toContain('管理员管理');
    expect(await results(page)).not.toContain('控制台');
    await search(page, 'GuanLiYuan');
    await drawer(page).getByText('没有匹配的应用').waitFor({ state: 'detached' });
    expect(await results(page)).toEqual(['管理员管理']);

    // Chinese text still matches; nonsense matches nothing.
    await search(page, '管理员');
    expect(await results(page)).toEqual(['管理员管理']);
    await search(page, 'qqqxz');
    await drawer(page).getByText('没有匹配的应用').waitFor();
    await screenshot(page, `menu-search-empty-${size}`);

    // The result opens its screen.
    await search(page, 'gly');
    await drawer(page).getByRole('button', { name: '管理员管理' }).click();
    await page.waitForURL(/\/system\/user$/);
    await page.locator('.history-tab--active', { hasText: '管理员管理' }).waitFor();
    await context.close();
  });
});
