/**
 * The attachment library on /system/attachment in real Chromium, with real files made here:
 * a category is added and a child under a child refused; a network attachment is added after
 * both required messages; a PNG, a PDF, a .docx and an .xlsx are uploaded and each preview
 * shows its content; delete asks and cancelling says so. Then a fresh visit to /login and the
 * homepage must download none of the previewer code the previews used.
 */
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { baseUrl, launchChromium, newPage, screenshot } from './support/browser';
import { callApi } from './support/designed-module';
import { signIn } from './support/session';
import { buildDocx } from '../unit/upload/docx';
import { loaded } from './support/requests';

// --- real files --------------------------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG with a diagonal gradient. */
function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter method, no interlace
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0); // filter: none
    for (let x = 0; x < width; x += 1)
      rows.push(
        Math.round((x / width) * 255),
        Math.round((y / height) * 255),
        200 - Math.round((x / width) * 100),
      );
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF saying `text` in Helvetica, with a correct cross-reference table. */
function makePdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 40 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 220] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

async function makeXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('销售统计');
  sheet.addRows([
    ['产品', '数量', '金额'],
    ['笔记本电脑', 42, 210000],
    ['显示器', 18, 27000],
  ]);
  workbook.addWorksheet('备注').addRow(['数据截至十月底']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// --- the journey -------------------------------------------------------------------------------

let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
/** Script and worker files fetched while a preview of each kind opened. */
const previewChunks = new Map<string, Set<string>>();
let recording: Set<string> | undefined;

function isCode(url: string): boolean {
  return /\.m?js(\?|$)/.test(new URL(url).pathname);
}

/**
 * A built file's name without its content hash (`/assets/pdf-Ab3_x-9Z.js` → `pdf`): a hash is
 * random letters and can spell a library's name (`index.esm-CaZADocx.js` failed a gate).
 */
function chunkName(pathname: string): string {
  return (pathname.split('/').pop() ?? '').replace(/-[\w-]{8}\.m?js$/, '');
}

const library = () => page.locator('.attachment-library');
const card = (title: string) => page.getByRole('checkbox', { name: title, exact: true });
const toast = (text: string) => page.locator('.p-toast-message').filter({ hasText: text });

async function upload(name: string, mimeType: string, buffer: Buffer) {
  await page.getByTestId('attachment-upload-input').setInputFiles({ name, mimeType, buffer });
  await card(name).waitFor();
}

/** Opens the preview of `title`; records the code fetched meanwhile under `kind`. */
async function openPreview(title: string, kind: string) {
  recording = new Set();
  previewChunks.set(kind, recording);
  await page.getByRole('button', { name: `预览 ${title}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `文件预览 - ${title}` });
  await dialog.waitFor();
  return dialog;
}

async function closePreview(title: string) {
  const dialog = page.getByRole('dialog', { name: `文件预览 - ${title}` });
  await dialog.getByRole('button', { name: /关闭|Close/ }).click();
  await dialog.waitFor({ state: 'detached' });
  recording = undefined;
}

beforeAll(async () => {
  browser = await launchChromium();
  ({ context, page } = await newPage(browser));
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => {
    if (recording && isCode(request.url())) recording.add(new URL(request.url()).pathname);
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

describe('attachment library on /system/attachment', () => {
  it('the seeded images show their pictures, not blank tiles', async () => {
    for (const title of ['首页轮播图（双十一）', '新品发布会现场', '城市夜景素材', '公司 Logo']) {
      const image = card(title).locator('img');
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
    }
    await screenshot(page, 'attachment-seeded-images');
  });

  it('adds a category; a child under a child is refused with the message', async () => {
    await library().getByText('一级分类', { exact: true }).waitFor();
    await page.getByRole('button', { name: '新增分类', exact: true }).click();
    const form = page.getByRole('dialog', { name: '添加分类' });
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByText('请选择上级分类').waitFor();
    await form.getByText('请输入分类名称').waitFor();
    await screenshot(page, 'attachment-category-required');
    await form.locator('.p-treeselect').click();
    await page.locator('.p-treeselect-panel').getByText('一级分类', { exact: true }).click();
    await form.getByLabel('分类名称').fill('活动照片');
    await form.getByRole('button', { name: '确定' }).click();
    await form.waitFor({ state: 'detached' });
    await library().getByRole('tree').getByText('活动照片', { exact: true }).waitFor();

    // A second-level category offers no add-child action…
    await page.getByRole('button', { name: '添加子分类 图片素材' }).waitFor();
    expect(await page.getByRole('button', { name: '添加子分类 新闻配图' }).count()).toBe(0);
    // …is not offered as a parent (two levels only)…
    await page.getByRole('button', { name: '新增分类', exact: true }).click();
    await form.locator('.p-treeselect').click();
    const panel = page.locator('.p-treeselect-panel');
    await panel.getByText('图片素材', { exact: true }).waitFor();
    expect(await panel.getByText('新闻配图', { exact: true }).count()).toBe(0);
    await screenshot(page, 'attachment-category-parents');
    await form.locator('.p-treeselect').click();
    await panel.waitFor({ state: 'hidden' });
    await form.getByRole('button', { name: '取消' }).click();
    await form.waitFor({ state: 'detached' });
    // …and a client that asks anyway is refused by the server with a clear message.
    const refused = await callApi(page, '/api/attachmentcate/add', {
      ac_title: '第三级',
      ac_parent: 2,
      ac_path: '0,2',
    });
    expect(refused).toMatchObject({
      status: 201,
      msg: '只能建立两级分类，二级分类下不能再添加子分类',
    });
    expect(await library().getByText('第三级').count()).toBe(0);
  });

  it('adds a network attachment after both required messages', async () => {
    await page.getByRole('button', { name: '网络附件' }).click();
    const form = page.getByRole('dialog', { name: '添加网络附件' });
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByText('请输入附件名称').waitFor();
    await form.getByText('请输入附件地址').waitFor();
    await form.getByLabel('附件名称').fill('系统标志（网络）');
    await form.getByLabel('附件地址').fill(`${baseUrl()}/storage/logo.png`);
    await form.getByRole('button', { name: '确定' }).click();
    await form.waitFor({ state: 'detached' });
    await card('系统标志（网络）').waitFor();
  });

  it('uploads a PNG and previews it', async () => {
    await upload('sunrise.png', 'image/png', makePng(160, 90));
    const thumb = card('sunrise.png').locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    await screenshot(page, 'attachment-library-page');

    const dialog = await openPreview('sunrise.png', 'image');
    const image = dialog.getByRole('img', { name: 'sunrise.png' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(90);
    await dialog.getByText(/在线预览可能因文件格式或浏览器原因失败/).waitFor();
    expect(await dialog.getByRole('link', { name: '下载源文件' }).getAttribute('download')).toBe(
      'sunrise.png',
    );
    await screenshot(page, 'attachment-preview-image');
    await closePreview('sunrise.png');
  });

  it('previews a PDF, a Word document and an Excel workbook with their content', async () => {
    await upload('handbook.pdf', 'application/pdf', makePdf('Hello PDF preview'));
    await upload(
      'summary.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      Buffer.from(await buildDocx(['季度总结', '销售额同比增长百分之二十五'])),
    );
    await upload(
      'sales.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      await makeXlsx(),
    );

    let dialog = await openPreview('handbook.pdf', 'pdf');
    await dialog.locator('canvas').first().waitFor();
    expect(await dialog.locator('canvas').count()).toBe(1);
    await dialog.locator('.textLayer', { hasText: 'Hello PDF preview' }).waitFor();
    await screenshot(page, 'attachment-preview-pdf');
    await closePreview('handbook.pdf');

    dialog = await openPreview('summary.docx', 'docx');
    await dialog.getByText('销售额同比增长百分之二十五').waitFor();
    await dialog.getByText('季度总结').waitFor();
    await screenshot(page, 'attachment-preview-docx');
    await closePreview('summary.docx');

    dialog = await openPreview('sales.xlsx', 'xlsx');
    await dialog.getByRole('heading', { name: '销售统计' }).waitFor();
    await dialog.getByRole('cell', { name: '笔记本电脑' }).waitFor();
    await dialog.getByRole('cell', { name: '210000' }).waitFor();
    await dialog.getByText('数据截至十月底').waitFor();
    await screenshot(page, 'attachment-preview-xlsx');
    await closePreview('sales.xlsx');

    // A type without a previewer offers the download; a file that cannot be read says so.
    await upload('notes.txt', 'text/plain', Buffer.from('会议纪要', 'utf8'));
    dialog = await openPreview('notes.txt', 'other');
    await dialog.getByText('该文件类型暂不支持在线预览，请下载源文件查看。').waitFor();
    await dialog.getByRole('link', { name: '下载源文件' }).waitFor();
    await closePreview('notes.txt');
    // (员工手册 2025 版, which once served as the unreadable file, is a real PDF of the seed now.)
    await upload('broken.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%cut short\n', 'latin1'));
    dialog = await openPreview('broken.pdf', 'broken');
    await dialog.getByText('预览失败，请下载源文件查看。').waitFor();
    await closePreview('broken.pdf');

    // Each previewer brought its own code when it was first needed.
    for (const kind of ['pdf', 'docx', 'xlsx'])
      expect(previewChunks.get(kind)?.size, `code fetched for the ${kind} preview`).toBeGreaterThan(
        0,
      );
  });

  it('delete asks first; cancelling says deletion was cancelled', async () => {
    await card('sales.xlsx').click();
    await expect.poll(() => card('sales.xlsx').getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: '删除（1）' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await confirm.getByText('此操作将永久删除该文件，是否继续？').waitFor();
    await screenshot(page, 'attachment-delete-confirm');
    await confirm.getByRole('button', { name: '取消' }).click();
    await toast('已取消删除').waitFor();
    await card('sales.xlsx').waitFor();

    await page.getByRole('button', { name: '删除（1）' }).click();
    await confirm.getByRole('button', { name: '确定' }).click();
    await toast('删除成功').waitFor();
    await card('sales.xlsx').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: '删除', exact: true }).isDisabled()).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('/login and the homepage fetch none of the previewer code', async () => {
    const used = new Set([...previewChunks.values()].flatMap((chunks) => [...chunks]));
    const fresh = await newPage(browser);
    const fetched: string[] = [];
    fresh.page.on('request', (request) => {
      if (isCode(request.url())) fetched.push(new URL(request.url()).pathname);
    });
    try {
      await fresh.page.goto(`${baseUrl()}/login`);
      await signIn(fresh.page, 'admin');
      await fresh.page.waitForURL(/\/homepage$/);
      await loaded(fresh.page);
      expect(fetched.length).toBeGreaterThan(0);
      expect(fetched.filter((path) => used.has(path))).toEqual([]);
      expect(
        fetched.filter((path) => /pdf|docx|exceljs|file-preview/i.test(chunkName(path))),
      ).toEqual([]);
    } finally {
      await fresh.context.close();
    }
  });
});
