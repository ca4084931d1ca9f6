/**
 * The rich-text editor in real Chromium, used as a person would on 公告管理: formatting, a table
 * with merged cells, an image from the attachment library and a link survive save and reopen;
 * Chinese typed through an IME; a draft offered back after a reload; fullscreen on and off;
 * search and replace; hostile HTML through paste and source view never runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { animationsSettled, baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import {
  editorHtml,
  editorOf,
  insertLibraryImage,
  openForm,
  openNotices as openNoticesIn,
  paragraphs,
  selectText,
  tool,
} from './support/editor';
import { signIn } from './support/session';
import { loaded } from './support/requests';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const openNotices = () => openNoticesIn(browser);

describe('rich-text editor on 公告管理', () => {
  it('bold, a colour, a merged 3 × 3 table, a library image and a link survive save and reopen', async () => {
    const page = await openNotices();
    const dialog = await openForm(page, '新增');
    await dialog.getByLabel('公告标题').fill('富文本公告');
    const first = paragraphs(dialog).first();
    await first.click();
    await page.keyboard.type('重要通知 红色提醒 访问官网');

    await selectText(first, '重要通知');
    await tool(dialog, '加粗').click();
    await selectText(first, '红色提醒');
    await tool(dialog, '字体颜色').click();
    await page.getByRole('button', { name: '#ff0000' }).click();
    await selectText(first, '访问官网');
    await tool(dialog, '超链接').click();
    const linkDialog = page.getByRole('dialog', { name: '超链接' });
    // The dialog starts from the selected text.
    await expect.poll(() => linkDialog.getByLabel('文本内容').inputValue()).toBe('访问官网');
    await linkDialog.getByLabel('链接地址').fill('https://example.com/notice');
    await linkDialog.getByRole('button', { name: '确认' }).click();
    await expect.poll(() => first.locator('a[href="https://example.com/notice"]').count()).toBe(1);

    // A 3 × 3 table from the picker; the first row's two left cells merged.
    await tool(dialog, '插入表格').click();
    await page.getByRole('button', { name: '3列 × 3行' }).click();
    const table = editorOf(dialog).locator('.re-table');
    await table.getByRole('cell', { name: '第 1 行第 1 列' }).click();
    await page.keyboard.type('合并');
    await table.getByRole('cell', { name: '第 1 行第 2 列' }).click({ modifiers: ['Shift'] });
    await table.getByRole('button', { name: '合并多个单元格' }).click();
    await expect.poll(() => table.locator('td[colspan="2"]').count()).toBe(1);
    expect(await table.getByRole('button', { name: '升序排序' }).isDisabled()).toBe(true);

    // An image from the attachment library.
    const image = await insertLibraryImage(page, dialog);
    const imageUrl = await image.getAttribute('src');
    expect(imageUrl).toBeTruthy();
    await screenshot(page, 'editor-notice-written');

    await expect.poll(() => editorHtml(dialog)).toContain('re-image');
    await dialog.getByRole('button', { name: '提交' }).click();
    await page.locator('.p-toast-message', { hasText: '新增成功' }).first().waitFor();

    // Reopened: the same content.
    const again = await openForm(page, '编辑', '富文本公告');
    const editor = editorOf(again);
    expect(await editor.locator('b', { hasText: '重要通知' }).count()).toBe(1);
    expect(
      await editor
        .locator('span', { hasText: '红色提醒' })
        .first()
        .evaluate((el) => getComputedStyle(el).color),
    ).toBe('rgb(255, 0, 0)');
    expect(
      await editor.locator('a[href="https://example.com/notice"]', { hasText: '访问官网' }).count(),
    ).toBe(1);
    expect(await editor.locator('.re-table td[colspan="2"]', { hasText: '合并' }).count()).toBe(1);
    expect(await editor.locator('.re-table tr').count()).toBe(3);
    expect(await editor.locator('.re-image img').getAttribute('src')).toBe(imageUrl);
    await screenshot(page, 'editor-notice-reopened');
  });

  it('Enter that confirms an IME composition does not split the block; a later Enter does', async () => {
    const page = await openNotices();
    const dialog = await openForm(page, '新增');
    await paragraphs(dialog).first().click();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', {
      text: 'zhongwen',
      selectionStart: 8,
      selectionEnd: 8,
    });
    await page.keyboard.press('Enter');
    await cdp.send('Input.insertText', { text: '中文' });
    await page.keyboard.press('Enter');
    expect(await paragraphs(dialog).count()).toBe(1);
    expect(await paragraphs(dialog).first().textContent()).toBe('中文');
    // A plain Enter is the editor's again once the guard's grace period is over (the guard is not
    // stuck): one held back within the period changes nothing, so Enter is pressed until one splits.
    await page.keyboard.press('End');
    await expect
      .poll(async () => {
        await page.keyboard.press('Enter');
        return paragraphs(dialog).count();
      })
      .toBe(2);
  });

  it('a reload mid-edit offers the draft back', async () => {
    const page = await openNotices();
    const dialog = await openForm(page, '新增');
    await paragraphs(dialog).first().click();
    await page.keyboard.type('草稿内容不能丢');
    // The autosave writes local storage within 500 ms; its notice follows 2 s later.
    await dialog.getByText('已自动保存').waitFor();
    await page.reload();
    await page.locator('.crud-page .p-datatable-tbody tr').first().waitFor();
    const reopened = await openForm(page, '新增');
    await reopened.getByText(/发现 .* 自动保存的草稿，是否恢复？/).waitFor();
    await screenshot(page, 'editor-draft-offered');
    await reopened.getByRole('button', { name: '恢复草稿' }).click();
    await expect.poll(() => paragraphs(reopened).first().textContent()).toBe('草稿内容不能丢');
  });

  it('a refused save keeps the draft; add and edit of one screen keep separate drafts', async () => {
    const { page } = await newPage(browser);
    // The server refuses the next notice save once (the mock answers from a service worker, which
    // page.route cannot intercept, so the app's fetch is wrapped before it loads).
    await page.addInitScript(() => {
      const original = window.fetch.bind(window);
      const state = window as unknown as { refuseNextSave?: boolean };
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        const url =
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (state.refuseNextSave && url.includes('/api/adminnotice/add')) {
          state.refuseNextSave = false;
          return Promise.resolve(Response.json({ status: 201, msg: '服务器拒绝保存', data: null }));
        }
        return original(input, init);
      };
    });
    await page.goto(`${baseUrl()}/system/notice`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/system\/notice$/);
    await page.locator('.crud-page .p-datatable-tbody tr').first().waitFor();

    const dialog = await openForm(page, '新增');
    await dialog.getByLabel('公告标题').fill('草稿保留公告');
    await paragraphs(dialog).first().click();
    await page.keyboard.type('被拒绝也不能丢');
    await dialog.getByText('已自动保存').waitFor();
    await page.evaluate(() => {
      (window as unknown as { refuseNextSave?: boolean }).refuseNextSave = true;
    });
    await dialog.getByRole('button', { name: '提交' }).click();
    await page.locator('.p-toast-message', { hasText: '服务器拒绝保存' }).first().waitFor();
    await page.reload();
    await page.locator('.crud-page .p-datatable-tbody tr').first().waitFor();

    // Editing a record does not offer the add form's draft.
    await page
      .locator('.crud-page .p-datatable-tbody tr')
      .first()
      .getByRole('button', { name: '编辑' })
      .click();
    const edit = page.getByRole('dialog', { name: '编辑 - 公告管理' });
    await edit.locator('.rich-editor[data-ready="true"]').waitFor();
    expect(await edit.getByRole('button', { name: '恢复草稿' }).count()).toBe(0);
    await edit.getByRole('button', { name: '关闭' }).last().click();
    await edit.waitFor({ state: 'hidden' });

    // The add form does.
    const again = await openForm(page, '新增');
    await again.getByRole('button', { name: '恢复草稿' }).click();
    await expect.poll(() => paragraphs(again).first().textContent()).toBe('被拒绝也不能丢');
  });

  it('a submit right after typing sends what was typed, and the saved draft is not offered again', async () => {
    const page = await openNotices();
    const dialog = await openForm(page, '新增');
    await dialog.getByLabel('公告标题').fill('即时提交公告');
    await paragraphs(dialog).first().click();
    await page.keyboard.type('最后几个字也要保存');
    // No pause: the editor has not reported the change to the form yet.
    await dialog.getByRole('button', { name: '提交' }).click();
    await page.locator('.p-toast-message', { hasText: '新增成功' }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const edit = await openForm(page, '编辑', '即时提交公告');
    expect(await paragraphs(edit).first().textContent()).toBe('最后几个字也要保存');
    await edit.getByRole('button', { name: '关闭' }).last().click();
    await edit.waitFor({ state: 'hidden' });

    // Saved means the draft is gone, also after a reload.
    const add = await openForm(page, '新增');
    expect(await add.getByRole('button', { name: '恢复草稿' }).count()).toBe(0);
    await page.reload();
    await page.locator('.crud-page .p-datatable-tbody tr').first().waitFor();
    const afterReload = await openForm(page, '新增');
    expect(await afterReload.getByRole('button', { name: '恢复草稿' }).count()).toBe(0);
  });

  it('关闭, × or Escape right after typing asks before the typed text is lost', async () => {
    const page = await openNotices();
    const ask = page.locator('.crud-form__discard');
    const closeBy: Record<string, (dialog: Locator) => Promise<void>> = {
      关闭: (dialog) => dialog.getByRole('button', { name: '关闭' }).last().click(),
      '×': (dialog) => dialog.locator('.p-dialog-header-close').click(),
      Escape: () => page.keyboard.press('Escape'),
    };
    for (const [way, close] of Object.entries(closeBy)) {
      const dialog = await openForm(page, '新增');
      await paragraphs(dialog).first().click();
      await page.keyboard.type(`只在编辑器里的正文 ${way}`);
      // No pause: the editor has not reported the change to the form yet.
      await close(dialog);
      await ask.getByText('有未保存的内容，确定放弃吗？').waitFor();
      await ask.getByRole('button', { name: '继续编辑' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await paragraphs(dialog).first().textContent(), way).toBe(`只在编辑器里的正文 ${way}`);
      await dialog.locator('.p-dialog-header-close').click();
      await ask.getByRole('button', { name: '放弃' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('fullscreen covers the window and leaving it restores the layout', async () => {
    const page = await openNotices();
    const dialog = await openForm(page, '新增');
    const root = dialog.locator('.rich-editor');
    // The editor can be ready while the dialog still zooms in: compare the settled layout.
    await animationsSettled(page);
    const before = await root.boundingBox();
    await tool(dialog, '全屏').click();
    const full = await page.locator('.rich-editor--fullscreen').boundingBox();
    expect(full).toMatchObject({ x: 0, y: 0, width: 1930, height: 980 });
    await screenshot(page, 'editor-fullscreen');
    await page.getByRole('button', { name: '退出全屏' }).click();
    expect(await root.boundingBox()).toEqual(before);
  });

  it('search and replace replaces every occurrence', async () => {
    const page = await openNotices();
    const dialog = await openForm(page, '新增');
    await paragraphs(dialog).first().click();
    await page.keyboard.type('苹果和苹果，还有香蕉');
    await page.keyboard.press('Enter');
    await page.keyboard.type('第二段的苹果');
    await tool(dialog, '查询替换').click();
    const search = page.getByRole('dialog', { name: '查询替换' });
    await search.getByRole('textbox', { name: '查找' }).fill('苹果');
    await search.getByRole('textbox', { name: '替换为' }).fill('橙子');
    await search.getByRole('button', { name: '全部替换' }).click();
    await search.getByText('总共替换了3处！').waitFor();
    expect(await paragraphs(dialog).allTextContents()).toEqual([
      '橙子和橙子，还有香蕉',
      '第二段的橙子',
    ]);
  });

  it('hostile HTML pasted or entered in source view never runs', async () => {
    const page = await openNotices();
    let dialogs = 0;
    page.on('dialog', (box) => {
      dialogs += 1;
      void box.dismiss();
    });
    const form = await openForm(page, '新增');
    await form.getByLabel('公告标题').fill('安全测试公告');
    const payload =
      '<p>正文<img src="x" onerror="window.__xss=1;alert(1)"><a href="javascript:window.__xss=2">点我</a></p>' +
      '<script>window.__xss=3</script><svg onload="window.__xss=4"></svg>' +
      '<iframe srcdoc="<script>parent.__xss=5</script>"></iframe><table><tr><td onclick="alert(6)">格</td></tr></table>';
    await paragraphs(form).first().click();
    await paragraphs(form)
      .first()
      .evaluate((el, html) => {
        const data = new DataTransfer();
        data.setData('text/html', html);
        data.setData('text/plain', '正文');
        el.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      }, payload);
    await tool(form, '源代码').click();
    const source = form.getByLabel('源代码');
    await source.fill(`${await source.inputValue()}${payload}`);
    await tool(form, '返回编辑').click();
    await form.locator('.rich-editor[data-ready="true"] .ce-block').first().waitFor();
    await form.locator('.re-table').first().click();
    expect(
      await editorOf(form)
        .locator('a[href^="javascript"], [onerror], [onclick], script, iframe[srcdoc]')
        .count(),
    ).toBe(0);
    await form.getByRole('button', { name: '提交' }).click();
    await page.locator('.p-toast-message', { hasText: '新增成功' }).first().waitFor();
    // Shown read-only in 查看 as well.
    await page
      .locator('.crud-page .p-datatable-tbody tr', { hasText: '安全测试公告' })
      .getByRole('button', { name: '查看' })
      .click();
    await page.getByRole('dialog').last().waitFor();
    await loaded(page);
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
    expect(dialogs).toBe(0);
  });
});
