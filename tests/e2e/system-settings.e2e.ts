/**
 * The settings area in real Chromium on the mock backend, by visible text: a dictionary item
 * reaches a DICTIONARY select after 刷新缓存; a new SYS_TITLE shows in the sidebar and the page
 * title without a reload; 接口文档 finds /api/adminuser/resetpassword and 调试 answers; 管理员管理
 * refuses a bad phone and email; 标为已读 lowers the bell; a department's detail names its parent.
 * Screenshots of every screen at 1930×980 land in tests/e2e/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser';
import { openSignedIn } from './support/session';
import { columnCells } from './support/table';
import { loaded } from './support/requests';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Moves inside the app as a menu click does: no reload, client caches kept. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL(new RegExp(`${path}$`));
}

async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.p-toast-message', { hasText: text }).first().waitFor();
}

const visibleSection = (page: Page, name: string): Locator =>
  page.locator(`section.crud-page[aria-label="${name}"]:visible`);

/** The labels the 动态类型 drop-down of the 系统动态 add dialog offers. */
async function dynamicsTypeOptions(page: Page): Promise<string[]> {
  const list = visibleSection(page, '系统动态管理');
  await list.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog', { name: '新增 - 系统动态管理' });
  await dialog.locator('[data-field="category"] .p-dropdown').click();
  const panel = page.locator('.p-dropdown-panel');
  await panel.locator('.p-dropdown-item').first().waitFor();
  const labels = await panel.locator('.p-dropdown-item').allInnerTexts();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: '关闭' }).first().click();
  const discard = page.getByRole('button', { name: '放弃' });
  if (await discard.isVisible()) await discard.click();
  await dialog.waitFor({ state: 'detached' });
  return labels.map((label) => label.trim());
}

describe('字典管理 → a DICTIONARY select', () => {
  it('shows a new item in 系统动态管理 动态类型 only after 刷新缓存', async () => {
    const page = await openSignedIn(browser, '/system/dynamics');
    await screenshot(page, 'settings-dynamics');
    expect(await dynamicsTypeOptions(page)).toEqual([
      '系统更新',
      '功能上线',
      '运维公告',
      '活动资讯',
    ]);

    await goInApp(page, '/system/dictionary');
    const parents = visibleSection(page, '字典分类');
    const parentRow = parents.locator('.p-datatable-tbody tr', { hasText: 'DynamicsType' });
    await parentRow.getByRole('button', { name: '字典项' }).click();
    const items = visibleSection(page, '动态类型的字典项');
    await items.locator('.p-datatable-tbody tr', { hasText: '活动资讯' }).waitFor();
    await items.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增 - 动态类型的字典项' });
    await dialog.getByLabel('字典编码').fill('DynamicsType_news');
    await dialog.getByLabel('字典名称').fill('行业新闻');
    await dialog.getByLabel('字典值').fill('5');
    await dialog.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '新增成功');
    await items.locator('.p-datatable-tbody tr', { hasText: '行业新闻' }).waitFor();
    await screenshot(page, 'settings-dictionary');

    // The select reads the client's cached dictionary: not there yet.
    await goInApp(page, '/system/dynamics');
    expect(await dynamicsTypeOptions(page)).not.toContain('行业新闻');

    await goInApp(page, '/system/dictionary');
    await page.getByRole('button', { name: '刷新缓存' }).first().click();
    await expectToast(page, '字典缓存已刷新');

    await goInApp(page, '/system/dynamics');
    expect(await dynamicsTypeOptions(page)).toContain('行业新闻');
  });
});

describe('系统设置', () => {
  it('changes the sidebar title at once, without a reload; the document title keeps the product name', async () => {
    const page = await openSignedIn(browser, '/system/setting');
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const title = page.getByLabel('系统标题');
    await title.waitFor();
    expect(await title.inputValue()).toBe('企业信息综合管理平台');
    await page.locator('.shell-brand__title', { hasText: '企业信息综合管理平台' }).waitFor();
    await screenshot(page, 'settings-setting');

    await title.fill('端到端测试平台');
    await page.getByRole('button', { name: '保存设置' }).click();
    await expectToast(page, '系统设置已保存');
    await page.locator('.shell-brand__title', { hasText: '端到端测试平台' }).waitFor();
    // The document title keeps the product's one name (issue 51 item 5); the sidebar names the system.
    expect(await page.title()).toBe('系统设置 - 后台管理系统');
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    await screenshot(page, 'settings-setting-saved');

    // Signed out, the login page still shows the stored title.
    await page.locator('.user-menu__trigger').click();
    await page.getByRole('menuitem', { name: '退出系统' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await page.waitForURL(/\/login/);
    await page.locator('.login-card__brand', { hasText: '端到端测试平台' }).waitFor();
    await screenshot(page, 'settings-login-title');
  });
});

describe('接口文档', () => {
  it('finds /api/adminuser/resetpassword by search, and 调试 answers with the JSON', async () => {
    const page = await openSignedIn(browser, '/system/showdoc');
    const search = page.getByLabel('搜索接口（路径、名称或说明）');
    await search.waitFor();
    await screenshot(page, 'settings-showdoc');
    await search.fill('/api/adminuser/resetpassword');
    const call = page.getByRole('article', { name: 'POST /api/adminuser/resetpassword' });
    await call.getByRole('heading', { name: '重置密码' }).waitFor();
    await call.getByText('"id": 1').waitFor();
    await call.getByRole('button', { name: '调试' }).click();
    await call.getByRole('button', { name: '发送请求' }).click();
    const answer = call.getByLabel('返回结果');
    await answer.waitFor();
    expect(await answer.innerText()).toContain('"status": 200');
    await screenshot(page, 'settings-showdoc-try');
  });
});

describe('管理员管理 formats', () => {
  it('refuses 手机号 T504074 and 邮箱 T504075 with clear messages', async () => {
    const page = await openSignedIn(browser, '/system/user');
    await visibleSection(page, '管理员管理').getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增 - 管理员管理' });
    await dialog.getByLabel('手机号').fill('T504074');
    await dialog.getByLabel('邮箱').fill('T504075');
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.getByText('手机号格式不正确，请输入11位手机号码').waitFor();
    await dialog.getByText('邮箱格式不正确，请输入正确的邮箱地址').waitFor();
    await screenshot(page, 'settings-user-formats');
  });
});

describe('消息通知', () => {
  it('标为已读 lowers the bell count', async () => {
    const page = await openSignedIn(browser, '/system/message');
    const bell = page.locator('.message-bell');
    await page.locator('.message-bell .message-bell__badge').waitFor();
    const before = Number((await bell.getAttribute('aria-label'))?.replace(/\D/g, ''));
    expect(before).toBeGreaterThan(0);
    const list = visibleSection(page, '消息通知');
    await list.getByRole('button', { name: '标为已读' }).first().click();
    await expectToast(page, '已标为已读');
    await page.locator(`.message-bell[aria-label="消息 ${before - 1}"]`).waitFor();
    await screenshot(page, 'settings-message');
  });
});

describe('detail dialogs', () => {
  it('a department names its parent instead of 0', async () => {
    const page = await openSignedIn(browser, '/system/department');
    const row = page.locator('.crud-page:visible tr', { hasText: '研发中心' }).first();
    await row.waitFor();
    await row.getByRole('button', { name: '查看' }).click();
    const dialog = page.getByRole('dialog', { name: '查看 - 部门管理' });
    const parent = dialog.locator('.crud-info__row', { hasText: '上级部门' });
    await parent.getByText('总公司').waitFor();
    expect(await parent.innerText()).not.toMatch(/\b0\b/);
    await screenshot(page, 'settings-department-info');
  });
});

describe('城市管理', () => {
  it('loads the cities of a province when it is opened, and finds a district by search', async () => {
    const page = await openSignedIn(browser, '/system/district');
    const tree = page.getByRole('treegrid', { name: '行政区划' });
    await tree.getByText('广东省').waitFor();
    expect(await tree.getByText('广州市').count()).toBe(0);
    await tree.locator('tr', { hasText: '广东省' }).locator('.p-treetable-toggler').click();
    await tree.getByText('广州市').waitFor();
    await screenshot(page, 'settings-district');
    await page.getByLabel('搜索城市名称或区划代码').fill('天河');
    await page.getByRole('button', { name: '搜索' }).click();
    await tree.getByText('天河区').waitFor();
    expect(await tree.getByText('广东省').count()).toBe(0);
  });
});

describe('日志管理', () => {
  it('filters by 操作账号 and offers no add or edit', async () => {
    const page = await openSignedIn(browser, '/system/log');
    const list = visibleSection(page, '日志管理');
    await list.locator('.p-datatable-tbody tr').first().waitFor();
    expect(await list.getByRole('button', { name: '新增' }).count()).toBe(0);
    expect(await list.getByRole('button', { name: '编辑' }).count()).toBe(0);
    await list.getByLabel('操作账号').fill('zhangwei');
    await list.getByRole('button', { name: '搜索' }).click();
    await list
      .locator('.p-datatable-tbody tr', { hasText: 'admin' })
      .first()
      .waitFor({ state: 'detached' });
    const users = await (await columnCells(list, '操作账号')).allInnerTexts();
    expect(new Set(users.map((u) => u.trim()))).toEqual(new Set(['zhangwei']));
    await screenshot(page, 'settings-log');
  });
});

describe('screens of the settings area', () => {
  it.each([
    ['/system/notic', '关于系统升级维护的通知', 'settings-notic'],
    ['/system/group', 'SYS_TITLE', 'settings-group'],
    ['/system/dicttree', '行政区划', 'settings-dicttree'],
  ])('%s opens with content', async (path, text, name) => {
    const page = await openSignedIn(browser, path);
    await page.getByText(text).first().waitFor();
    await loaded(page);
    await screenshot(page, name);
  });
});
