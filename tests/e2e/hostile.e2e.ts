/**
 * Hostile input against the admin app in real Chromium on the mock backend: redirect targets
 * that would leave the site, a storm of 401s from a tampered token, a menu address that points
 * off-site, and Escape inside an open tree select in a form dialog holding unsaved input.
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

/** Page errors (uncaught exceptions) seen while the page was open. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Calls the mock backend as the signed-in user (the app's own token). */
async function api<T>(page: Page, path: string, body: unknown = {}): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'access-token': sessionStorage.getItem('token') ?? '',
        },
        body: JSON.stringify(body),
      });
      return (await response.json()) as T;
    },
    { path, body },
  );
}

describe('login redirect', () => {
  it.each([
    // [the login page's query as typed in the address bar, where the user lands]
    ['?redirect=/%5Cevil.example', /\/homepage$/],
    ['?redirect=/%5C%5Cevil.example', /\/homepage$/],
    ['?redirect=//evil.example', /\/homepage$/],
    ['?redirect=%2F%2Fevil.example', /\/homepage$/],
    ['?redirect=/%09/evil.example', /\/homepage$/],
    ['?redirect=/%0A/evil.example', /\/homepage$/],
    ['?redirect=/%2509/evil.example', /\/homepage$/],
    ['?redirect=javascript:alert(1)', /\/homepage$/],
    ['?redirect=https://evil.example', /\/homepage$/],
    ['?redirect=/login', /\/homepage$/],
    ['?redirect=%2Fsystem%2Fnotice%3Ffrom%3Dhostile', /\/system\/notice\?from=hostile$/],
  ])('%s → %s', async (query, landing) => {
    const { context, page } = await newPage(browser);
    const errors = collectErrors(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${baseUrl()}/login${query}`);
    await signIn(page, 'admin');
    await page.waitForURL(landing);
    expect(new URL(page.url()).origin).toBe(baseUrl());
    await page.waitForSelector('.history-tab');
    expect(errors).toEqual([]);
    expect(dialogs).toEqual([]);
    await context.close();
  });
});

describe('a tampered token', () => {
  it('fires several calls that answer 401: one 401，登录失效！ toast, then /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/homepage$/);
    await page.waitForSelector('.stat-card__value');

    const expired: string[] = [];
    page.on('response', async (response) => {
      if (!response.url().includes('/api/')) return;
      try {
        const body = (await response.json()) as { status?: number };
        if (body.status === 401) expired.push(new URL(response.url()).pathname);
      } catch {
        // Not a JSON answer.
      }
    });
    await page.evaluate(() => sessionStorage.setItem('token', 'tampered-token'));
    // A full load of a list screen: menu, settings, unread count, list, lookups all at once.
    await page.goto(`${baseUrl()}/system/user`);
    await page.waitForURL(/\/login/);
    const toasts = page.locator('.p-toast-message', { hasText: '401，登录失效！' });
    await toasts.first().waitFor();
    // Counted before the screenshot: on a loaded machine a screenshot can outlast the toast.
    expect(await toasts.count()).toBe(1);
    await screenshot(page, 'hostile-401-storm');
    expect(expired.length).toBeGreaterThanOrEqual(3);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    console.info(`401 storm: ${expired.length} calls answered 401 (${expired.join(', ')})`);
    await context.close();
  });
});

describe('a menu address that leaves the site', () => {
  it('is shown as plain text, never as a link, and is not in the all-apps drawer', async () => {
    const { context, page } = await newPage(browser);
    const errors = collectErrors(page);
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/homepage$/);

    // Add it as the administrator would, under 系统管理 (mock state lives in localStorage).
    const menus = await api<{ data: { amenu_id: number; amenu_name: string }[] }>(
      page,
      '/api/adminmenu/getusermenu',
    );
    const group = menus.data.find((item) => item.amenu_name === '系统管理');
    expect(group).toBeDefined();
    const added = await api<{ status: number; msg: string }>(page, '/api/adminmenu/add', {
      amenu_pid: group!.amenu_id,
      amenu_name: '外部恶意链接',
      amenu_type: 'menu',
      amenu_address: '//evil.example/x',
      amenu_routername: 'EVIL',
      amenu_icon: 'pi pi-link',
      amenu_sort: 0,
      amenu_status: 1,
    });
    expect(added.status).toBe(200);

    await page.reload();
    await page.click('.top-menu__tab:has-text("系统管理")');
    const entry = page.locator('.side-menu__item', { hasText: '外部恶意链接' });
    await entry.waitFor();
    expect(await entry.evaluate((element) => element.tagName)).toBe('SPAN');
    expect(await entry.getAttribute('aria-disabled')).toBe('true');
    expect(await page.locator('a[href*="evil.example"]').count()).toBe(0);
    const before = page.url();
    await entry.click({ force: true });
    await entry.click({ button: 'middle', force: true });
    expect(page.url()).toBe(before);
    expect(context.pages()).toHaveLength(1);
    await screenshot(page, 'hostile-menu-address');

    await page.click('.all-apps-button');
    await page.fill('.all-apps input', '恶意');
    await page.waitForSelector('.all-apps__empty');
    expect(await page.locator('.all-apps__item', { hasText: '外部恶意链接' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a form dialog with unsaved input', () => {
  it('Escape in an open tree select keeps the dialog; closing asks before discarding', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/login?redirect=%2Fsystem%2Fuser`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/system\/user$/);
    await page.locator('.crud-page .p-datatable-tbody tr').first().waitFor();

    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增 - 管理员管理' });
    await dialog.getByLabel('登录账号').fill('hostile_probe');
    await dialog.getByLabel('昵称').fill('不要丢失');

    // Open the department tree select, type in its filter, press Escape.
    await dialog.locator('[data-field=department_id] .p-treeselect').click();
    const panel = page.locator('.p-treeselect-panel');
    await panel.waitFor();
    await panel.locator('input').fill('总');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await dialog.waitFor();
    expect(await page.locator('.crud-form__discard').count()).toBe(0);
    expect(await dialog.getByLabel('登录账号').inputValue()).toBe('hostile_probe');
    expect(await dialog.getByLabel('昵称').inputValue()).toBe('不要丢失');

    // A parent department is refused: 存在下级不能选择.
    await dialog.locator('[data-field=department_id] .p-treeselect').click();
    await panel.locator('.p-treenode-content', { hasText: '总公司' }).first().click();
    await dialog.getByText('存在下级不能选择').waitFor();

    // The refused click closes the panel; Escape now reaches the dialog: it asks first.
    await panel.waitFor({ state: 'detached' });
    await dialog.getByLabel('昵称').click();
    await page.keyboard.press('Escape');
    const ask = page.locator('.crud-form__discard');
    await ask.getByText('有未保存的内容，确定放弃吗？').waitFor();
    await page.waitForFunction(() => {
      const element = document.querySelector('.crud-form__discard');
      return element !== null && getComputedStyle(element).opacity === '1';
    });
    await screenshot(page, 'hostile-unsaved-confirm');

    await ask.getByRole('button', { name: '继续编辑' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('昵称').inputValue()).toBe('不要丢失');

    // The close icon asks too; 放弃 closes the dialog.
    await dialog.locator('.p-dialog-header-close').click();
    await ask.getByRole('button', { name: '放弃' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
