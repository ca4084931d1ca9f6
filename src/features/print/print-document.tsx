/**
 * The printable document: the report list on the first page, then one page per report (a page
 * break before each). The same pages are the screen view, the 打印预览 and the print output.
 */
import { useFieldOptions } from '@/components/form';
import type { FieldDefinition } from '@/core/field-definition';
import { optionText, type ModuleRecord } from '@/components/crud';
import { formatTime } from '@/lib/format';
import { common } from '@/locale/common';
import { printDemo as t } from '@/locale/reporting';
import { reportMineModule } from '@generated/modules/report-mine';
import { textOf } from '@/core/guards';

function fieldOf(name: string): FieldDefinition {
  const field = reportMineModule.fields.find((item) => item.cf_fieldname === name);
  if (!field) throw new Error(`report field ${name} is missing from the contract`);
  return field;
}

function labelOf(name: string): string {
  return (
    reportMineModule.columns.find((column) => column.field === name)?.header ??
    fieldOf(name).cf_name
  );
}

const STATUS_OPTIONS =
  reportMineModule.columns.find((column) => column.field === 'report_status')?.options ?? [];

/** The text of an HTML fragment (the report body), for print without markup. */
export function plainText(html: unknown): string {
  if (typeof html !== 'string' || !html) return '';
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

function text(value: unknown): string {
  return value === null || value === undefined || value === '' ? common.dash : textOf(value);
}

/** The number of printed pages for `records` reports: the list, then one page each. */
export function pageCount(records: number): number {
  return 1 + records;
}

interface Lookups {
  category: (value: unknown) => string;
  department: (value: unknown) => string;
  status: (value: unknown) => string;
}

function useLookups(): Lookups {
  const categories = useFieldOptions(fieldOf('category_id'));
  const departments = useFieldOptions(fieldOf('department_id'));
  return {
    category: (value) => optionText(categories.options, value) ?? text(value),
    department: (value) => optionText(departments.options, value) ?? text(value),
    status: (value) => optionText(STATUS_OPTIONS, value) ?? text(value),
  };
}

function PageFooter({ page, pages }: { page: number; pages: number }) {
  return <footer className="print-page__footer">{t.pageOf(page, pages)}</footer>;
}

function ListPage({
  reports,
  lookups,
  printedAt,
  pages,
}: {
  reports: ModuleRecord[];
  lookups: Lookups;
  printedAt: string;
  pages: number;
}) {
  return (
    <section className="print-page" aria-label={t.sheet(1)}>
      <header className="print-page__header">
        <h2>{t.listTitle}</h2>
        <p>{t.printedAt(printedAt)}</p>
      </header>
      <table className="print-table">
        <thead>
          <tr>
            <th scope="col">{t.index}</th>
            <th scope="col">{labelOf('title')}</th>
            <th scope="col">{labelOf('category_id')}</th>
            <th scope="col">{labelOf('department_id')}</th>
            <th scope="col">{labelOf('report_date')}</th>
            <th scope="col">{labelOf('username')}</th>
            <th scope="col">{labelOf('report_status')}</th>
          </tr>
        </thead>
        <tbody>
          {reports.map((report, index) => (
            <tr key={String(report.id)}>
              <td>{index + 1}</td>
              <td>{text(report.title)}</td>
              <td>{lookups.category(report.category_id)}</td>
              <td>{lookups.department(report.department_id)}</td>
              <td>{text(report.report_date)}</td>
              <td>{text(report.username)}</td>
              <td>{lookups.status(report.report_status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <PageFooter page={1} pages={pages} />
    </section>
  );
}

function RecordPage({
  report,
  lookups,
  page,
  pages,
}: {
  report: ModuleRecord;
  lookups: Lookups;
  page: number;
  pages: number;
}) {
  const rows: [string, string][] = [
    [labelOf('title'), text(report.title)],
    [labelOf('category_id'), lookups.category(report.category_id)],
    [labelOf('department_id'), lookups.department(report.department_id)],
    [labelOf('report_date'), text(report.report_date)],
    [labelOf('username'), text(report.username)],
    [labelOf('report_status'), lookups.status(report.report_status)],
    [labelOf('create_time'), formatTime(Number(report.create_time))],
    [fieldOf('summary').cf_name, text(report.summary)],
  ];
  return (
    <section className="print-page print-page--record" aria-label={t.sheet(page)}>
      <header className="print-page__header">
        <h2>{t.recordTitle}</h2>
      </header>
      <table className="print-record">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{fieldOf('content').cf_name}</th>
            <td className="print-record__content">{plainText(report.content) || common.dash}</td>
          </tr>
        </tbody>
      </table>
      <p className="print-record__sign">{t.signature}</p>
      <PageFooter page={page} pages={pages} />
    </section>
  );
}

export function PrintDocument({
  reports,
  printedAt,
}: {
  reports: ModuleRecord[];
  printedAt: string;
}) {
  const lookups = useLookups();
  const pages = pageCount(reports.length);
  return (
    <div className="print-doc">
      <ListPage reports={reports} lookups={lookups} printedAt={printedAt} pages={pages} />
      {reports.map((report, index) => (
        <RecordPage
          key={String(report.id)}
          report={report}
          lookups={lookups}
          page={index + 2}
          pages={pages}
        />
      ))}
    </div>
  );
}
