/**
 * Light and dark themes, as a user switches them: 深色 from the user menu darkens the shell (sidebar,
 * header, tabs), a list (公告管理), a dialog (新增) and the rich editor in it; axe finds no serious
 * or critical violation there in dark; a reload stays dark from the first render; 跟随系统 follows
 * the system's colour scheme; the login page follows the system too. Screenshots of each in dark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { scan } from './support/axe';
import { animationsSettled, baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';
import type { Theme } from '@/lib/theme';
import { loaded } from './support/requests';

let browser: Browser;
let session: { context: BrowserContext; page: Page };

/**
 * The relative luminance (0 black … 1 white) of what the eye sees behind and of an element: its
 * own background, or the nearest ancestor's that is not transparent; and its text colour.
 */
async function tones(target: Locator): Promise<{ background: number; text: number }> {
  return target.evaluate((element) => {
    const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (colour: string) => {
      const [r = 0, g = 0, b = 0] = channels(colour).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let node: Element | null = element;
    let background = 'rgb(255, 255, 255)';
    while (node) {
      const colour = getComputedStyle(node).backgroundColor;
      const alpha = channels(colour)[3];
      if (colour !== 'transparent' && alpha !== 0) {
        background = colour;
        break;
      }
      node = node.parentElement;
    }
    return { background: luminance(background), text: luminance(getComputedStyle(element).color) };
  });
}

/** Dark: a dark surface under light text. */
async function expectDark(target: Locator): Promise<void> {
  const { background, text } = await tones(target);
  expect(background).toBeLessThan(0.05);
  expect(text).toBeGreaterThan(0.4);
}

/** Chooses a theme from the user menu; resolves once the chosen theme's stylesheet is in use. */
async function chooseTheme(page: Page, label: '浅色' | '深色' | '跟随系统', shows: Theme) {
  await page.click('.user-menu__trigger');
  await page.click(`.user-menu__popup .p-menuitem-text:text-is("${label}")`);
  await page.locator('.user-menu__popup').waitFor({ state: 'detached' });
  await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, shows);
}

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

/**
 * The theme stylesheets this page load fetched, by kind (Vite names every lara file
 * theme-<hash>.css): the login page's cut is a few KB, a whole theme about 180 KB.
 */
const fetchedThemes = (page: Page) =>
  page.evaluate(() => {
    const sizes = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming =>
        /\/theme-[\w-]+\.css$/.test(entry.name),
      )
      .map((entry) => entry.decodedBodySize);
    return {
      loginCut: sizes.filter((size) => size < 20_000).length,
      whole: sizes.filter((size) => size >= 20_000).length,
    };
  });

/**
 * Every computed style of every element of the login form, by position, once the pointer is off
 * it and transitions have ended: what the user sees of the form, to compare under the login
 * page's cut of the theme and under the whole theme.
 */
const loginFormLook = async (page: Page) => {
  await page.mouse.move(0, 0);
  await animationsSettled(page);
  return page.locator('.login-form').evaluate((form) =>
    [form, ...form.querySelectorAll('*')].map((element) => {
      const style = getComputedStyle(element);
      // The cut's marker (vite-plugins/login-theme.ts), a custom property no rule reads, aside.
      // Sorted: the browser lists custom properties in the order the stylesheets declared them.
      const look = [...style]
        .filter((property) => property !== '--login-page-theme')
        .sort()
        .map((property) => `${property}: ${style.getPropertyValue(property)}`);
      return `${element.tagName}.${element.getAttribute('class') ?? ''} { ${look.join('; ')} }`;
    }),
  );
};

/** True when a linked stylesheet has a rule for `selector` (a class of a PrimeReact component). */
const styledFor = (page: Page, selector: string) =>
  page.evaluate(
    (wanted) =>
      [...document.styleSheets].some((sheet) => {
        const rules = (list: CSSRuleList): boolean =>
          [...list].some((rule) =>
            rule instanceof CSSGroupingRule || rule instanceof CSSLayerBlockRule
              ? rules(rule.cssRules)
              : rule instanceof CSSStyleRule && rule.selectorText.includes(wanted),
          );
        return rules(sheet.cssRules);
      }),
    selector,
  );

async function openNotices(page: Page): Promise<Locator> {
  await page.goto(`${baseUrl()}/system/notice`);
  const view = page.locator('.shell-view[data-path="/system/notice"]');
  await view.locator('.p-datatable-tbody tr').first().waitFor();
  await page.locator('.p-datatable-loading-overlay').waitFor({ state: 'detached' });
  return view;
}

beforeAll(async () => {
  browser = await launchChromium();
  session = await newPage(browser);
  await session.page.emulateMedia({ colorScheme: 'light' });
  await session.page.goto(`${baseUrl()}/login`);
  await signIn(session.page, 'admin');
  await session.page.waitForURL(/\/homepage$/);
  await session.page.locator('.history-tab--active').first().waitFor();
});

afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

describe('dark theme', () => {
  it('starts light under a light system, the login cut then one whole theme fetched', async () => {
    const { page } = session;
    expect(await themeOf(page)).toBe('light');
    expect(await fetchedThemes(page)).toEqual({ loginCut: 1, whole: 1 });
    const header = await tones(page.locator('.shell-header'));
    expect(header.background).toBeGreaterThan(0.9);
    // The user menu offers the three choices, 跟随系统 ticked.
    await page.click('.user-menu__trigger');
    const popup = page.locator('.user-menu__popup');
    await expect
      .poll(() => popup.locator('.p-menuitem-text').allTextContents())
      .toEqual(expect.arrayContaining(['浅色', '深色', '跟随系统']));
    expect(await popup.locator('.user-menu__theme--current').textContent()).toBe('跟随系统');
    await animationsSettled(page);
    await screenshot(page, 'theme-user-menu');
    await page.click('.user-menu__trigger');
    await popup.waitFor({ state: 'detached' });
  });

  it('深色 from the user menu darkens the shell and is kept', async () => {
    const { page } = session;
    await chooseTheme(page, '深色', 'dark');
    expect(await themeOf(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await expectDark(page.locator('.top-menu__tab:not(.top-menu__tab--active)').first());
    await expectDark(page.locator('.shell-sidebar .shell-brand'));
    await expectDark(page.locator('.history-tabs'));
    await expectDark(page.locator('.home-panel').first());
    // The system CJK fonts stay (the dark theme's Inter is overridden as the light one's is).
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain(
      'PingFang SC',
    );
    await screenshot(page, 'theme-dark-homepage');
    // The sign-in's 登录成功 fades out after its life: scanned mid-fade, its text is at part
    // opacity (axe: color-contrast). Scanned once it has gone, on a slow machine too.
    await page.locator('.p-toast-message').waitFor({ state: 'detached' });
    expect(await scan(page, 'dark /homepage')).toEqual([]);
  });

  it('公告管理 list in dark', async () => {
    const { page } = session;
    const view = await openNotices(page);
    await expectDark(view.locator('.p-datatable-tbody td').first());
    await expectDark(view.locator('.p-datatable-thead th').first());
    await screenshot(page, 'theme-dark-notice-list');
    expect(await scan(page, 'dark /system/notice')).toEqual([]);
  });

  it('新增 dialog and its rich editor in dark', async () => {
    const { page } = session;
    const view = page.locator('.shell-view[data-path="/system/notice"]');
    await view.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '新增 - 公告管理' });
    await dialog.locator('.rich-editor[data-ready="true"]').waitFor();
    await loaded(page);
    await expectDark(dialog.locator('.p-dialog-title'));
    await expectDark(dialog.getByLabel('公告标题'));
    await expectDark(
      dialog.getByRole('toolbar', { name: '编辑器工具栏' }).getByRole('button').first(),
    );
    // Scanned as it opens (as a11y.e2e does in light), then typed into for the text colour.
    expect(await scan(page, 'dark /system/notice 新增', { scope: '.p-dialog' })).toEqual([]);
    const editing = dialog.getByRole('group', { name: '公告内容' });
    await editing.locator('.ce-paragraph').first().click();
    await page.keyboard.type('深色主题下的正文');
    await expectDark(editing.locator('.ce-paragraph').first());
    await screenshot(page, 'theme-dark-notice-add');
    // What was typed is unsaved input: Escape asks first.
    await page.keyboard.press('Escape');
    const ask = page.locator('.crud-form__discard');
    await ask.getByText('有未保存的内容，确定放弃吗？').waitFor();
    await ask.getByRole('button', { name: '放弃' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('a reload stays dark from the first render, fetching the dark theme only', async () => {
    const { page } = session;
    // Recorded in the page when the shell first appears, before any test code can look.
    await page.addInitScript(`{
      const observer = new MutationObserver(() => {
        const header = document.querySelector('.shell-header');
        if (!header) return;
        window.firstRender = {
          theme: document.documentElement.dataset.theme,
          header: getComputedStyle(header).backgroundColor,
        };
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    }`);
    await page.reload();
    await page.locator('.history-tab--active').first().waitFor();
    const first = await page.evaluate(
      () => (window as unknown as { firstRender?: { theme?: string; header: string } }).firstRender,
    );
    expect(first?.theme).toBe('dark');
    expect(first?.header).toBe('rgb(31, 41, 55)');
    // Signed in, the first page asks for the whole dark theme at once. The page itself preloads
    // the login page's cut for the system's scheme (2 KB, before any script knows who is in).
    expect(await fetchedThemes(page)).toEqual({ loginCut: 1, whole: 1 });
    await expectDark(page.locator('.top-menu__tab:not(.top-menu__tab--active)').first());
  });

  it('跟随系统 follows the system colour scheme', async () => {
    const { page } = session;
    await page.emulateMedia({ colorScheme: 'dark' });
    await chooseTheme(page, '跟随系统', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    expect(await themeOf(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    const header = await tones(page.locator('.shell-header'));
    expect(header.background).toBeGreaterThan(0.9);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await expectDark(page.locator('.top-menu__tab:not(.top-menu__tab--active)').first());
  });

  it('/login draws with its cut of the theme and looks as it does with the whole theme', async () => {
    const visitor = await newPage(browser);
    try {
      const { page } = visitor;
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`${baseUrl()}/login`);
      await page.waitForSelector('.login-form__captcha-image img');
      // One stylesheet of the theme: the cut the page preloads for the system's light scheme.
      expect(await fetchedThemes(page)).toEqual({ loginCut: 1, whole: 0 });
      const preloaded = page.locator(
        'link[rel="preload"][as="style"][media="(prefers-color-scheme: light)"]',
      );
      const linked = page.locator('link[data-theme-stylesheet]');
      const href = (link: typeof linked) =>
        link.evaluate((element) => (element instanceof HTMLLinkElement ? element.href : ''));
      expect(await href(linked)).toBe(await href(preloaded));
      expect(await styledFor(page, '.p-inputtext')).toBe(true);
      expect(await styledFor(page, '.p-datatable')).toBe(false);
      const withCut = await loginFormLook(page);

      // Signed in, the app links the whole theme for the rest of the visit: the form shown
      // after 退出系统 is drawn with it.
      await signIn(page, 'admin');
      await page.waitForURL(/\/homepage$/);
      expect(await styledFor(page, '.p-datatable')).toBe(true);
      await page.click('.user-menu__trigger');
      await page.click('.user-menu__popup .p-menuitem-text:text-is("退出系统")');
      await page.click('.p-confirm-dialog:has-text("确认退出登录吗？") .p-confirm-dialog-accept');
      await page.waitForURL(/\/login/);
      await page.waitForSelector('.login-form__captcha-image img');
      await page.locator('.p-confirm-dialog').waitFor({ state: 'detached' });
      expect(await fetchedThemes(page)).toEqual({ loginCut: 1, whole: 1 });
      expect(await styledFor(page, '.p-datatable')).toBe(true);
      expect(await loginFormLook(page)).toEqual(withCut);
    } finally {
      await visitor.context.close();
    }
  });

  it('the login page follows a dark system', async () => {
    const login = await newPage(browser);
    try {
      await login.page.emulateMedia({ colorScheme: 'dark' });
      await login.page.goto(`${baseUrl()}/login`);
      await login.page.waitForSelector('.login-form__captcha-image img');
      expect(await themeOf(login.page)).toBe('dark');
      await expectDark(login.page.locator('.login-card h1'));
      await screenshot(login.page, 'theme-dark-login');
      expect(await scan(login.page, 'dark /login')).toEqual([]);
    } finally {
      await login.context.close();
    }
  });
});
