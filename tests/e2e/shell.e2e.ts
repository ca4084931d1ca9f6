/**
 * The shell's journeys in real Chromium against the built app on the mock backend:
 * login with redirect back, menus and the all-apps search, the tabs' context menu, reload,
 * a pushed message, a 401 from the server, logout, a shell dialog whose code cannot be
 * downloaded — plus screenshots (desktop and mobile).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function openSignedIn(
  viewport?: { width: number; height: number },
  beforeLoad?: (page: Page) => Promise<void>,
) {
  const { context, page } = await newPage(browser, viewport);
  await beforeLoad?.(page);
  await page.goto(`${baseUrl()}/login`);
  await signIn(page, 'admin');
  await page.waitForURL(/\/homepage$/);
  await page.waitForSelector('.history-tab');
  return { context, page };
}

/**
 * The page shows nothing when the message socket is bound, so this records the server's
 * acknowledgement frame ({ type: 'bind', msg: 'ok' }, sent once the server has bound the client)
 * on window.socketBound: a push sent after it reaches this page. MSW's in-page socket is an
 * EventTarget, so its listeners go through EventTarget.prototype.addEventListener.
 */
async function recordSocketBind(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the original, called with .call(this) by the wrapper
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (
      this: EventTarget,
      ...args: Parameters<EventTarget['addEventListener']>
    ) {
      if (args[0] === 'message' && 'binaryType' in this) {
        add.call(this, 'message', (event) => {
          const data: unknown = (event as MessageEvent).data;
          if (typeof data === 'string' && /"type":\s*"bind"/.test(data))
            (window as unknown as { socketBound?: boolean }).socketBound = true;
        });
      }
      add.apply(this, args);
    };
  });
}

/** Waits until the screen is still: no transition progress bar, no running CSS animation or transition. */
async function settled(page: Page): Promise<void> {
  await page.locator('.app-progress').waitFor({ state: 'detached' });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

/** Waits until the homepage shows every figure and both panels. */
async function homepageLoaded(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('.stat-card__value').allTextContents())
    .toEqual([
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^\d+$/),
    ]);
  await page.locator('.home-messages li, .home-panel__empty').first().waitFor();
  await page.locator('.home-shortcut').first().waitFor();
  await settled(page);
}

const tabTitles = (page: Page) => page.locator('.history-tab__title').allTextContents();

async function openFromSideMenu(page: Page, group: string, item: string, path: RegExp) {
  await page.click(`.top-menu__tab:has-text("${group}")`);
  await page.click(`.side-menu__item:has-text("${item}")`);
  await page.waitForURL(path);
  await page.waitForSelector(`.history-tab--active:has-text("${item}")`);
}

async function openFromAllApps(page: Page, keyword: string, item: string, path: RegExp) {
  await page.click('.all-apps-button');
  await page.fill('.all-apps input', keyword);
  await page.click(`.all-apps__item:has-text("${item}")`);
  await page.waitForURL(path);
  await page.waitForSelector(`.history-tab--active:has-text("${item}")`);
}

async function contextMenu(page: Page, tab: string, action: string) {
  await page.click(`.history-tab:has-text("${tab}")`, { button: 'right' });
  await page.click(`.history-tabs__menu .p-menuitem-text:text-is("${action}")`);
}

describe('the shell', () => {
  it('sends a signed-out user to login and back to the page asked for', async () => {
    const { context, page } = await newPage(browser);
    // Any address, even one no screen takes, is kept for after signing in.
    await page.goto(`${baseUrl()}/no/such/page`);
    await page.waitForURL(/\/login\?redirect=%2Fno%2Fsuch%2Fpage$/);
    await page.goto(`${baseUrl()}/system/notice?from=e2e`);
    await page.waitForURL(/\/login\?redirect=%2Fsystem%2Fnotice%3Ffrom%3De2e$/);
    await page.waitForFunction(() => document.title.startsWith('登录 - '));
    await screenshot(page, 'shell-login');
    await signIn(page, 'admin');
    await page.waitForURL(/\/system\/notice\?from=e2e$/);
    await page.waitForFunction(() => document.title.startsWith('公告管理 - '));
    // A signed-in user opening /login is sent to /, i.e. the homepage.
    await page.goto(`${baseUrl()}/login`);
    await page.waitForURL(/\/homepage$/);
    // Unknown paths go to /404, its 返回首页 with its house icon drawn even as the first page.
    await page.goto(`${baseUrl()}/no/such/page`);
    await page.waitForURL(/\/404$/);
    const home = page.getByRole('button', { name: '返回首页' });
    await home.waitFor();
    expect(
      await home
        .locator('.pi-home')
        .evaluate((icon) => getComputedStyle(icon, '::before').content !== 'none'),
    ).toBe(true);
    // The icon font is there and loads (no face of that name: an empty list).
    expect(await page.evaluate(() => document.fonts.load('16px primeicons', '\ue925'))).not.toEqual(
      [],
    );
    await screenshot(page, 'shell-not-found');
    await context.close();
  });

  it('opens screens from the menus and the all-apps search, closes tabs from the context menu, keeps tabs on reload', async () => {
    const { context, page } = await openSignedIn();
    // A header group tab opens the group's first screen (系统设置); the sidebar opens 公告管理.
    await openFromSideMenu(page, '系统管理', '公告管理', /\/system\/notice$/);
    await openFromAllApps(page, '字典', '字典管理', /\/system\/dictionary$/);
    await openFromAllApps(page, '城市', '城市管理', /\/system\/district$/);
    expect(await tabTitles(page)).toEqual([
      '控制台',
      '系统设置',
      '公告管理',
      '字典管理',
      '城市管理',
    ]);
    await screenshot(page, 'shell-desktop-tabs');

    // 关闭右侧 on 字典管理 closes 城市管理 (the active tab): 字典管理 becomes active.
    await contextMenu(page, '字典管理', '关闭右侧');
    await page.waitForURL(/\/system\/dictionary$/);
    expect(await tabTitles(page)).toEqual(['控制台', '系统设置', '公告管理', '字典管理']);

    // 关闭左侧 on 公告管理 closes 系统设置; the homepage stays.
    await contextMenu(page, '公告管理', '关闭左侧');
    expect(await tabTitles(page)).toEqual(['控制台', '公告管理', '字典管理']);

    // Reload keeps the tabs (session storage tabPane).
    await page.reload();
    await page.waitForSelector('.history-tab--active:has-text("字典管理")');
    expect(await tabTitles(page)).toEqual(['控制台', '公告管理', '字典管理']);

    // 关闭其他 on 公告管理: the homepage and 公告管理 remain, 公告管理 active.
    await contextMenu(page, '公告管理', '关闭其他');
    await page.waitForURL(/\/system\/notice$/);
    expect(await tabTitles(page)).toEqual(['控制台', '公告管理']);

    // Closing the active tab activates the previous one.
    await page.click('.history-tab--active .history-tab__close');
    await page.waitForURL(/\/homepage$/);
    expect(await tabTitles(page)).toEqual(['控制台']);
    await context.close();
  });

  it('pushed notices wait in the bottom-right one at a time and never cover a result', async () => {
    const { context, page } = await openSignedIn(undefined, recordSocketBind);
    await page.waitForFunction(
      () => (window as unknown as { socketBound?: boolean }).socketBound === true,
    );
    // A result of what the user just did, at the top; the pointer rests on it while it is read.
    await page.click('.user-menu__trigger');
    await page.click('.user-menu__popup .p-menuitem-text:text-is("清除缓存")');
    const result = page.locator('.p-toast-message', { hasText: '缓存已清除' });
    await result.hover();
    for (const title of ['E2E 第一条推送', 'E2E 第二条推送']) {
      await page.evaluate(async (tm_title) => {
        await fetch('/api/mock/pushmessage', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'access-token': sessionStorage.getItem('token') ?? '',
          },
          body: JSON.stringify({ tm_title, tm_content: '来自 e2e 的推送' }),
        });
      }, title);
    }
    const notices = page.locator('.notice-toast .p-toast-message');
    await notices.filter({ hasText: '您有一条新消息：E2E 第二条推送' }).waitFor();
    // The second replaced the first (which fades out): one notice, not a stack.
    await expect.poll(() => notices.count(), { timeout: 10_000 }).toBe(1);
    expect(await result.isVisible()).toBe(true);
    const resultBox = await result.boundingBox();
    const noticeBox = await notices.first().boundingBox();
    const viewport = page.viewportSize();
    if (!resultBox || !noticeBox || !viewport)
      throw new Error('a toast or the viewport has no box');
    const overlaps =
      noticeBox.x < resultBox.x + resultBox.width &&
      resultBox.x < noticeBox.x + noticeBox.width &&
      noticeBox.y < resultBox.y + resultBox.height &&
      resultBox.y < noticeBox.y + noticeBox.height;
    expect(overlaps).toBe(false);
    expect(noticeBox.x).toBeGreaterThan(viewport.width / 2);
    expect(noticeBox.y).toBeGreaterThan(viewport.height / 2);
    await screenshot(page, 'shell-push-beside-result');
    await context.close();
  });

  it('raises the bell badge for a pushed message and marks it read', async () => {
    const { context, page } = await openSignedIn(undefined, recordSocketBind);
    const bellCount = async () =>
      Number(
        (await page.locator('.message-bell').getAttribute('aria-label'))?.replace(/\D/g, '') ?? 0,
      );
    await page.waitForFunction(
      () => document.querySelector('.message-bell')?.getAttribute('aria-label') !== '消息 0',
    );
    const before = await bellCount();
    // Once the server has acknowledged the bind, push through the mock-only trigger.
    await page.waitForFunction(
      () => (window as unknown as { socketBound?: boolean }).socketBound === true,
    );
    await page.evaluate(async () => {
      await fetch('/api/mock/pushmessage', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'access-token': sessionStorage.getItem('token') ?? '',
        },
        body: JSON.stringify({ tm_title: 'E2E 推送消息', tm_content: '来自 e2e 的推送' }),
      });
    });
    await page.waitForSelector('.p-toast-message:has-text("E2E 推送消息")');
    await expect.poll(bellCount).toBe(before + 1);
    await screenshot(page, 'shell-desktop-push');

    await page.click('.message-bell');
    const item = page.locator('.message-item', { hasText: 'E2E 推送消息' });
    await item.waitFor();
    await screenshot(page, 'shell-desktop-messages');
    await item.locator('button:has-text("未读")').click();
    await page.locator('.message-item', { hasText: 'E2E 推送消息' }).waitFor({ state: 'detached' });
    await expect.poll(bellCount).toBe(before);
    await context.close();
  });

  it('returns to login one second after a 401 from the server', async () => {
    const { context, page } = await openSignedIn();
    // Timed in the page (performance.now), from the message showing to the login page's address.
    await page.evaluate(() => {
      const timing = window as unknown as { messageAt?: number; loginAt?: number };
      const observer = new MutationObserver(() => {
        const now = performance.now();
        if (
          timing.messageAt === undefined &&
          [...document.querySelectorAll('.p-toast-message')].some((el) =>
            el.textContent?.includes('401，登录失效！'),
          )
        )
          timing.messageAt = now;
        if (timing.messageAt !== undefined && location.pathname === '/login') {
          timing.loginAt = now;
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      sessionStorage.setItem('token', 'invalidated-token');
    });
    await page.click('.message-bell'); // the drawer's list call answers 401
    await page.waitForSelector('.p-toast-message:has-text("401，登录失效！")');
    await page.waitForURL(/\/login/);
    await page.waitForFunction(
      () => (window as unknown as { loginAt?: number }).loginAt !== undefined,
    );
    const { messageAt, loginAt } = await page.evaluate(() => {
      const timing = window as unknown as { messageAt: number; loginAt: number };
      return { messageAt: timing.messageAt, loginAt: timing.loginAt };
    });
    // The one-second timer starts when the message is raised; the toast renders a frame or so
    // later, hence the 50 ms margin.
    expect(loginAt - messageAt).toBeGreaterThanOrEqual(950);
    expect(loginAt - messageAt).toBeLessThan(3000);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('asks 确认退出登录吗？ before signing out', async () => {
    const { context, page } = await openSignedIn();
    await page.click('.user-menu__trigger');
    await page.click('.user-menu__popup .p-menuitem-text:text-is("退出系统")');
    await page.waitForSelector('.p-confirm-dialog:has-text("确认退出登录吗？")');
    await screenshot(page, 'shell-desktop-logout');
    await page.click('.p-confirm-dialog-accept');
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => sessionStorage.getItem('isLogin'))).toBeNull();
    await context.close();
  });

  it('renders the homepage at 1930 × 980 and on a 390 × 844 phone', async () => {
    const desktop = await openSignedIn();
    await homepageLoaded(desktop.page);
    // Laid out, never scaled (issue 51 item 6): the wide desktop layout with its 240 px sidebar.
    await expect.poll(() => desktop.page.locator('.shell').getAttribute('data-width')).toBe('wide');
    expect((await desktop.page.locator('.shell-sidebar').boundingBox())?.width).toBe(240);
    await screenshot(desktop.page, 'shell-desktop-home');
    await desktop.context.close();

    const mobile = await openSignedIn({ width: 390, height: 844 });
    await homepageLoaded(mobile.page);
    expect(await mobile.page.locator('.shell--mobile').count()).toBe(1);
    await screenshot(mobile.page, 'shell-mobile-home');
    await mobile.page.click('button[aria-label="切换菜单"]');
    // The drawer has slid in when its enter transition is done.
    await mobile.page.waitForSelector('.shell-mobile-drawer.p-sidebar-enter-done .side-menu');
    await settled(mobile.page);
    await screenshot(mobile.page, 'shell-mobile-menu');
    await mobile.context.close();
  });
});

describe('a dialog of the shell whose code cannot be downloaded', () => {
  it('修改密码 says so and stays on the page (no trip to the login page); asked again, it opens', async () => {
    let refused = true;
    // On the context: the demo's service worker fetches the app's files, and a page's routes do
    // not see its requests.
    const { context, page } = await openSignedIn(undefined, async (page) => {
      await page
        .context()
        .route(/\/assets\/change-password-dialog-[^/]*\.js$/, (route) =>
          refused ? route.abort() : route.continue(),
        );
    });
    const askForPassword = async () => {
      await page.click('.user-menu__trigger');
      await page.click('.user-menu__popup .p-menuitem-text:text-is("修改密码")');
    };
    await askForPassword();
    await page
      .locator('.p-toast-message', { hasText: '打开失败：页面代码下载失败，请检查网络后重试' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/homepage');
    expect(await page.getByRole('dialog').count()).toBe(0);

    refused = false;
    await askForPassword();
    await page.getByRole('dialog', { name: '修改密码' }).getByLabel('旧密码').waitFor();
    await context.close();
  });
});
