/**
 * Issue 51's acceptance walk-through, items 9, 10 and 12, by what an administrator sees:
 * 9. 附件管理 refuses a file over the size limit before any upload starts;
 * 10. a full reload queues no second demo push;
 * 12a. the rights dialog says a reload is enough; 12b. a network attachment refuses
 *      `javascript:alert(1)`; 12c. 消息通知 and 发布列表 have their bulk actions; 12d. 恢复默认 in
 *      列设置 shows whole; 12e. a WebSocket that is not a constructor leaves no error page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { openSignedIn, signIn } from './support/session';

const SMALL_SCREEN = { width: 1366, height: 768 };
/** Unread messages in the seeds (tm_status 2). */
const SEEDED_UNREAD = 4;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string): Locator =>
  page.locator('.p-toast-message', { hasText: text }).first();
const rowWith = (page: Page, text: string): Locator =>
  page.locator('.crud-page .p-datatable-tbody tr', { hasText: text });
const bulkBar = (page: Page): Locator => page.getByRole('group', { name: '批量操作' });
const bell = (page: Page): Locator => page.getByRole('button', { name: /^消息 \d+/ });

async function answer(page: Page, question: string): Promise<void> {
  const dialog = page.locator('.p-confirm-dialog', { hasText: question });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: '确定' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The unread count the bell shows. */
async function bellCount(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/^消息 (\d+)/.exec(name)?.[1]);
}

/** The unread count the mock backend holds now (the page's own session). */
function storedUnread(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/message/getmesnoreadnum', {
      method: 'POST',
      headers: { 'access-token': sessionStorage.getItem('token') ?? '' },
    });
    return ((await answer.json()) as { data: number }).data;
  });
}

describe('9. 附件管理 checks the size before uploading', () => {
  it('a 14 MB image is refused with 上传文件大小不能超过5MB! and no upload request starts', async () => {
    const page = await openSignedIn(browser, '/system/attachment');
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/tool/')) uploads.push(request.url());
    });
    await page.getByRole('checkbox', { name: '公司 Logo' }).waitFor();
    await page.getByTestId('attachment-upload-input').setInputFiles({
      name: '宣传海报.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(14 * 1024 * 1024),
    });
    await toast(page, '上传文件大小不能超过5MB!').waitFor();
    await screenshot(page, 'walkthrough-b-9-too-large');
    expect(uploads).toEqual([]);
    expect(await page.getByRole('checkbox', { name: '宣传海报.png' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('10. a reload queues no second demo push', () => {
  it('after the demo message, a reload and its socket leave the count as it was', async () => {
    const { context, page } = await newPage(browser);
    // The page's timers under the journey's hand: the demo push waits 15 s after the socket binds.
    await page.clock.install();
    await page.goto(`${baseUrl()}/homepage`);
    await signIn(page, 'admin');
    const before = SEEDED_UNREAD;
    await page.getByRole('button', { name: `消息 ${before}`, exact: true }).waitFor();
    // Past the demo delay until the demo message arrives (the socket binds a moment after
    // sign-in; once it has, one jump is enough).
    await expect
      .poll(async () => {
        await page.clock.fastForward(16_000);
        return bellCount(page);
      })
      .toBe(before + 1);

    await page.reload();
    await page.getByRole('button', { name: `消息 ${before + 1}`, exact: true }).waitFor();
    // The reloaded page's socket is bound once a message pushed now reaches it.
    await page.evaluate(() =>
      fetch('/api/mock/pushmessage', {
        method: 'POST',
        headers: {
          'access-token': sessionStorage.getItem('token') ?? '',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ tm_title: '重新加载后的测试消息' }),
      }),
    );
    await page.getByText('新消息：重新加载后的测试消息').waitFor();
    // Past the demo delay of this binding: before the fix the reload's demo push landed here.
    await page.clock.fastForward(16_000);
    expect(await storedUnread(page)).toBe(before + 2);
    await page.getByRole('button', { name: `消息 ${before + 2}`, exact: true }).waitFor();
    await screenshot(page, 'walkthrough-b-10-after-reload');
    await context.close();
  });
});

describe('12a. the rights dialog says what is true', () => {
  it('权限分配 says a reload or returning to the window is enough', async () => {
    const page = await openSignedIn(browser, '/system/role');
    const row = page.locator('.shell-view[data-path="/system/role"] .p-datatable-tbody tr', {
      hasText: '信息报送员',
    });
    await row.getByRole('button', { name: '权限分配' }).click();
    const dialog = page.getByRole('dialog', { name: '权限分配 - 信息报送员' });
    await dialog
      .getByText('保存后，该角色下已登录的用户刷新页面或切回窗口即生效，无需重新登录。')
      .waitFor();
    expect(await dialog.getByText('重新登录后生效').count()).toBe(0);
    await screenshot(page, 'walkthrough-b-12a-rights-hint');
    await page.context().close();
  });
});

describe('12b. a network attachment takes only an http(s) address', () => {
  it('javascript:alert(1) is refused in Chinese and nothing is added', async () => {
    const page = await openSignedIn(browser, '/system/attachment');
    await page.getByRole('checkbox', { name: '公司 Logo' }).waitFor();
    const adds: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/attachment/add') adds.push(request.url());
    });
    await page.getByRole('button', { name: '网络附件' }).click();
    const form = page.getByRole('dialog', { name: '添加网络附件' });
    await form.getByLabel(/附件名称/).fill('脚本链接');
    await form.getByLabel(/附件地址/).fill('javascript:alert(1)');
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByText('附件地址必须是以 http:// 或 https:// 开头的网址').waitFor();
    await screenshot(page, 'walkthrough-b-12b-network-address');
    expect(adds).toEqual([]);
    // The mock backend refuses it too, whoever sends it.
    const refused = await page.evaluate(async () => {
      const answer = await fetch('/api/attachment/add', {
        method: 'POST',
        headers: {
          'access-token': sessionStorage.getItem('token') ?? '',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ att_title: '脚本链接', att_url: 'javascript:alert(1)' }),
      });
      return (await answer.json()) as { status: number; msg: string };
    });
    expect(refused).toEqual(
      expect.objectContaining({
        status: 201,
        msg: '附件地址必须是以 http:// 或 https:// 开头的网址',
      }),
    );
    await page.context().close();
  });
});

describe('12c. bulk actions on 消息通知 and 发布列表', () => {
  it('消息通知: 批量标为已读 marks the selected unread messages read after one question', async () => {
    const page = await openSignedIn(browser, '/system/message');
    const titles = ['系统升级维护提醒', '账号安全提醒'];
    for (const title of titles)
      await rowWith(page, title).locator('td.crud-table__select input[type=checkbox]').check();
    await bulkBar(page).getByText('已选 2 项').waitFor();
    await bulkBar(page).getByRole('button', { name: '批量标为已读' }).click();
    await answer(page, '确定将选中的 2 条未读消息标为已读吗？');
    await toast(page, '已将 2 条消息标为已读').waitFor();
    for (const title of titles)
      await rowWith(page, title).getByText('已读', { exact: true }).waitFor();
    await screenshot(page, 'walkthrough-b-12c-messages');
    await page.context().close();
  });

  it('发布列表: 批量撤回 then 批量发布 the selected reports', async () => {
    const page = await openSignedIn(browser, '/business/informationreportingpublish/list');
    const titles = ['城区道路改造进度报告', '第三季度安全生产检查情况'];
    const select = async () => {
      for (const title of titles)
        await rowWith(page, title).locator('td.crud-table__select input[type=checkbox]').check();
      await bulkBar(page).getByText('已选 2 项').waitFor();
    };
    await select();
    await bulkBar(page).getByRole('button', { name: '批量撤回' }).click();
    await answer(page, '确定撤回选中的 2 条已发布上报吗？');
    await toast(page, '已撤回 2 条上报').waitFor();
    for (const title of titles)
      await rowWith(page, title).getByRole('button', { name: '发布', exact: true }).waitFor();

    await select();
    await bulkBar(page).getByRole('button', { name: '批量发布' }).click();
    await answer(page, '确定发布选中的 2 条上报吗？发布后计入统计分析。');
    await toast(page, '已发布 2 条上报').waitFor();
    for (const title of titles)
      await rowWith(page, title).getByRole('button', { name: '撤回', exact: true }).waitFor();
    await screenshot(page, 'walkthrough-b-12c-publish');
    await page.context().close();
  });
});

describe('12c. bulk actions on the trees (部门管理)', () => {
  const treeRow = (page: Page, name: string): Locator =>
    page.locator('.crud-tree .p-treetable-tbody tr', { hasText: name });
  const chooseRow = (page: Page, name: string) =>
    treeRow(page, name).getByRole('checkbox', { name: '选择该行' }).check();

  it('批量禁用 the chosen departments, then 批量删除 a department with its children', async () => {
    const page = await openSignedIn(browser, '/system/department');
    await treeRow(page, '前端开发组').waitFor();
    for (const name of ['前端开发组', '后端开发组']) await chooseRow(page, name);
    await bulkBar(page).getByText('已选 2 项').waitFor();
    await bulkBar(page).getByRole('button', { name: '批量禁用' }).click();
    await answer(page, '确定禁用选中的 2 条记录吗？');
    await toast(page, '已禁用 2 条记录').waitFor();
    for (const name of ['前端开发组', '后端开发组'])
      await treeRow(page, name).locator('input[role=switch][aria-checked=false]').waitFor();
    await bulkBar(page).waitFor({ state: 'detached' });

    // The parent and both children: the children go first, so the server deletes all three.
    for (const name of ['研发中心', '前端开发组', '后端开发组']) await chooseRow(page, name);
    await bulkBar(page).getByRole('button', { name: '批量删除' }).click();
    await answer(page, '此操作将永久删除选中的 3 条记录，是否继续？');
    await toast(page, '已删除 3 条记录').waitFor();
    await treeRow(page, '研发中心').waitFor({ state: 'detached' });
    await treeRow(page, '市场部').waitFor();
    await screenshot(page, 'walkthrough-b-12c-department-tree');
    await page.context().close();
  });
});

describe('12d. 恢复默认 in 列设置 shows whole', () => {
  it('on the widest list at 1366×768 the button is inside the panel and on top', async () => {
    const { page } = await newPage(browser, SMALL_SCREEN);
    await page.goto(`${baseUrl()}/business/user/list`);
    await signIn(page, 'admin');
    await rowWith(page, 'lina88').waitFor();
    await page.getByRole('button', { name: '列设置' }).click();
    const panel = page.getByRole('dialog', { name: '列设置' });
    const reset = panel.getByRole('button', { name: '恢复默认' });
    await reset.waitFor();
    await screenshot(page, 'walkthrough-b-12d-list-settings');
    const box = await reset.boundingBox();
    const panelBox = await panel.boundingBox();
    expect(box && panelBox).toBeTruthy();
    if (!box || !panelBox) return;
    expect(box.y).toBeGreaterThanOrEqual(panelBox.y);
    expect(box.y + box.height).toBeLessThanOrEqual(panelBox.y + panelBox.height);
    expect(box.y + box.height).toBeLessThanOrEqual(SMALL_SCREEN.height);
    // What is drawn at its top and bottom edges is the button itself, not what covers or clips it.
    const onTop = await page.evaluate(
      ({ x, top, bottom }) =>
        [top, bottom].map((y) =>
          Boolean(document.elementFromPoint(x, y)?.closest('.crud-list-settings > button')),
        ),
      { x: box.x + box.width / 2, top: box.y + 2, bottom: box.y + box.height - 2 },
    );
    expect(onTop).toEqual([true, true]);
    // The column list scrolls above 行密度 and never runs under it.
    const columns = await panel.locator('.crud-list-settings__columns').boundingBox();
    const density = await panel.getByText('行密度', { exact: true }).boundingBox();
    expect(columns && density && columns.y + columns.height <= density.y).toBe(true);
    await page.context().close();
  });
});

describe('12e. a WebSocket that is not a constructor', () => {
  it('the shell runs without the live connection and says so quietly', async () => {
    const { page } = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      // An arrow function: callable, never constructible (as a broken polyfill leaves it).
      Object.defineProperty(window, 'WebSocket', {
        value: () => undefined,
        configurable: true,
        writable: true,
      });
    });
    await page.goto(`${baseUrl()}/homepage`);
    await signIn(page, 'admin');
    await toast(page, '您的浏览器不支持socket').waitFor();
    await bell(page).waitFor();
    await page.locator('.shell-view').first().waitFor();
    await screenshot(page, 'walkthrough-b-12e-no-socket');
    expect(errors.filter((message) => /WebSocket/.test(message))).toEqual([]);
    await page.context().close();
  });
});
