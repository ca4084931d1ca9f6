/**
 * Business calls beyond the generic semantics: the province/city tree of the city control,
 * report approval (an approved report is published) and the publishing statistics.
 */
import { http } from 'msw';
import { mockMessages } from '@/locale/mock';
import { sessionUser } from '../auth';
import { fail, ok } from '../respond';
import { persist, table } from '../store';
import type { MockRow } from '../types';
import {
  buildTree,
  isEmptyValue,
  nowSeconds,
  readBody,
  readQuery,
  sameId,
  withChildren,
} from '../util';

interface DistrictNode {
  id: number;
  value: string;
  label: string;
  children?: DistrictNode[];
}

/** Enabled districts down to `maxLevel`, valued by code. */
function districtTree(rows: MockRow[], maxLevel: number): DistrictNode[] {
  const shown = rows.filter(
    (row) => Number(row.level) <= maxLevel && Number(row.status ?? 1) !== 2,
  );
  return buildTree<DistrictNode>(
    shown,
    { id: (row) => Number(row.id), parent: (row) => Number(row.pid) },
    0,
    (a, b) => Number(a.sort ?? 0) - Number(b.sort ?? 0) || Number(a.id) - Number(b.id),
    (row, children) =>
      withChildren(
        { id: Number(row.id), value: String(row.code), label: String(row.name) },
        children,
      ),
  );
}

function yearOf(seconds: unknown): number {
  return new Date(Number(seconds) * 1000).getFullYear();
}

export const businessHandlers = [
  // Enabled provinces with their cities (the city control's options).
  http.post('*/api/district/gettree', () => ok(districtTree(table('district').rows, 2))),

  http.post('*/api/informationreportingexamine/examine', async ({ request }) => {
    const body = await readBody(request);
    const status = Number(body.status);
    if (status !== 2 && status !== 3) return fail(201, mockMessages.examineStatusInvalid);
    const remark = typeof body.remark === 'string' ? body.remark.trim() : '';
    if (status === 3 && !remark) return fail(201, mockMessages.examineRemarkRequired);
    const row = table('informationreportingexamine').rows.find((item) => sameId(item.id, body.id));
    if (!row) return fail(201, mockMessages.notFound);
    const me = sessionUser(request);
    Object.assign(row, {
      examine_status: status,
      examine_remark: remark,
      examine_user: String(me?.username ?? ''),
      examine_time: nowSeconds(),
    });
    if (status === 2) {
      const published = table('informationreportingpublish');
      if (!published.rows.some((item) => sameId(item.report_id, row.report_id))) {
        published.rows.push({
          id: published.nextId,
          report_id: row.report_id,
          title: row.title,
          category_id: row.category_id,
          department_id: row.department_id,
          username: row.username,
          publish_user: String(me?.username ?? ''),
          publish_time: nowSeconds(),
          is_top: 2,
          views: 0,
          create_time: nowSeconds(),
        });
        published.nextId += 1;
      }
    }
    persist();
    return ok(null);
  }),

  http.get('*/api/informationreportingpublish/statistic', ({ request }) => {
    const query = readQuery(request);
    const year = isEmptyValue(query.year) ? new Date().getFullYear() : Number(query.year);
    const rows = table('informationreportingpublish').rows.filter(
      (row) => yearOf(row.publish_time ?? row.create_time) === year,
    );
    const categories = table('informationreportingcategory').rows;
    const counts = new Map<number, number>();
    for (const row of rows)
      counts.set(Number(row.category_id), (counts.get(Number(row.category_id)) ?? 0) + 1);
    const byCategory = [...counts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([category_id, count]) => ({
        category_id,
        category_name: String(
          categories.find((item) => Number(item.id) === category_id)?.cate_name ?? category_id,
        ),
        count,
      }));
    const byMonth = Array.from({ length: 12 }, (_, index) => {
      const month = `${year}-${String(index + 1).padStart(2, '0')}`;
      const count = rows.filter(
        (row) => new Date(Number(row.publish_time ?? row.create_time) * 1000).getMonth() === index,
      ).length;
      return { month, count };
    });
    return ok({ year, total: rows.length, byCategory, byMonth });
  }),
];
