/**
 * 打印Demo in real Chromium: the screen says how many pages it prints, 打印预览 shows that many
 * sheets, 打印 calls window.print(), and the print output itself (print media → PDF) has exactly
 * that many A4 pages: the report list, then one page per report, with none of the shell, tabs
 * or buttons on them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { baseUrl, launchChromium, newPage, screenshot, SCREENSHOT_DIR } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** The text of each page of a PDF. */
async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: bytes, useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    // The CJK fonts map some characters to Kangxi radicals (⼯ for 工): NFKC folds them back.
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join('')
        .normalize('NFKC'),
    );
  }
  await pdf.destroy();
  return pages;
}

describe('print demo (/demo/print)', () => {
  it('prints the report list and one page per report, without the shell', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl()}/demo/print`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/demo\/print$/);

    // The screen states what it will print: 共 N 条上报，打印共 N+1 页.
    const summary = page.getByText(/^共 \d+ 条上报，打印共 \d+ 页$/);
    await summary.waitFor();
    const [, records, pages] = /共 (\d+) 条上报，打印共 (\d+) 页/.exec(await summary.innerText())!;
    expect(Number(records)).toBe(11);
    expect(Number(pages)).toBe(Number(records) + 1);
    const firstTitle = '2025年度信息报送工作总结';

    // 打印预览: one sheet per page, numbered.
    await page.getByRole('button', { name: '打印预览' }).click();
    const preview = page.getByRole('dialog', { name: '打印预览' });
    await expect.poll(() => preview.locator('.print-page').count()).toBe(Number(pages));
    await preview.getByText(`第 ${pages} 页 / 共 ${pages} 页`).waitFor();
    await screenshot(page, 'print-preview');

    // 打印 (in the preview too) calls window.print().
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await preview.getByRole('button', { name: '打印', exact: true }).click();
    await preview.locator('.p-dialog-footer').getByRole('button', { name: '关闭' }).click();
    await preview.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '打印', exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(2);

    // Print media: the document alone.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.shell-sidebar').isVisible()).toBe(false);
    expect(await page.locator('.history-tabs').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: '打印预览' }).isVisible()).toBe(false);
    await screenshot(page, 'print-media');

    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(path.join(SCREENSHOT_DIR, 'print-demo.pdf'), pdf);
    const texts = await pdfPages(new Uint8Array(pdf));
    expect(texts).toHaveLength(Number(pages));
    expect(texts[0]).toContain('信息上报列表');
    expect(texts[0]).toContain(firstTitle);
    // 页 comes out as a radical NFKC leaves alone: the footer is matched around it.
    const footer = (sheet: number) => new RegExp(`第 ${sheet} \\S / 共 ${pages} \\S`);
    expect(texts[0]).toMatch(footer(1));
    texts.slice(1).forEach((text, index) => {
      expect(text).toContain('信息上报单');
      expect(text).toMatch(footer(index + 2));
    });
    expect(texts[1]).toContain(firstTitle);
    // No shell, tab or button text on any page.
    for (const text of texts) {
      for (const chrome of ['控制台', '打印预览', '全部应用', '表单控件演示'])
        expect(text).not.toContain(chrome);
    }
  });
});
