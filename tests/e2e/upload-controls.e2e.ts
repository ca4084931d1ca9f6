/**
 * The upload controls in real Chromium on the mock backend, with real files made here: a PNG
 * drawn on a canvas, a 12 MB file, a .docx zipped with jszip and an .xlsx written by exceljs.
 * Every control of 表单控件演示 (/demo/form) saves and shows its value again when the form is
 * reopened; wrong type, too large and too many get the spec's messages; the cropper saves a
 * square crop; Word import fills the textarea; the member import dialog's FilePond reaches the
 * import call. /login and /homepage download no FilePond code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import ExcelJS from 'exceljs';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';
import { buildDocx } from '../unit/upload/docx';
import { loaded } from './support/requests';

let browser: Browser;
let page: Page;
/** Every script the page downloaded, with whether it holds FilePond's code. */
const scripts: { url: string; filepond: boolean }[] = [];
const reading: Promise<void>[] = [];
let png: Buffer;
/** Uploads and library answers arrive in their own time on a busy machine. */
const WAIT = { timeout: 30000, interval: 100 };

beforeAll(async () => {
  browser = await launchChromium();
  ({ page } = await newPage(browser));
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    const url = response.url();
    reading.push(
      response
        .text()
        .then((body) => void scripts.push({ url, filepond: body.includes('filepond--root') }))
        .catch(() => void scripts.push({ url, filepond: false })),
    );
  });
});

afterAll(async () => {
  await browser?.close();
});

const field = (name: string) => page.locator(`[data-field="${name}"]`);
const fileInput = (name: string) => field(name).locator('input[type=file]');
/** A refusal is said once: one toast (spec section 8), nothing repeated under the field. */
async function saidOnce(name: string, message: string): Promise<void> {
  await page.locator('.p-toast-message', { hasText: message }).first().waitFor();
  expect(await page.locator('.p-toast-message', { hasText: message }).count()).toBe(1);
  // FilePond's refused item leaves with its fade-out; then nothing under the field says it again
  // (FilePond's screen-reader announcement, visually hidden, is not a line the user sees).
  const shown = field(name).getByText(message).and(page.locator(':not(.filepond--assistant)'));
  await expect.poll(() => shown.count(), WAIT).toBe(0);
}
const images = (name: string) => field(name).locator('.upload-values img');
const files = (name: string) => field(name).locator('.upload-values__file a');

async function settle(): Promise<void> {
  await loaded(page);
  // Every script response has been read (they are read asynchronously above).
  await Promise.all(reading);
}

/** A real PNG drawn by the browser's canvas: 400 × 300, green with a white square. */
async function drawPng(): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2e9d6a';
    context.fillRect(0, 0, 400, 300);
    context.fillStyle = '#ffffff';
    context.fillRect(100, 50, 200, 200);
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((b) => resolve(b!), 'image/png'),
    );
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  return Buffer.from(bytes);
}

const pngFile = (name: string) => ({ name, mimeType: 'image/png', buffer: png });
/** The same image followed by `megabytes` of bytes after its end (decoders stop at IEND). */
const heavyPngFile = (name: string, megabytes: number) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.concat([png, Buffer.alloc(megabytes * 1024 * 1024)]),
});

/** The pixel size of the stored image a thumbnail shows (decoded afresh: thumbnails load lazily). */
async function naturalSize(name: string, index = 0): Promise<[number, number]> {
  return images(name)
    .nth(index)
    .evaluate(async (img: HTMLImageElement) => {
      const probe = new Image();
      probe.src = img.src;
      await probe.decode();
      return [probe.naturalWidth, probe.naturalHeight] as [number, number];
    });
}

/** Opens the library from a field's button, ticks the named attachments, uses them. */
async function chooseInLibrary(name: string, titles: string[]): Promise<void> {
  await field(name)
    .getByRole('button', { name: /从附件库选择/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '附件库' });
  await dialog.waitFor();
  for (const title of titles)
    await dialog.getByRole('checkbox', { name: title, exact: true }).first().click();
  await dialog.getByRole('button', { name: /使用选中/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('upload controls (表单控件演示)', () => {
  it('downloads no FilePond code on /login and /homepage', async () => {
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/homepage$/);
    await page.getByText('控制台').first().waitFor();
    await settle();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.filepond).map((s) => s.url)).toEqual([]);
  });

  it('opens 表单控件演示 from the 演示 menu and loads FilePond there', async () => {
    await page.goto(`${baseUrl()}/demo/form`);
    await page.locator('.filepond--root').first().waitFor();
    await expect(page.getByRole('link', { name: '表单控件演示' }).count()).resolves.toBeGreaterThan(
      0,
    );
    await settle();
    expect(scripts.some((s) => s.filepond)).toBe(true);
    // FilePond speaks Chinese.
    await field('image').getByText('将文件拖到此处，或').waitFor();
    png = await drawPng();
  });

  it('refuses a wrong type, a 12 MB image and too many files with the spec messages', async () => {
    // The limits come from FILECONFIG / IMAGECONFIG (getgroupdata); the hints show them.
    await field('file')
      .getByText('支持 doc/docx/xls/xlsx/pdf/zip 格式，单个文件不超过20MB，最多1个')
      .waitFor();
    await field('images')
      .getByText('支持 png/jpg/jpeg/gif 格式，单个文件不超过5MB，最多9个')
      .waitFor();
    await fileInput('file').setInputFiles({
      name: '说明.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await saidOnce('file', '文件格式不正确，请上传doc/docx/xls/xlsx/pdf/zip格式!');
    const big = Buffer.alloc(12 * 1024 * 1024, 7);
    await fileInput('image').setInputFiles({
      name: '大图.png',
      mimeType: 'image/png',
      buffer: big,
    });
    await saidOnce('image', '上传文件大小不能超过5MB!');
    await fileInput('images').setInputFiles(
      Array.from({ length: 10 }, (_, i) => pngFile(`多图${i + 1}.png`)),
    );
    await saidOnce('images', '超出文件数量限制，单次上传限制：9个文件');
    await screenshot(page, 'upload-controls-refused');
    // Nothing was taken in.
    expect(await images('images').count()).toBe(0);
    expect(await images('image').count()).toBe(0);
  });

  it('uploads into every FilePond control: image, 12 MB file, image list, file list', async () => {
    await fileInput('image').setInputFiles(pngFile('封面.png'));
    await images('image').first().waitFor();
    expect(await naturalSize('image')).toEqual([400, 300]);
    // A single-file control: the next image replaces the first.
    await fileInput('image').setInputFiles(pngFile('新封面.png'));
    await field('image').getByRole('img', { name: '新封面.png' }).waitFor();
    expect(await images('image').count()).toBe(1);

    const big = Buffer.alloc(12 * 1024 * 1024, 1);
    // A ZIP's signature first: the mock keeps a file only when its bytes are what its name says.
    big.set([0x50, 0x4b, 3, 4]);
    await fileInput('file').setInputFiles({
      name: '年度资料.zip',
      mimeType: 'application/zip',
      buffer: big,
    });
    await files('file').filter({ hasText: '年度资料.zip' }).waitFor({ timeout: 60000 });

    // The first of the three uploads longest and finishes last: the list keeps the order chosen.
    await fileInput('images').setInputFiles([
      heavyPngFile('相册1.png', 4),
      pngFile('相册2.png'),
      pngFile('相册3.png'),
    ]);
    await expect.poll(() => images('images').count(), WAIT).toBe(3);
    await expect(field('images').locator('.upload-values--few').count()).resolves.toBe(1);
    await fileInput('images').setInputFiles(pngFile('相册4.png'));
    await expect.poll(() => images('images').count(), WAIT).toBe(4);
    await expect(field('images').locator('.upload-values--grid').count()).resolves.toBe(1);

    const docx = Buffer.from(await buildDocx(['附件说明']));
    await fileInput('files').setInputFiles([
      { name: '说明.docx', mimeType: 'application/octet-stream', buffer: docx },
      { name: '报价.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF') },
    ]);
    await expect.poll(() => files('files').count(), WAIT).toBe(2);
    await screenshot(page, 'upload-controls-uploaded');
  });

  it('crops a chosen image into a square, shows 重新裁剪 and 清除', async () => {
    await fileInput('avatar').setInputFiles(pngFile('头像.png'));
    const dialog = page.getByRole('dialog', { name: '裁剪图片' });
    await dialog.waitFor();
    await screenshot(page, 'upload-controls-cropper');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await images('avatar').first().waitFor();
    const [width, height] = await naturalSize('avatar');
    expect(width).toBe(height);
    expect(width).toBeGreaterThan(100);
    expect(width).toBeLessThanOrEqual(300);
    await field('avatar').getByRole('button', { name: '重新裁剪' }).waitFor();
    await field('avatar').getByRole('button', { name: '清除' }).waitFor();
  });

  it('converts a PNG to webp before uploading it', async () => {
    await fileInput('banner').setInputFiles(pngFile('横幅.png'));
    await field('banner').getByRole('img', { name: '横幅.webp' }).waitFor();
    const type = await images('banner')
      .first()
      .evaluate(async (img: HTMLImageElement) =>
        (await fetch(img.src)).headers.get('content-type'),
      );
    expect(type).toBe('image/webp');
    expect(await naturalSize('banner')).toEqual([400, 300]);

    // The thumbnail's box is sized before its image loads (lazily, when scrolled near), so what
    // is below it (导入 Word) does not move under the pointer when it does.
    const thumbnail = field('banner').locator('.upload-values__image').first();
    await thumbnail.scrollIntoViewIfNeeded();
    const heights = await thumbnail.evaluate(async (box: HTMLElement) => {
      const img = box.querySelector('img')!;
      await img.decode();
      const loaded = box.getBoundingClientRect().height;
      img.style.display = 'none';
      const empty = box.getBoundingClientRect().height;
      img.style.display = '';
      return { loaded, empty };
    });
    expect(heights.empty).toBe(heights.loaded);
  });

  it('fills the textarea from a .docx and refuses other files', async () => {
    const docx = Buffer.from(await buildDocx(['第一段：年度工作总结', '第二段：明年计划']));
    let chooser = page.waitForEvent('filechooser');
    await field('content').getByRole('button', { name: '导入 Word' }).click();
    await (
      await chooser
    ).setFiles({ name: '说明.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
    await page
      .locator('.p-toast-message', { hasText: '请选择 Word 文档（.doc 或 .docx）' })
      .waitFor();
    chooser = page.waitForEvent('filechooser');
    await field('content').getByRole('button', { name: '导入 Word' }).click();
    await (
      await chooser
    ).setFiles({ name: '总结.docx', mimeType: 'application/octet-stream', buffer: docx });
    await page.locator('.p-toast-message', { hasText: 'Word 文档导入成功' }).waitFor();
    expect(await field('content').locator('textarea').inputValue()).toBe(
      '第一段：年度工作总结\n第二段：明年计划',
    );
  });

  it('chooses from the attachment library into the four library controls', async () => {
    await chooseInLibrary('attachment', ['封面.png']);
    await field('attachment').getByRole('img', { name: '封面.png' }).waitFor();
    await chooseInLibrary('attachments', ['相册1.png', '相册2.png']);
    await expect.poll(() => images('attachments').count(), WAIT).toBe(2);
    await chooseInLibrary('attachmentFile', ['年度资料.zip']);
    await files('attachmentFile').filter({ hasText: '年度资料.zip' }).waitFor();
    await chooseInLibrary('attachmentFiles', ['说明.docx', '报价.pdf']);
    await expect.poll(() => files('attachmentFiles').count(), WAIT).toBe(2);
    await screenshot(page, 'upload-controls-library');
  });

  it('saves every value and shows it again when the form is reopened', async () => {
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.locator('.p-toast-message', { hasText: '保存成功' }).waitFor();
    // The toast and the saved values are drawn by different roots: read the values once shown.
    const shown = page.getByTestId('saved-values');
    await expect
      .poll(async () => (await shown.textContent())?.trim().startsWith('{'), WAIT)
      .toBe(true);
    const saved = JSON.parse((await shown.textContent()) ?? '{}') as Record<string, string>;
    const titles = (key: string) =>
      (JSON.parse(saved[key] ?? '[]') as { att_title: string }[]).map((item) => item.att_title);
    expect(titles('image')).toEqual(['新封面.png']);
    expect(titles('file')).toEqual(['年度资料.zip']);
    expect(titles('images')).toEqual(['相册1.png', '相册2.png', '相册3.png', '相册4.png']);
    expect(titles('files').sort()).toEqual(['报价.pdf', '说明.docx']);
    expect(titles('attachment')).toEqual(['封面.png']);
    expect(titles('attachments')).toEqual(['相册1.png', '相册2.png']);
    expect(titles('attachmentFile')).toEqual(['年度资料.zip']);
    expect(titles('attachmentFiles').sort()).toEqual(['报价.pdf', '说明.docx']);
    expect(titles('banner')).toEqual(['横幅.webp']);
    const avatar = JSON.parse(saved.avatar ?? '[]') as { att_url: string; att_preview?: string }[];
    expect(avatar).toHaveLength(1);
    expect(avatar[0]!.att_preview).toMatch(/^\/storage\/mock\/\d+$/);
    expect(avatar[0]!.att_preview).not.toBe(avatar[0]!.att_url);
    expect(saved.content).toBe('第一段：年度工作总结\n第二段：明年计划');

    await page.getByRole('button', { name: '重新打开表单' }).click();
    await field('image').getByRole('img', { name: '新封面.png' }).waitFor();
    expect(await images('images').count()).toBe(4);
    expect(await files('file').count()).toBe(1);
    expect(await files('files').count()).toBe(2);
    expect(await images('attachment').count()).toBe(1);
    expect(await images('attachments').count()).toBe(2);
    expect(await files('attachmentFile').count()).toBe(1);
    expect(await files('attachmentFiles').count()).toBe(2);
    expect(await images('avatar').count()).toBe(1);
    expect(await images('banner').count()).toBe(1);
    await screenshot(page, 'upload-controls-reopened');
  });

  it('imports an .xlsx through the FilePond of the member import dialog', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('会员');
    sheet.addRow(['会员账号', '真实姓名', '手机号', '会员等级']);
    sheet.addRow(['import_e2e', '导入测试', '13800000000', 1]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());

    await page.goto(`${baseUrl()}/business/user/list`);
    await page.getByRole('button', { name: '导入', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /导入/ });
    await dialog.locator('.filepond--root').waitFor();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: '会员.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
    await dialog.getByText('文件格式不正确，请上传xls/xlsx格式!').first().waitFor();
    await dialog.locator('input[type=file]').setInputFiles({
      name: '会员.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsx,
    });
    const importCall = page.waitForRequest((request) =>
      /\/api\/member\/import/.test(request.url()),
    );
    await dialog.getByRole('button', { name: '开始导入' }).click();
    const request = await importCall;
    expect(request.method()).toBe('POST');
    await screenshot(page, 'upload-controls-import');
    await page.locator('.p-toast-message', { hasText: '导入成功' }).waitFor();
  });
});
