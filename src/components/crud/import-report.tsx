/**
 * The report of an import the server refused row by row (all or nothing: nothing was stored):
 * how many rows have problems, a table of the problems the answer lists (行号, 字段, 问题) and
 * a download of that table as an .xlsx. exceljs is heavy, so it loads when 下载问题清单 is
 * clicked, never with the list (and so never on /login or the homepage).
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { isApiError } from '@/lib/request';
import { crud as t } from '@/locale/crud';

/** One problem: the row as the user sees it in the sheet, the column's header, the message. */
export interface ImportProblem {
  row: number;
  field: string;
  label: string;
  message: string;
}

export interface ImportReport {
  /** Rows with a problem (the answer lists the first of their problems only). */
  problemRows: number;
  problems: ImportProblem[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function problemOf(value: unknown): ImportProblem | undefined {
  if (!isRecord(value)) return undefined;
  const { row, field, label, message } = value;
  if (typeof row !== 'number' || typeof message !== 'string') return undefined;
  return {
    row,
    field: typeof field === 'string' ? field : '',
    label: typeof label === 'string' ? label : '',
    message,
  };
}

/**
 * The report carried by a refused import's envelope (`data: {problemRows, problems}`); undefined
 * for any other failure (a bad file, a wrong header: the message alone says it).
 */
export function importReportOf(error: unknown): ImportReport | undefined {
  if (!isApiError(error)) return undefined;
  const data = error.envelope?.data;
  if (!isRecord(data) || !Array.isArray(data.problems)) return undefined;
  const problems = data.problems.flatMap((item) => problemOf(item) ?? []);
  if (!problems.length) return undefined;
  const rows = new Set(problems.map((problem) => problem.row)).size;
  const problemRows =
    typeof data.problemRows === 'number' && data.problemRows >= rows ? data.problemRows : rows;
  return { problemRows, problems };
}

type ExcelJsModule = typeof import('exceljs');

/** The problems as an .xlsx: 行号, 字段, 问题 (the row a number, so Excel sorts it). */
export async function problemsWorkbook(report: ImportReport): Promise<Blob> {
  // The browser build is a CommonJS bundle whose namespace sits on `default`.
  const loaded: ExcelJsModule & { default?: ExcelJsModule } = await import('exceljs');
  const ExcelJS = loaded.default ?? loaded;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t.importReport.sheetName);
  sheet.columns = [
    { header: t.importReport.row, key: 'row', width: 8 },
    { header: t.importReport.field, key: 'label', width: 16 },
    { header: t.importReport.problem, key: 'message', width: 60 },
  ];
  for (const { row, label, message } of report.problems) sheet.addRow({ row, label, message });
  sheet.getRow(1).font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

export function ImportReportView({
  report,
  fileName,
  save,
}: {
  report: ImportReport;
  fileName: string;
  /** Hands the workbook to the browser (the CRUD blocks' saveBlob). */
  save: (blob: Blob, fileName: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const listedFewer =
    new Set(report.problems.map((problem) => problem.row)).size < report.problemRows;
  const rows = report.problems.map((problem, index) => ({
    ...problem,
    key: index,
    rowText: t.importReport.rowNumber(problem.row),
  }));
  const download = async () => {
    setBusy(true);
    try {
      save(await problemsWorkbook(report), fileName);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="crud-import-report" aria-label={t.importReport.title}>
      <p role="alert">
        <strong>{t.importReport.summary(report.problemRows)}</strong>
        {listedFewer && t.importReport.listed(report.problems.length)}
        {t.importReport.retry}
      </p>
      <DataTable value={rows} dataKey="key" size="small" scrollable scrollHeight="40vh" stripedRows>
        <Column field="rowText" header={t.importReport.row} style={{ whiteSpace: 'nowrap' }} />
        <Column field="label" header={t.importReport.field} style={{ whiteSpace: 'nowrap' }} />
        <Column field="message" header={t.importReport.problem} />
      </DataTable>
      <Button
        type="button"
        icon="pi pi-download"
        label={t.importReport.download}
        text
        style={{ marginTop: '0.5rem' }}
        loading={busy}
        onClick={() => void download()}
      />
    </section>
  );
}
