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
import type { ImportReport } from './import-report-data';
import { crudImportReport } from '@/locale/crud-dialogs';

type ExcelJsModule = typeof import('exceljs');

/** The problems as an .xlsx: 行号, 字段, 问题 (the row a number, so Excel sorts it). */
export async function problemsWorkbook(report: ImportReport): Promise<Blob> {
  // The browser build is a CommonJS bundle whose namespace sits on `default`.
  const loaded: ExcelJsModule & { default?: ExcelJsModule } = await import('exceljs');
  const ExcelJS = loaded.default ?? loaded;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(crudImportReport.sheetName);
  sheet.columns = [
    { header: crudImportReport.row, key: 'row', width: 8 },
    { header: crudImportReport.field, key: 'label', width: 16 },
    { header: crudImportReport.problem, key: 'message', width: 60 },
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
    rowText: crudImportReport.rowNumber(problem.row),
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
    <section className="crud-import-report" aria-label={crudImportReport.title}>
      <p role="alert">
        <strong>{crudImportReport.summary(report.problemRows)}</strong>
        {listedFewer && crudImportReport.listed(report.problems.length)}
        {crudImportReport.retry}
      </p>
      <DataTable value={rows} dataKey="key" size="small" scrollable scrollHeight="40vh" stripedRows>
        <Column field="rowText" header={crudImportReport.row} style={{ whiteSpace: 'nowrap' }} />
        <Column field="label" header={crudImportReport.field} style={{ whiteSpace: 'nowrap' }} />
        <Column field="message" header={crudImportReport.problem} />
      </DataTable>
      <Button
        type="button"
        icon="pi pi-download"
        label={crudImportReport.download}
        text
        style={{ marginTop: '0.5rem' }}
        loading={busy}
        onClick={() => void download()}
      />
    </section>
  );
}
