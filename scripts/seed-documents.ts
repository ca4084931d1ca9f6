/**
 * Writes the documents the attachment seed names (openapi/paths/attachment.yaml) under
 * public/storage/file/, where the demo's static host and `cli mock-server` serve them beside the
 * seeded images: 季度销售数据 (.xlsx), 财务报销制度 (.docx) and 员工手册 2025 版 (.pdf). Small real
 * files, so 附件管理's 预览 shows them and 下载源文件 saves them. The output is committed; run
 * `npx tsx scripts/seed-documents.ts` again only to change them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

const ROOT = path.resolve(import.meta.dirname, '../public/storage/file');
/** The documents' own dates (the .docx zip too; exceljs stamps its zip with the time it runs). */
const FIXED_DATE = new Date('2025-10-10T00:00:00Z');

async function salesWorkbook(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '销售一部';
  workbook.created = FIXED_DATE;
  workbook.modified = FIXED_DATE;
  const sheet = workbook.addWorksheet('第三季度');
  sheet.columns = [
    { header: '月份', key: 'month', width: 12 },
    { header: '销售额（万元）', key: 'amount', width: 16 },
    { header: '订单数', key: 'orders', width: 10 },
    { header: '同比增长', key: 'growth', width: 12 },
  ];
  sheet.addRow({ month: '2025-07', amount: 386.5, orders: 1204, growth: '8.2%' });
  sheet.addRow({ month: '2025-08', amount: 412.8, orders: 1316, growth: '10.5%' });
  sheet.addRow({ month: '2025-09', amount: 455.1, orders: 1432, growth: '12.9%' });
  sheet.getRow(1).font = { bold: true };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An A4 page with 2.5 cm margins (sizes in twentieths of a point), so a viewer draws a page. */
const A4_SECTION =
  '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/>' +
  '<w:pgMar w:top="1418" w:right="1418" w:bottom="1418" w:left="1418" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr>';

/** The smallest WordprocessingML package Word and docx-preview open: one paragraph per line. */
async function reimbursementDocx(): Promise<Uint8Array> {
  const lines = [
    '财务报销制度',
    '第一条　为规范公司费用报销管理，制定本制度。',
    '第二条　报销须取得合法票据，并于费用发生后三十日内提交。',
    '第三条　单笔五千元以上的报销须经部门负责人和财务负责人审批。',
    '第四条　本制度自 2025 年 3 月 15 日起施行。',
  ];
  const paragraphs = lines
    .map(
      (line, index) =>
        `<w:p>${index === 0 ? '<w:pPr><w:jc w:val="center"/></w:pPr>' : ''}<w:r>${
          index === 0 ? '<w:rPr><w:b/><w:sz w:val="36"/></w:rPr>' : ''
        }<w:t xml:space="preserve">${escapeXml(line)}</w:t></w:r></w:p>`,
    )
    .join('');
  const zip = new JSZip();
  const options = { date: FIXED_DATE };
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
    options,
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
    options,
  );
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${paragraphs}${A4_SECTION}</w:body></w:document>`,
    options,
  );
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/**
 * A one-page PDF 1.4 with its cross-reference table. The text is ASCII in a standard font: a
 * Chinese line would need an embedded CJK font (megabytes) or the viewer's CMaps.
 */
function handbookPdf(): Uint8Array {
  const lines = ['Employee Handbook 2025', 'Human Resources Department', 'Version 2025.03'];
  const text = lines
    .map(
      (line, index) =>
        `BT /F1 ${index === 0 ? 24 : 14} Tf 72 ${720 - index * 36} Td (${line}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

const FILES: [string, () => Promise<Uint8Array> | Uint8Array][] = [
  ['20251010/sales-q3.xlsx', salesWorkbook],
  ['20250315/reimbursement.docx', reimbursementDocx],
  ['20250301/handbook-2025.pdf', handbookPdf],
];

for (const [name, make] of FILES) {
  const file = path.join(ROOT, name);
  await mkdir(path.dirname(file), { recursive: true });
  const bytes = await make();
  await writeFile(file, bytes);
  console.log(`${path.relative(process.cwd(), file)}: ${bytes.length} bytes`);
}
