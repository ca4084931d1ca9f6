/**
 * The previewers, each loading its library with a dynamic import the first time a preview of
 * that kind opens (never on /login or the homepage): pdfjs-dist (pages on canvases plus a text
 * layer, worker served by Vite), docx-preview, and exceljs (sheets read into plain rows that
 * React renders as tables, so no workbook HTML is injected).
 */
import { makeInert } from './inert-document';

/** At most this many PDF pages are drawn (a preview, not a reader). */
const PDF_MAX_PAGES = 20;
/** Excel: the first sheets, rows and columns shown. */
export const SHEET_LIMITS = { sheets: 3, rows: 200, columns: 50 } as const;

export interface SheetPreview {
  name: string;
  rows: string[][];
}

async function loadPdfjs() {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  if (!pdfjs.GlobalWorkerOptions.workerSrc) pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/** Draws the PDF's pages into `container`; resolves when done, rejects when unreadable. */
export async function renderPdf(
  data: ArrayBuffer,
  container: HTMLElement,
  isCancelled: () => boolean,
): Promise<void> {
  const pdfjs = await loadPdfjs();
  // No code compiled from the file's fonts (the path of CVE-2024-4367 in older pdf.js); the
  // document's own JavaScript never runs here (no scripting, no annotation layer).
  const document = await pdfjs.getDocument({ data: new Uint8Array(data), isEvalSupported: false })
    .promise;
  try {
    const width = Math.max(320, Math.min(container.clientWidth || 900, 1100) - 32);
    for (let number = 1; number <= Math.min(document.numPages, PDF_MAX_PAGES); number += 1) {
      if (isCancelled()) return;
      const page = await document.getPage(number);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: width / base.width });
      const pageBox = window.document.createElement('div');
      pageBox.className = 'file-preview__pdf-page';
      pageBox.style.setProperty('--total-scale-factor', String(viewport.scale));
      pageBox.style.width = `${viewport.width}px`;
      pageBox.style.height = `${viewport.height}px`;
      const canvas = window.document.createElement('canvas');
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${viewport.width}px`;
      canvas.style.height = `${viewport.height}px`;
      const text = window.document.createElement('div');
      text.className = 'textLayer';
      pageBox.append(canvas, text);
      container.append(pageBox);
      await page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      }).promise;
      // The text layer makes the page's words selectable and searchable.
      await new pdfjs.TextLayer({
        textContentSource: page.streamTextContent(),
        container: text,
        viewport,
      }).render();
    }
  } finally {
    void document.destroy();
  }
}

/**
 * Renders a .docx into `container` with its styles. The nodes are built detached and made inert
 * (./inert-document) before they are attached: a hostile file's HTML part or link never runs.
 */
export async function renderDocx(data: Blob, container: HTMLElement): Promise<void> {
  const { parseAsync, renderDocument } = await import('docx-preview');
  const options = {
    className: 'docx',
    inWrapper: true,
    ignoreLastRenderedPageBreak: true,
    breakPages: true,
  };
  const nodes = await renderDocument(await parseAsync(data, options), options);
  container.replaceChildren(...makeInert(nodes));
}

async function loadExcelJs() {
  const module = await import('exceljs');
  // The browser build is a CommonJS bundle: its namespace sits on `default`.
  return (module as unknown as { default?: typeof module }).default ?? module;
}

/** The first sheets of an .xlsx as rows of display text. */
export async function readSheets(data: ArrayBuffer): Promise<SheetPreview[]> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data);
  return workbook.worksheets.slice(0, SHEET_LIMITS.sheets).map((sheet) => {
    const rows: string[][] = [];
    const rowCount = Math.min(sheet.actualRowCount ? sheet.rowCount : 0, SHEET_LIMITS.rows);
    const columnCount = Math.min(sheet.columnCount, SHEET_LIMITS.columns);
    for (let r = 1; r <= rowCount; r += 1) {
      const row = sheet.getRow(r);
      const cells: string[] = [];
      for (let c = 1; c <= columnCount; c += 1) cells.push(row.getCell(c).text ?? '');
      rows.push(cells);
    }
    return { name: sheet.name, rows };
  });
}
