/**
 * 统计分析: the published reports of a date range counted by category, by department and by
 * month, each as a chart (chart.js, loaded on this screen only) and as a table with the same
 * figures (readable without the chart).
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Message } from 'primereact/message';
import { reportStatistic as t } from '@/locale/reporting';
import {
  getInformationreportingpublishStatisticQueryKey,
  informationreportingpublishStatistic,
} from '@generated/api/informationreportingpublish/informationreportingpublish';
import type { ReportStatistic } from '@generated/api/model/reportStatistic';
import { ChartCanvas, type ChartKind } from './chart-canvas';
import './reporting.css';

type Range = [Date, Date];

/** YYYY-MM-DD of a local date. */
export function dateParam(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** From the first day of last year to today: this year's and last year's publications. */
export function defaultRange(today = new Date()): Range {
  return [new Date(today.getFullYear() - 1, 0, 1), today];
}

interface Series {
  title: string;
  kind: ChartKind;
  head: string;
  rows: { label: string; count: number }[];
  /** Items as columns (the months of a long range read better across). */
  across?: boolean;
}

function seriesOf(data: ReportStatistic): Series[] {
  return [
    {
      title: t.byCategory,
      kind: 'bar',
      head: t.category,
      rows: data.byCategory.map((item) => ({ label: item.category_name, count: item.count })),
    },
    {
      title: t.byDepartment,
      kind: 'doughnut',
      head: t.department,
      rows: data.byDepartment.map((item) => ({ label: item.department_name, count: item.count })),
    },
    {
      title: t.byMonth,
      kind: 'line',
      head: t.month,
      across: true,
      rows: data.byMonth.map((item) => ({ label: item.month, count: item.count })),
    },
  ];
}

/** The figures as a table: one row per item, or (many months) one column per item. */
function FigureTable({ series, total }: { series: Series; total: number }) {
  const caption = <caption>{t.tableLabel(series.title)}</caption>;
  if (series.across)
    return (
      // Wider than the page when there are many months: the keyboard scrolls it too.
      <div
        className="stat-table-scroll"
        role="region"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be focusable to scroll by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        aria-label={t.tableLabel(series.title)}
      >
        <table className="stat-table stat-table--across">
          {caption}
          <tbody>
            <tr>
              <th scope="row">{series.head}</th>
              {series.rows.map((row) => (
                <th scope="col" key={row.label}>
                  {row.label}
                </th>
              ))}
              <th scope="col">{t.sum}</th>
            </tr>
            <tr>
              <th scope="row">{t.count}</th>
              {series.rows.map((row) => (
                <td key={row.label}>{row.count}</td>
              ))}
              <td>{total}</td>
            </tr>
          </tbody>
        </table>
      </div>
    );
  return (
    <table className="stat-table">
      {caption}
      <thead>
        <tr>
          <th scope="col">{series.head}</th>
          <th scope="col">{t.count}</th>
        </tr>
      </thead>
      <tbody>
        {series.rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.count}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t.sum}</th>
          <td>{total}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function StatisticSection({ series, total }: { series: Series; total: number }) {
  const labels = useMemo(() => series.rows.map((row) => row.label), [series.rows]);
  const values = useMemo(() => series.rows.map((row) => row.count), [series.rows]);
  return (
    <section
      className={`stat-section${series.across ? ' stat-section--wide' : ''}`}
      aria-label={series.title}
    >
      <h2 className="stat-section__title">{series.title}</h2>
      <div className="stat-section__body">
        <ChartCanvas kind={series.kind} title={series.title} labels={labels} values={values} />
        <FigureTable series={series} total={total} />
      </div>
    </section>
  );
}

export default function StatisticPage() {
  const [draft, setDraft] = useState<(Date | null)[] | null>(() => defaultRange());
  const [applied, setApplied] = useState<Range>(() => defaultRange());
  const params = { start: dateParam(applied[0]), end: dateParam(applied[1]) };
  const statistic = useQuery({
    queryKey: getInformationreportingpublishStatisticQueryKey(params),
    queryFn: async ({ signal }) =>
      (await informationreportingpublishStatistic(params, undefined, signal)).data,
  });
  const data = statistic.data;
  const series = useMemo(() => (data ? seriesOf(data) : []), [data]);
  const complete = draft?.[0] && draft[1] ? ([draft[0], draft[1]] as Range) : undefined;

  return (
    <div className="stat-page">
      <form
        className="stat-toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (complete) setApplied(complete);
        }}
      >
        <label htmlFor="stat-range">{t.range}</label>
        <Calendar
          inputId="stat-range"
          selectionMode="range"
          value={draft}
          onChange={(e) => setDraft(e.value ?? null)}
          dateFormat="yy-mm-dd"
          placeholder={t.rangePlaceholder}
          readOnlyInput={false}
          showIcon
          showButtonBar
        />
        <Button type="submit" icon="pi pi-search" label={t.query} disabled={!complete} />
        {data && (
          <p className="stat-total" aria-live="polite">
            <span>{t.total}</span>
            <strong data-testid="stat-total">{data.total}</strong>
            <small>{t.totalHint(data.start, data.end)}</small>
          </p>
        )}
      </form>
      {statistic.isError && <Message severity="error" text={t.failed} />}
      {!data && statistic.isFetching && <p>{t.loading}</p>}
      {data && data.total === 0 && <Message severity="info" text={t.empty} />}
      {data && (
        <div className="stat-grid">
          {series.map((item) => (
            <StatisticSection key={item.title} series={item} total={data.total} />
          ))}
        </div>
      )}
    </div>
  );
}
