/**
 * Spec fidelity items an acceptance walk-through found, each as a user meets it in Chromium:
 * the lists' page sizes (spec section 9: 10, 30, 40, 50, 80), 新增分类's parent choices (two
 * levels: the root and first-level categories only), the webp banner's hint (what the converter
 * takes: jpg/jpeg/png up to 10 MB), the administrator form's password rules (spec section 5) and
 * 系统动态管理's 正文 as the rich-text editor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  ({ page } = await newPage(browser));
  await page.goto(`${baseUrl()}/login`);
  await signIn(page, 'admin');
  await page.waitForURL(/\/homepage$/);
});

afterAll(async () => {
  await browser?.close();
});

async function open(path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await page.waitForURL((url) => url.pathname === path);
}

const visibleList = () => page.locator('.crud-page:visible');

describe('spec fidelity', () => {
  it('lists offer the page sizes 10, 30, 40, 50 and 80', async () => {
    await open('/system/notice');
    await visibleList().locator('.p-datatable-tbody tr').first().waitFor();
    await visibleList().locator('.p-paginator .p-dropdown').click();
    const options = page.locator('.p-dropdown-panel .p-dropdown-item');
    await options.first().waitFor();
    expect(await options.allInnerTexts()).toEqual(['10', '30', '40', '50', '80']);
    await page.keyboard.press('Escape');
  });

  it('新增分类 offers the root and first-level categories only', async () => {
    await open('/system/attachment');
    await page.getByRole('button', { name: '新增分类' }).click();
    const dialog = page.getByRole('dialog', { name: '添加分类' });
    await dialog.locator('.p-treeselect').click();
    const panel = page.locator('.attachment-form__tree-panel');
    await panel.getByRole('treeitem').first().waitFor();
    expect(await panel.locator('.p-treenode-label').allInnerTexts()).toEqual([
      '一级分类',
      '图片素材',
      '文档资料',
      '视频资料',
    ]);
    await screenshot(page, 'fidelity-category-parents');
    await page.keyboard.press('Escape');
  });

  it('the webp banner says what it takes: jpg, jpeg, png up to 10 MB', async () => {
    await open('/demo/form');
    const banner = page.locator('[data-field="banner"]');
    await banner.waitFor();
    // The uploader loads on first use; its hint comes with it.
    const hint = await banner.locator('.upload-control__hint', { hasText: 'jpg' }).innerText();
    expect(hint).toContain('jpg');
    expect(hint).toContain('png');
    expect(hint).toContain('10');
    expect(hint).not.toContain('gif');
  });

  it('管理员管理 → 新增 says the password rules for 登录密码 abc', async () => {
    await open('/system/user');
    await visibleList().getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增 - 管理员管理' });
    await dialog.getByLabel('登录密码').fill('abc');
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.getByText('密码长度8到20个字符').waitFor();
    await dialog.getByLabel('登录密码').fill('abcdefgh');
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.getByText('必须包含数字、大小写字母和特殊符号').waitFor();
    await screenshot(page, 'fidelity-password-rules');
    await dialog.getByRole('button', { name: '关闭' }).last().click();
    await page.locator('.p-confirm-dialog-accept').click();
  });

  it('at 1366 × 768 no column of 管理员管理 hides under the fixed 操作 column', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    try {
      await open('/system/user');
      const table = visibleList().locator('.p-datatable-wrapper');
      await table.locator('.p-datatable-tbody tr').first().waitFor();
      // Scrolled to its right end, the last data column sits left of the frozen one (asked until
      // the layout settles: an avatar or a late font can widen the table after the first rows).
      const headers = table.locator('.p-datatable-thead th');
      const gap = async () => {
        await table.evaluate((wrapper) => {
          wrapper.scrollLeft = wrapper.scrollWidth;
        });
        const last = await headers.nth((await headers.count()) - 2).boundingBox();
        const frozen = await table.locator('th.crud-list__actions-cell').boundingBox();
        return last && frozen ? Math.round(frozen.x - (last.x + last.width)) : Number.NaN;
      };
      await expect.poll(gap, { timeout: 10_000 }).toBeGreaterThanOrEqual(-1);
      await table.getByText('最后登录时间').waitFor();
      // The sidebar shows the whole system title, not 企业信息综合管理….
      const brand = page.locator('.shell-sidebar .shell-brand__title, .shell-brand__title').first();
      expect(
        await brand.evaluate(
          (title) =>
            title.scrollHeight <= title.clientHeight && title.scrollWidth <= title.clientWidth,
        ),
      ).toBe(true);
      await screenshot(page, 'fidelity-user-list-1366');
    } finally {
      await page.setViewportSize({ width: 1930, height: 980 });
    }
  });

  it('我的上报’s filter bar keeps 搜索 and 重置 together with the keyword box', async () => {
    await open('/business/informationreporting/list');
    const search = visibleList().getByRole('button', { name: '搜索' });
    const reset = visibleList().getByRole('button', { name: '重置' });
    await reset.waitFor();
    // Asked until the layout settles (the page was just shown at another size).
    const apart = async () => {
      const [a, b] = [await search.boundingBox(), await reset.boundingBox()];
      return a && b ? Math.round(Math.abs(a.y - b.y)) : Number.NaN;
    };
    await expect.poll(apart, { timeout: 10_000 }).toBeLessThan(2);
    await screenshot(page, 'fidelity-report-filters');
  });

  it('系统动态管理 edits 正文 in the rich-text editor', async () => {
    await open('/system/dynamics');
    await visibleList().getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增 - 系统动态管理' });
    const body = dialog.getByRole('group', { name: '正文' });
    await body.locator('.ce-paragraph').first().waitFor();
    expect(await dialog.locator('textarea[name="content"], textarea#content').count()).toBe(0);
    await screenshot(page, 'fidelity-dynamics-editor');
  });
});
