/**
 * An imported source's other operations as buttons (issue 50): 图书馆's `POST /books/{isbn}/lend`
 * is a row action 借出 with a form built from its request body (读者编号, 归还日期). Driven by visible
 * text: the form asks for its required fields, then 执行 calls the API once and says 操作成功.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const rows = (page: Page): Locator => page.locator('.crud-page .p-datatable-tbody tr');

function today(): string {
  const now = new Date();
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

describe('action buttons of an imported source (图书馆 → 借出)', () => {
  it('asks for the form, calls the operation, and says 操作成功', async () => {
    const { page } = await newPage(browser);
    const lends: { path: string; body: string | null }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/\/sources\/library\/books\/[^/]+\/lend$/.test(url.pathname))
        lends.push({ path: url.pathname, body: request.postData() });
    });
    await page.goto(`${baseUrl()}/library/books`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/library\/books$/);
    const askToken = page.getByRole('dialog', { name: '登录「图书馆」' });
    await askToken.getByLabel('访问令牌').fill('demo-token');
    await askToken.getByRole('button', { name: '登录' }).click();
    await rows(page).locator('.p-tag').first().waitFor();

    const first = rows(page).first();
    const isbn = (await first.locator('td').nth(1).innerText()).trim();
    await first.getByRole('button', { name: '借出' }).click();
    const form = page.getByRole('dialog', { name: '借出' });
    await form.getByRole('button', { name: '执行' }).click();
    await form.getByText('请输入读者编号').waitFor();
    expect(lends).toEqual([]);

    await form.getByLabel('读者编号').fill('42');
    await form.getByLabel('归还日期').fill(today());
    // The picker's panel covers the dialog's buttons: Escape closes the picker (not the dialog).
    await form.getByLabel('归还日期').press('Escape');
    await page.getByRole('dialog', { name: '选择日期' }).waitFor({ state: 'hidden' });
    await screenshot(page, 'source-action-form');
    await form.getByRole('button', { name: '执行' }).click();
    await page.locator('.p-toast-message', { hasText: '操作成功' }).first().waitFor();
    await form.waitFor({ state: 'hidden' });
    expect(lends.map((lend) => lend.path)).toEqual([`/sources/library/books/${isbn}/lend`]);
    expect(JSON.parse(lends[0]?.body ?? '{}')).toMatchObject({ readerId: 42 });
    await page.close();
  });
});
