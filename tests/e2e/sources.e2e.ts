/**
 * An imported REST API in the shell (issue 27): the Swagger Petstore document, imported with
 * `cli import-openapi` (openapi/sources/petstore/) and generated like any module, answered by
 * the demo's stateful REST mock. Reached from its menu group, its 宠物 list pages and filters by
 * status; a pet is added (the name's required message; status a select of the enum's labels;
 * a list of photo URLs one per line; the category a select of those its pets have — Petstore
 * lists no categories —; the tags as JSON), edited — reading one pet asks for
 * the source's API key in its own sign-in dialog — and deleted. Orders, which the API cannot
 * list, are looked up by number.
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
const rowWith = (page: Page, text: string): Locator => rows(page).filter({ hasText: text });

async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.p-toast-message', { hasText: text }).first().waitFor();
}

/** Chooses `label` in the list's 状态 filter. */
async function filterByStatus(page: Page, label: string): Promise<void> {
  await page.locator('.crud-list__filter', { hasText: '状态' }).locator('.p-dropdown').click();
  await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: label }).click();
  await page.getByRole('button', { name: '搜索' }).click();
}

/** Status tags of the rows shown. */
async function statuses(page: Page): Promise<string[]> {
  return (await rows(page).locator('.p-tag').allInnerTexts()).map((text) => text.trim());
}

describe('an imported REST source (宠物商店)', () => {
  it('opens 宠物 from its menu group, pages and filters the list by status', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl()}/homepage`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/homepage$/);
    // The source's group and screen are in the menu the server sends, like any module.
    await page.locator('.all-apps-button').click();
    await page
      .locator('.all-apps__group', { hasText: '宠物商店' })
      .getByText('宠物', { exact: true })
      .click();
    await page.waitForURL(/\/petstore\/pet$/);
    await page.getByText('宠物商店', { exact: true }).first().waitFor();
    await rows(page).locator('.p-tag').first().waitFor();
    expect(await rows(page).count()).toBe(10);
    // The API answers every pet at once: the list pages them in the browser.
    const total = Number(/共 (\d+) 条/.exec(await page.locator('.p-paginator').innerText())?.[1]);
    expect(total).toBeGreaterThan(10);
    await page.locator('.p-paginator .p-paginator-next').click();
    await expect.poll(async () => rows(page).first().innerText()).toMatch(/^\s*11\s/);

    await filterByStatus(page, '已售');
    await expect.poll(() => statuses(page)).not.toContain('在售');
    const sold = await statuses(page);
    expect(sold.length).toBeGreaterThan(0);
    expect(new Set(sold)).toEqual(new Set(['已售']));
    await screenshot(page, 'source-petstore-filtered');
    await page.close();
  });

  it('adds a pet (name required), edits and deletes it', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl()}/petstore/pet`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/petstore\/pet$/);
    await rows(page).locator('.p-tag').first().waitFor();

    await page.getByRole('button', { name: '新增' }).click();
    const add = page.getByRole('dialog', { name: '新增 - 宠物' });
    await add
      .getByLabel('图片地址')
      .fill('https://example.com/dog.png\nhttps://example.com/dog-2.png');
    await add.getByRole('button', { name: '提交' }).click();
    await add.getByText('请输入名称').waitFor();
    // What was typed stays.
    expect(await add.getByLabel('图片地址').inputValue()).toBe(
      'https://example.com/dog.png\nhttps://example.com/dog-2.png',
    );
    await add.getByLabel('名称').fill('端到端小狗');
    // Petstore lists no categories: the select offers those its pets have, by name.
    await add.locator('[data-field=category] .p-dropdown').click();
    const categories = page.locator('.p-dropdown-panel .p-dropdown-item');
    await categories.first().waitFor();
    expect(await categories.allInnerTexts()).toContain('Dogs');
    await categories.filter({ hasText: /^Dogs$/ }).click();
    await add.getByLabel('标签').fill('[{"id": 1, "name": "乖"}');
    await add.locator('[data-field=status] .p-dropdown').click();
    expect(await page.locator('.p-dropdown-panel .p-dropdown-item').allInnerTexts()).toEqual([
      '在售',
      '待定',
      '已售',
    ]);
    await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: '待定' }).click();
    await add.getByRole('button', { name: '提交' }).click();
    await add.getByText('标签不是有效的 JSON').waitFor();
    await add.getByLabel('标签').fill('[{"id": 1, "name": "乖"}]');
    await add.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '新增成功');

    // Only pending pets: the new one is among them.
    await filterByStatus(page, '待定');
    await expect.poll(async () => [...new Set(await statuses(page))]).toEqual(['待定']);
    // New pets come last: on the last page when the pending ones fill more than one.
    const last = page.locator('.p-paginator .p-paginator-last');
    if (await last.isEnabled()) await last.click();
    await rowWith(page, '端到端小狗').waitFor();
    await screenshot(page, 'source-petstore-added');

    // Reading one pet needs Petstore's API key (its document says so): the source asks for it,
    // once, and the form loads as soon as it is given.
    await rowWith(page, '端到端小狗').getByRole('button', { name: '编辑' }).click();
    const askKey = page.getByRole('dialog', { name: '登录「宠物商店」' });
    await askKey.getByText('凭据只保存在当前标签页').waitFor();
    await askKey.getByRole('button', { name: '登录' }).click();
    await askKey.getByText('请输入API 密钥（api_key）').waitFor();
    await askKey.getByLabel('API 密钥（api_key）').fill('demo-key');
    await askKey.getByRole('button', { name: '登录' }).click();
    await expectToast(page, '已登录「宠物商店」');
    await askKey.waitFor({ state: 'detached' });
    const edit = page.getByRole('dialog', { name: '编辑 - 宠物' });
    const name = edit.getByLabel('名称');
    await expect.poll(() => name.inputValue()).toBe('端到端小狗');
    // The lists come back as the user gave them.
    expect(await edit.getByLabel('图片地址').inputValue()).toBe(
      'https://example.com/dog.png\nhttps://example.com/dog-2.png',
    );
    // The category comes back chosen, the tags as they were typed.
    expect(await edit.locator('[data-field=category] .p-dropdown-label').innerText()).toBe('Dogs');
    expect(JSON.parse(await edit.getByLabel('标签').inputValue())).toEqual([{ id: 1, name: '乖' }]);
    await name.fill('端到端小狗（已改）');
    await edit.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '修改成功');
    await rowWith(page, '端到端小狗（已改）').waitFor();

    await rowWith(page, '端到端小狗（已改）').getByRole('button', { name: '删除' }).click();
    await page.locator('.p-confirm-dialog-accept').click();
    await expectToast(page, '删除成功');
    await rowWith(page, '端到端小狗').waitFor({ state: 'detached' });
    await page.close();
  });

  it('looks orders up by number (the API lists none), adds one, and opens 用户', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl()}/petstore/store-order`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/petstore\/store-order$/);
    await page.getByText('该接口不提供列表，请输入订单编号查询记录').waitFor();
    const key = page.getByLabel('按订单编号查询');
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByText('请输入订单编号', { exact: true }).waitFor();
    await key.fill('2');
    await page.getByRole('button', { name: '查询' }).click();
    const record = page.locator('.crud-lookup__record');
    await record.getByText('宠物编号').waitFor();
    // The enum's label and the boolean in words, not the API's raw values.
    expect(await record.innerText()).toMatch(/状态\s+(已下单|已确认|已送达)/);
    expect(await record.innerText()).toMatch(/已完成\s+[是否]/);
    await key.fill('99999');
    await page.getByRole('button', { name: '查询' }).click();
    await expectToast(page, '记录不存在');

    await page.getByRole('button', { name: '新增' }).click();
    const add = page.getByRole('dialog', { name: '新增 - 订单' });
    await add.getByLabel('宠物编号').fill('7');
    await add.getByLabel('数量').fill('3');
    await add.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '新增成功');
    // There is no list to find it in: the new order is shown, its number in the lookup box.
    await expect.poll(() => key.inputValue()).toMatch(/^\d+$/);
    await expect.poll(() => record.innerText()).toMatch(/宠物编号\s+7\s+数量\s+3/);
    await screenshot(page, 'source-petstore-order');

    await page.goto(`${baseUrl()}/petstore/user`);
    await page.getByLabel('按用户名查询').waitFor();
    await page.close();
  });

  it('a second style, 图书馆: a bearer token asked once, offset paging, an author from its list', async () => {
    const { page } = await newPage(browser);
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/sources/library/')) calls.push(`${url.pathname}${url.search}`);
    });
    await page.goto(`${baseUrl()}/library/books`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/library\/books$/);
    // Every call of this API wants a bearer token: its sign-in opens on the first one.
    const askToken = page.getByRole('dialog', { name: '登录「图书馆」' });
    await askToken.getByLabel('访问令牌').fill('demo-token');
    await askToken.getByRole('button', { name: '登录' }).click();
    await expectToast(page, '已登录「图书馆」');
    await rows(page).locator('.p-tag').first().waitFor();
    expect(calls).toContain('/sources/library/books?offset=0&limit=10');
    const total = Number(/共 (\d+) 条/.exec(await page.locator('.p-paginator').innerText())?.[1]);
    // The total is the body's: the rows shown are one page of it.
    expect(total).toBeGreaterThan(0);
    expect(await rows(page).count()).toBe(Math.min(total, 10));

    await page.locator('.crud-list__filter', { hasText: '类别' }).locator('.p-dropdown').click();
    await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: '历史' }).click();
    await page.getByRole('button', { name: '搜索' }).click();
    await expect.poll(() => calls.some((call) => call.includes('genre=history'))).toBe(true);

    const takenIsbn = (await rows(page).first().locator('td').nth(1).innerText()).trim();
    await page.getByRole('button', { name: '新增' }).click();
    const add = page.getByRole('dialog', { name: '新增 - 图书' });
    await add.getByRole('button', { name: '提交' }).click();
    await add.getByText('请输入书名').waitFor();
    // The client names a book's key: the ISBN is typed on add.
    await add.getByLabel('ISBN').fill(takenIsbn);
    await add.getByLabel('书名').fill('端到端图书');
    // 作者 is a select filled from the authors list of the same API.
    await add.locator('[data-field=author] .p-dropdown').click();
    const authors = page.locator('.p-dropdown-panel .p-dropdown-item');
    await authors.first().waitFor();
    expect(calls).toContain('/sources/library/authors?offset=0&limit=100');
    const author = (await authors.first().innerText()).trim();
    expect(author).not.toBe('');
    await authors.first().click();
    await add.locator('[data-field=genre] .p-dropdown').click();
    await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: '历史' }).click();
    await add.getByRole('button', { name: '提交' }).click();
    // The server's problem+json, in the user's words with its own detail; nothing typed is lost.
    await expectToast(page, '数据冲突：');
    expect(await add.getByLabel('书名').inputValue()).toBe('端到端图书');
    await add.getByLabel('ISBN').fill('9787020002207');
    await add.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '新增成功');

    await page.getByPlaceholder('请输入关键字').fill('端到端图书');
    await page.getByRole('button', { name: '搜索' }).click();
    const added = rowWith(page, '端到端图书');
    await added.waitFor();
    // The list names the author, not the key it stores.
    expect(await added.innerText()).toContain(author);
    await screenshot(page, 'source-library-added');

    // A book's reviews (GET/POST /books/{isbn}/reviews): a sub-screen opened from its row.
    await added.getByRole('button', { name: '书评' }).click();
    await page.waitForURL(/\/library\/books-reviews\?isbn=9787020002207$/);
    const reviews = page.locator('.shell-view[data-path="/library/books-reviews"]');
    await reviews.getByText('ISBN：9787020002207').waitFor();
    await reviews.getByText('共 0 条').waitFor();
    await reviews.getByRole('button', { name: '新增' }).click();
    const review = page.getByRole('dialog', { name: '新增 - 书评' });
    await review.getByLabel('评分').fill('5');
    await review.getByLabel('评论人').fill('e2e@example.com');
    await review.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '新增成功');
    await reviews.locator('.p-datatable-tbody tr', { hasText: 'e2e@example.com' }).waitFor();
    expect(calls).toContain('/sources/library/books/9787020002207/reviews?offset=0&limit=10');
    await page.close();
  });

  it('a third, published document (Redocly Museum API): basic auth, page/limit paging without a total, PATCH', async () => {
    const { page } = await newPage(browser);
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/sources/museum/'))
        calls.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    await page.goto(`${baseUrl()}/museum/special-events`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/museum\/special-events$/);
    // HTTP basic on every call: its sign-in asks for a user name and a password.
    const ask = page.getByRole('dialog', { name: '登录「博物馆」' });
    await ask.getByLabel('用户名').fill('curator');
    await ask.getByRole('textbox', { name: '密码' }).fill('museum-pass');
    await ask.getByRole('button', { name: '登录' }).click();
    await expectToast(page, '已登录「博物馆」');
    await rowWith(page, 'Sasquatch Ballet').waitFor();
    expect(calls).toContain('GET /sources/museum/special-events?page=1&limit=10');
    // No total in the answer: a full page offers one more.
    expect(await rows(page).count()).toBe(10);
    await page.getByText('共 11 条').waitFor();

    await page.getByRole('button', { name: '新增' }).click();
    const add = page.getByRole('dialog', { name: '新增 - 特别活动' });
    await add.getByRole('button', { name: '提交' }).click();
    await add.getByText('请输入活动名称').waitFor();
    // The server assigns the event's id (its add body has none): the form does not ask for it.
    expect(await add.getByLabel('活动编号').count()).toBe(0);
    await add.getByLabel('活动名称').fill('博物馆之夜');
    await add.getByLabel('地点').fill('一号展厅');
    await add.getByLabel('活动介绍').fill('闭馆后的夜间导览');
    await add.getByLabel('活动日期').fill('2026-12-01\n2026-13-45');
    await add.getByLabel('票价').fill('25');
    await add.getByRole('button', { name: '提交' }).click();
    // The document's schema says a date: the server refuses, in problem+json; nothing is lost.
    await expectToast(page, '提交的数据有误');
    expect(await add.getByLabel('活动名称').inputValue()).toBe('博物馆之夜');
    await add.getByLabel('活动日期').fill('2026-12-01\n2026-12-08');
    await add.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '新增成功');

    // New events come last: page 2, asked of the server as page=2.
    await page.locator('.p-paginator .p-paginator-next').click();
    await rowWith(page, '博物馆之夜').waitFor();
    expect(calls).toContain('GET /sources/museum/special-events?page=2&limit=10');
    await screenshot(page, 'source-museum-added');

    await rowWith(page, '博物馆之夜').getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑 - 特别活动' });
    const dates = edit.getByLabel('活动日期');
    await expect.poll(() => dates.inputValue()).toBe('2026-12-01\n2026-12-08');
    await edit.getByLabel('票价').fill('30');
    await edit.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '修改成功');
    expect(calls.some((call) => call.startsWith('PATCH /sources/museum/special-events/'))).toBe(
      true,
    );
    // 票价 is a cell of its own: 30 now.
    await expect
      .poll(() => rowWith(page, '博物馆之夜').locator('td').allInnerTexts())
      .toContain('30');

    await rowWith(page, '博物馆之夜').getByRole('button', { name: '删除' }).click();
    await page.locator('.p-confirm-dialog-accept').click();
    await expectToast(page, '删除成功');
    await rowWith(page, '博物馆之夜').waitFor({ state: 'detached' });
    await page.close();
  });
});
