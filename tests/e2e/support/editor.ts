/**
 * The rich-text editor as the journeys use it: 公告管理 opened by a signed-in admin, its add/edit
 * dialog with the editor ready, the editor's own toolbar buttons by their Chinese names, a text
 * selection made as a mouse drag would, and the editor's current HTML.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, newPage, screenshot } from './browser';
import { signIn } from './session';

/** 公告管理 after signing in as admin, with its list loaded (`animationRate`: see newPage). */
export async function openNotices(
  browser: Browser,
  { animationRate }: { animationRate?: number } = {},
): Promise<Page> {
  const { page } = await newPage(browser, undefined, { animationRate });
  await page.goto(`${baseUrl()}/system/notice`);
  await signIn(page, 'admin');
  await page.waitForURL(/\/system\/notice$/);
  await page.locator('.crud-page .p-datatable-tbody tr').first().waitFor();
  return page;
}

/** The open add/edit dialog and its editor, once Editor.js is ready. */
export async function openForm(page: Page, name: '新增' | '编辑', row?: string): Promise<Locator> {
  if (row) {
    await page
      .locator('.crud-page .p-datatable-tbody tr', { hasText: row })
      .getByRole('button', { name })
      .click();
  } else {
    await page.getByRole('button', { name }).click();
  }
  const dialog = page.getByRole('dialog', { name: `${name} - 公告管理` });
  await dialog.locator('.rich-editor[data-ready="true"]').waitFor();
  return dialog;
}

/** The editing region (named after the form field). */
export const editorOf = (dialog: Locator) => dialog.getByRole('group', { name: '公告内容' });

/** The editor's own toolbar. */
export const toolbarOf = (dialog: Locator) => dialog.getByRole('toolbar', { name: '编辑器工具栏' });

/** A button of the editor's own toolbar (Editor.js's inline toolbar repeats some names). */
export const tool = (dialog: Locator, name: string) =>
  toolbarOf(dialog).getByRole('button', { name, exact: true });

export const paragraphs = (dialog: Locator) => editorOf(dialog).locator('.ce-paragraph');

/** Picks an entry of one of the toolbar's drop-down menus. */
export async function pickMenu(page: Page, dialog: Locator, button: string, entry: string) {
  await tool(dialog, button).click();
  const menu = page.getByRole('menu', { name: button });
  await menu.getByRole('menuitem', { name: entry, exact: true }).click();
  await menu.waitFor({ state: 'hidden' });
}

/** Selects `text` inside an editable element, as a drag of the mouse would. */
export async function selectText(target: Locator, text: string): Promise<void> {
  await target.evaluate((el, wanted) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node as Text).data.indexOf(wanted);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      (el as HTMLElement).focus();
      const selection = document.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      return;
    }
    throw new Error(`text not found: ${wanted}`);
  }, text);
}

/** The editor's current HTML (read under expect.poll, which waits for the change). */
export function editorHtml(dialog: Locator): Promise<string> {
  return editorOf(dialog).evaluate((el) => el.innerHTML);
}

/**
 * Submits the dialog and waits for the success toast; without it, fails with what the user saw
 * instead (a field's message, another toast) and a screenshot.
 */
export async function submitForm(page: Page, dialog: Locator, toast = '新增成功'): Promise<void> {
  await dialog.getByRole('button', { name: '提交' }).click();
  try {
    await page.locator('.p-toast-message', { hasText: toast }).first().waitFor();
  } catch (error) {
    const seen = await page.locator('.p-toast-message, .p-error, [role="alert"]').allInnerTexts();
    const file = await screenshot(page, 'submit-form-failed');
    throw new Error(
      `no ${toast} toast after 提交; on screen: ${seen.join(' | ') || 'nothing'} (${file})`,
      { cause: error },
    );
  }
  await dialog.waitFor({ state: 'hidden' });
}

/** Inserts the library image 新品发布会现场 through 插入图片 and returns the image in the editor. */
export async function insertLibraryImage(page: Page, dialog: Locator): Promise<Locator> {
  await tool(dialog, '插入图片').click();
  const library = page.getByRole('dialog', { name: '附件库' });
  await library.getByRole('checkbox', { name: '新品发布会现场', exact: true }).first().click();
  await library.getByRole('button', { name: /使用选中/ }).click();
  await library.waitFor({ state: 'hidden' });
  const image = editorOf(dialog).locator('.re-image img');
  await image.waitFor();
  return image;
}
