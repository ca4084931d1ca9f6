/**
 * Form dialogs keep 关闭 and 提交 in view (issue 51 item 2): at 1366×768 the 新增 dialog of the
 * demo's largest forms showed no footer, 提交 sat below the window (y = 1218) and was reached
 * only by scrolling inside the dialog. Now the dialog's body scrolls and its footer stays put, at
 * 1366×768 and at 1024×768.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { animationsSettled, baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * The demo's largest add forms in a dialog: 系统动态管理 (13 fields with the rich-text editor:
 * the 960 px dialog of the issue) and 管理员管理 (会员管理, with more fields, opens its form as
 * a page, /business/user/add).
 */
const LARGEST_FORMS = [
  { path: '/system/dynamics', title: '系统动态管理', editor: true },
  { path: '/system/user', title: '管理员管理', editor: false },
];

async function openAddForm(
  page: Page,
  form: (typeof LARGEST_FORMS)[number],
): Promise<{ dialog: Locator; submit: Locator }> {
  await page.goto(`${baseUrl()}${form.path}`);
  await page.locator('.crud-page .p-datatable-tbody tr').first().waitFor();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `新增 - ${form.title}` });
  const submit = dialog.getByRole('button', { name: '提交', exact: true });
  await submit.waitFor();
  if (form.editor) await dialog.locator('.rich-editor[data-ready="true"]').waitFor();
  // Measured as it stands, not while it scales in.
  await animationsSettled(page);
  return { dialog, submit };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** `inner` lies wholly inside `outer` (a viewport is a box at 0, 0). */
function within(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/** How far the dialog's body can scroll: its content minus what it shows. */
function bodyOverflow(dialog: Locator): Promise<number> {
  return dialog
    .locator('.p-dialog-content')
    .evaluate((content) => content.scrollHeight - content.clientHeight);
}

function scrollBody(dialog: Locator, to: 'top' | 'bottom'): Promise<void> {
  return dialog.locator('.p-dialog-content').evaluate((content, where) => {
    content.scrollTop = where === 'top' ? 0 : content.scrollHeight;
  }, to);
}

describe('form dialogs keep their buttons in view', () => {
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 1024, height: 768 },
  ]) {
    it(`at ${viewport.width}×${viewport.height} 提交 and 关闭 are on screen without scrolling, the body scrolls`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${baseUrl()}/login`);
      await signIn(page, 'admin');
      await page.waitForURL(/\/homepage$/);
      const screen = { x: 0, y: 0, ...viewport };
      for (const form of LARGEST_FORMS) {
        const { dialog, submit } = await openAddForm(page, form);
        const close = dialog
          .locator('.crud-form__footer')
          .getByRole('button', { name: '关闭', exact: true });
        if (form === LARGEST_FORMS[0]) await screenshot(page, `form-dialog-${viewport.width}`);
        const dialogBox = await boxOf(dialog);
        const submitBox = await boxOf(submit);
        const where = `${form.title}: dialog ${JSON.stringify(dialogBox)}, 提交 ${JSON.stringify(submitBox)}`;
        // The whole dialog fits the window, and 提交 and 关闭 are inside it, as it opened.
        expect(within(dialogBox, screen), where).toBe(true);
        expect(within(submitBox, dialogBox), where).toBe(true);
        expect(within(await boxOf(close), dialogBox), where).toBe(true);
        if (form === LARGEST_FORMS[0]) {
          // The largest form is taller than the window: its body scrolls, the footer does not.
          expect(await bodyOverflow(dialog)).toBeGreaterThan(100);
          await scrollBody(dialog, 'bottom');
          // Where it was (sticky placement may round to a fraction of a pixel).
          expect(Math.abs((await boxOf(submit)).y - submitBox.y)).toBeLessThan(1);
          await screenshot(page, `form-dialog-${viewport.width}-scrolled`);
          await scrollBody(dialog, 'top');
        }
        await close.click();
        // The editor of 正文 may count as a change once it has loaded: then 关闭 asks first.
        const discard = page.getByRole('button', { name: '放弃' });
        await Promise.race([
          dialog.waitFor({ state: 'hidden' }),
          discard.waitFor().then(() => discard.click()),
        ]);
        await dialog.waitFor({ state: 'hidden' });
      }
      // The message drawer's pager at its foot, to be looked at beside the dialogs.
      await page.locator('.message-bell').click();
      await page.locator('.message-drawer .p-paginator').waitFor();
      await animationsSettled(page);
      await screenshot(page, `message-drawer-${viewport.width}`);
      await context.close();
    });
  }
});
