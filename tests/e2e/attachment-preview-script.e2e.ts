/**
 * Issue 49 case 3 in real Chromium, on the demo build (no CSP from any server): a hostile .docx
 * uploaded to 附件管理 and opened with 预览 runs nothing. Its altChunk HTML part holds a
 * <script>, an onerror handler and a javascript: link; its hyperlink points at a javascript:
 * address. Each would set a global, change the title and send the stored session to another
 * origin if it ran. The preview still shows the document's text, and a normal .docx still looks
 * as before (screenshots attachment-preview-normal-docx / -hostile-docx).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';
import { buildDocx } from '../unit/upload/docx';
import {
  ALT_CHUNK_TEXT,
  ATTACKER_ORIGIN,
  NORMAL_TEXT,
  PWNED_TITLE,
  SCRIPT_FLAG,
  SCRIPT_LINK_TEXT,
  buildHostileDocx,
} from '../unit/attachment/hostile-docx';

const WORD_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every address the page (or any frame in it) asked for on the attacker's origin. */
const leaked: string[] = [];

const card = (title: string) => page.getByRole('checkbox', { name: title, exact: true });
const previewDialog = (title: string) => page.getByRole('dialog', { name: `文件预览 - ${title}` });

async function uploadAndPreview(name: string, bytes: Uint8Array) {
  await page
    .getByTestId('attachment-upload-input')
    .setInputFiles({ name, mimeType: WORD_TYPE, buffer: Buffer.from(bytes) });
  await card(name).waitFor();
  await page.getByRole('button', { name: `预览 ${name}`, exact: true }).click();
  const dialog = previewDialog(name);
  await dialog.waitFor();
  return dialog;
}

async function closePreview(name: string) {
  const dialog = previewDialog(name);
  await dialog.getByRole('button', { name: /关闭|Close/ }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** What a script of the file would have left behind in the app's page. */
function traces() {
  return page.evaluate(
    (flag) => ({ flag: Reflect.get(window, flag), title: document.title }),
    SCRIPT_FLAG,
  );
}

/** Resolves once the page has run the tasks queued so far (a navigation to javascript: is one). */
function pageTasksRun() {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );
}

beforeAll(async () => {
  browser = await launchChromium();
  ({ context, page } = await newPage(browser));
  context.on('request', (request) => {
    if (request.url().startsWith(ATTACKER_ORIGIN)) leaked.push(request.url());
  });
  await page.goto(`${baseUrl()}/login`);
  await signIn(page, 'admin');
  await page.waitForURL(/\/homepage$/);
  await page.goto(`${baseUrl()}/system/attachment`);
  await card('公司 Logo').waitFor();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the preview of an uploaded Word document runs no script', () => {
  it('a normal .docx is previewed with its text', async () => {
    const dialog = await uploadAndPreview(
      'normal.docx',
      await buildDocx(['季度总结', '销售额同比增长百分之二十五']),
    );
    await dialog.getByText('销售额同比增长百分之二十五').waitFor();
    await dialog.getByText('季度总结').waitFor();
    await screenshot(page, 'attachment-preview-normal-docx');
    await closePreview('normal.docx');
  });

  it('a hostile .docx shows its text; its altChunk script, handler and javascript: links run nothing', async () => {
    const titleBefore = await page.title();
    const dialog = await uploadAndPreview('hostile.docx', await buildHostileDocx());
    await dialog.getByText(NORMAL_TEXT).waitFor();
    // The HTML part is shown (its text, in its frame): whatever it holds has had its chance.
    const chunk = dialog.frameLocator('iframe').getByText(ALT_CHUNK_TEXT);
    await chunk.waitFor();
    await screenshot(page, 'attachment-preview-hostile-docx');
    expect(await traces()).toEqual({ flag: undefined, title: titleBefore });

    // The links: the document's hyperlink and the one inside the HTML part.
    await dialog.getByText(SCRIPT_LINK_TEXT).click();
    await dialog.frameLocator('iframe').getByText('块内链接').click();
    await pageTasksRun();
    expect(await traces()).toEqual({ flag: undefined, title: titleBefore });
    expect(await page.title()).not.toBe(PWNED_TITLE);
    // Still on the library with the preview open: nothing navigated the app away.
    await dialog.getByText(NORMAL_TEXT).waitFor();
    expect(leaked).toEqual([]);
    await closePreview('hostile.docx');
  });
});
