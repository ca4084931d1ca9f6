/**
 * The statistics of 统计分析 (informationreportingpublish/statistic): the publications of a
 * range (start/end, at most STATISTIC_MAX_MONTHS months; or a whole year) counted by category,
 * department and month.
 */
import { PUBLISH_STATUS, STATISTIC_MAX_MONTHS } from '@/core/report-workflow';
import { textOf } from '@/core/guards';
import { mockMessages } from '@/locale/mock';
import { reportingMessages as m } from '@/locale/reporting';
import { fail, ok } from '../respond';
import { table } from '../store';
import type { MockRow } from '../types';
import { isEmptyValue, type Params } from '../util';
import { PUBLISH } from './report-tables';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD text as local midnight, or undefined when it is no real date. */
function parseDate(value: unknown): Date | undefined {
  const match = typeof value === 'string' ? DATE.exec(value) : null;
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}

function dateText(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function monthKey(date: Date): string {
  return dateText(date).slice(0, 7);
}

/** The statistics range: start/end when both are given, else the whole year (default: this one). */
function statisticRange(params: Params): { start: Date; end: Date } | string {
  const hasStart = !isEmptyValue(params.start);
  const hasEnd = !isEmptyValue(params.end);
  if (hasStart !== hasEnd) return m.rangeIncomplete;
  if (hasStart) {
    const start = parseDate(params.start);
    const end = parseDate(params.end);
    if (!start || !end) return mockMessages.badFormat('start / end');
    if (start > end) return m.rangeReversed;
    const months =
      (end.getFullYear() - start.getFullYear()) * 12 + end.getMonth() - start.getMonth() + 1;
    if (months > STATISTIC_MAX_MONTHS) return m.rangeTooLong(STATISTIC_MAX_MONTHS / 12);
    return { start, end };
  }
  const year = isEmptyValue(params.year) ? new Date().getFullYear() : Number(params.year);
  if (!Number.isInteger(year)) return mockMessages.notInteger('year');
  return { start: new Date(year, 0, 1), end: new Date(year, 11, 31) };
}

/** Counts per key, in key order, named by `nameOf`. */
function countBy(rows: MockRow[], field: string, nameOf: (id: number) => string) {
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(Number(row[field]), (counts.get(Number(row[field])) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, count]) => ({ id, name: nameOf(id), count }));
}

function nameIn(tableName: string, field: string) {
  const rows = table(tableName).rows;
  return (id: number) => textOf(rows.find((row) => Number(row.id) === id)?.[field] ?? id);
}

export function statistic(_request: Request, params: Params): Response {
  const range = statisticRange(params);
  if (typeof range === 'string') return fail(201, range);
  const from = range.start.getTime() / 1000;
  const until =
    new Date(range.end.getFullYear(), range.end.getMonth(), range.end.getDate() + 1).getTime() /
    1000;
  const rows = table(PUBLISH).rows.filter((row) => {
    const time = Number(row.publish_time);
    return Number(row.publish_status) === PUBLISH_STATUS.published && time >= from && time < until;
  });
  const byMonth: { month: string; count: number }[] = [];
  for (
    let month = new Date(range.start.getFullYear(), range.start.getMonth(), 1);
    month <= range.end;
    month = new Date(month.getFullYear(), month.getMonth() + 1, 1)
  ) {
    const key = monthKey(month);
    byMonth.push({
      month: key,
      count: rows.filter((row) => monthKey(new Date(Number(row.publish_time) * 1000)) === key)
        .length,
    });
  }
  return ok({
    year: range.start.getFullYear(),
    start: dateText(range.start),
    end: dateText(range.end),
    total: rows.length,
    byCategory: countBy(
      rows,
      'category_id',
      nameIn('informationreportingcategory', 'cate_name'),
    ).map(({ id, name, count }) => ({ category_id: id, category_name: name, count })),
    byDepartment: countBy(rows, 'department_id', nameIn('admindepartment', 'name')).map(
      ({ id, name, count }) => ({ department_id: id, department_name: name, count }),
    ),
    byMonth,
  });
}
