/**
 * Information reporting in real Chromium on the mock backend, by visible text: a report goes
 * draft → 提交 → 驳回 with a reason (required) → edited and resubmitted → 通过 → 发布, shows up
 * in each list with its state, carries its 审批记录, and is counted in 统计分析 (the figures
 * change). chart.js is fetched on 统计分析 only, never on the way through login and homepage.
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

const TITLE = '端到端上报：冬季消防安全检查';

const rowWith = (page: Page, text: string): Locator =>
  page.locator('.crud-page:visible .p-datatable-tbody tr', { hasText: text });

/** The first paragraph of a form's 正文 editor. */
const bodyParagraph = (form: Locator): Locator =>
  form.getByRole('group', { name: '正文' }).locator('.ce-paragraph').first();

async function openFromSidebar(page: Page, name: string): Promise<void> {
  await page.locator('.side-menu').getByText(name, { exact: true }).click();
  await page.locator('.page-title', { hasText: name }).waitFor();
}

async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.p-toast-message', { hasText: text }).first().waitFor();
}

async function confirm(page: Page): Promise<void> {
  await page.locator('.p-confirm-dialog-accept').click();
}

async function rowAction(page: Page, title: string, action: string): Promise<void> {
  await rowWith(page, title).getByRole('button', { name: action, exact: true }).click();
}

async function expectState(page: Page, title: string, state: string): Promise<void> {
  await rowWith(page, title).locator('.p-tag', { hasText: state }).waitFor();
}

/** The figure shown beside 已发布上报, and the count of one category's row. */
async function figures(page: Page, category: string): Promise<{ total: number; category: number }> {
  const total = page.locator('.stat-total strong');
  await total.waitFor();
  const table = page.getByRole('table', { name: '按栏目统计数据表' });
  const row = table.getByRole('row', { name: new RegExp(category) });
  const count = (await row.count()) ? Number(await row.getByRole('cell').innerText()) : 0;
  return { total: Number(await total.innerText()), category: count };
}

/** Picks a tree option as a person would: open the tree select, search its label, click it. */
async function pickTreeOption(page: Page, field: Locator, label: string): Promise<void> {
  await field.locator('.p-treeselect').click();
  const panel = page.locator('.p-treeselect-panel');
  await panel.getByPlaceholder('检索关键字').fill(label);
  await panel.locator('.p-treenode-content', { hasText: label }).click();
  await panel.waitFor({ state: 'detached' });
}

describe('information reporting', () => {
  it('moves a report from draft to published and counts it in the statistics', async () => {
    const { page } = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/homepage$/);
    await page.locator('.side-menu').waitFor();
    // Login and homepage: no chart library.
    expect(scripts.filter((url) => /chart/i.test(url))).toEqual([]);

    // Statistics before: the figures of this year and last (the default range).
    await page.goto(`${baseUrl()}/business/informationreportingpublish/statistic`);
    await page.locator('.page-title', { hasText: '统计分析' }).waitFor();
    const before = await figures(page, '安全生产');
    expect(before.total).toBeGreaterThan(0);
    await page.locator('.stat-grid canvas').first().waitFor();
    expect(scripts.some((url) => /chart/i.test(url))).toBe(true);

    // 我的上报: a new report is a draft.
    await openFromSidebar(page, '我的上报');
    await page.getByRole('button', { name: '新增' }).click();
    const add = page.getByRole('dialog', { name: '新增 - 我的上报' });
    await add.getByLabel('上报标题').fill(TITLE);
    await pickTreeOption(page, add.locator('[data-field=category_id]'), '安全生产');
    await pickTreeOption(page, add.locator('[data-field=department_id]'), '财务部');
    await add.getByLabel('报送日期').click();
    await page.locator('.p-datepicker').getByRole('button', { name: '今天' }).click();
    // 正文 is the rich-text editor.
    await add.locator('.rich-editor[data-ready="true"]').waitFor();
    await bodyParagraph(add).click();
    await page.keyboard.type('全市开展冬季消防安全检查，发现隐患 8 处。');
    await screenshot(page, 'reporting-add-with-editor');
    await add.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '新增成功');
    await expectState(page, TITLE, '草稿');

    // 提交: submitted, no longer editable.
    await rowAction(page, TITLE, '提交');
    await confirm(page);
    await expectToast(page, '提交成功');
    await expectState(page, TITLE, '待审批');
    expect(await rowWith(page, TITLE).getByRole('button', { name: '编辑' }).count()).toBe(0);
    await screenshot(page, 'reporting-mine-submitted');

    // 内容审批: reject; the reason is required.
    await openFromSidebar(page, '内容审批');
    await expectState(page, TITLE, '待审批');
    await rowAction(page, TITLE, '驳回');
    const reject = page.getByRole('dialog', { name: '驳回上报' });
    await reject.getByRole('button', { name: '确定驳回' }).click();
    await reject.getByRole('alert').filter({ hasText: '请输入驳回原因' }).waitFor();
    await screenshot(page, 'reporting-reject-reason-required');
    await reject.getByLabel('驳回原因').fill('请补充隐患整改时限和责任单位');
    await reject.getByRole('button', { name: '确定驳回' }).click();
    await expectToast(page, '已驳回');
    await expectState(page, TITLE, '已驳回');

    // 我的上报: the reason shows; the history says who rejected, when and why.
    await openFromSidebar(page, '我的上报');
    await expectState(page, TITLE, '已驳回');
    await rowWith(page, TITLE).getByText('驳回原因：请补充隐患整改时限和责任单位').waitFor();
    await rowAction(page, TITLE, '审批记录');
    const history = page.getByRole('dialog', { name: `审批记录：${TITLE}` });
    const rejected = history.getByRole('row', { name: /驳回/ });
    await rejected.getByText('请补充隐患整改时限和责任单位').waitFor();
    await rejected.getByText('admin').waitFor();
    expect(await rejected.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/).count()).toBe(1);
    await screenshot(page, 'reporting-history-rejected');
    await history.getByRole('button', { name: /close|关闭/i }).click();

    // Edit the rejected report and submit it again.
    await rowAction(page, TITLE, '编辑');
    const edit = page.getByRole('dialog', { name: '编辑 - 我的上报' });
    await edit.locator('.rich-editor[data-ready="true"]').waitFor();
    const body = bodyParagraph(edit);
    await expect.poll(() => body.textContent()).toContain('隐患 8 处');
    await body.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('隐患 8 处，12 月 15 日前由各区消防大队整改完毕。');
    await edit.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '修改成功');
    await rowAction(page, TITLE, '提交');
    await confirm(page);
    await expectToast(page, '提交成功');
    await expectState(page, TITLE, '待审批');

    // 内容审批: approve.
    await openFromSidebar(page, '内容审批');
    await expectState(page, TITLE, '待审批');
    await rowAction(page, TITLE, '通过');
    await confirm(page);
    await expectToast(page, '审批通过');
    await expectState(page, TITLE, '已通过');

    // 发布列表: waiting to be published, then published.
    await openFromSidebar(page, '发布列表');
    await expectState(page, TITLE, '待发布');
    await rowAction(page, TITLE, '发布');
    await confirm(page);
    await expectToast(page, '发布成功');
    await expectState(page, TITLE, '已发布');
    await screenshot(page, 'reporting-published');

    await openFromSidebar(page, '我的上报');
    await expectState(page, TITLE, '已发布');

    // 统计分析: one more publication in total and in 安全生产.
    await openFromSidebar(page, '统计分析');
    await expect.poll(async () => (await figures(page, '安全生产')).total).toBe(before.total + 1);
    expect((await figures(page, '安全生产')).category).toBe(before.category + 1);
    await screenshot(page, 'reporting-statistic');
  });
});
