// @vitest-environment node
/** Sortable columns: the list query carries the order; the mock orders rows by it. */
import { describe, expect, it } from 'vitest';
import { buildListQuery } from '@/components/crud/use-crud-list';
import { sortRows } from '@/mocks/engine-rows';

describe('buildListQuery with an order', () => {
  it('sends sortfield and sortorder with the page and the search', () => {
    expect(
      buildListQuery(
        { pageindex: 2, pagesize: 10 },
        ' 公告 ',
        { status: 1 },
        {
          field: 'create_time',
          order: 'desc',
        },
      ),
    ).toEqual({
      pageindex: 2,
      pagesize: 10,
      keyword: '公告',
      status: 1,
      sortfield: 'create_time',
      sortorder: 'desc',
    });
  });

  it('sends no order when none is chosen', () => {
    expect(buildListQuery({ pageindex: 1, pagesize: 10 }, '', {}, null)).toEqual({
      pageindex: 1,
      pagesize: 10,
    });
  });
});

describe('sortRows (mock)', () => {
  const registration = { primaryKey: 'id', createTimeField: 'create_time' };
  const rows = [
    { id: 1, name: '北京', sort: 10, create_time: 100 },
    { id: 2, name: '安徽', sort: 2, create_time: 300 },
    { id: 3, name: '重庆', sort: '', create_time: 200 },
  ];
  const ids = (sorted: readonly Record<string, unknown>[]) => sorted.map((row) => row.id);

  it('numbers by value, blanks last, both ways', () => {
    expect(ids(sortRows(registration, rows, { sortfield: 'sort', sortorder: 'asc' }))).toEqual([
      2, 1, 3,
    ]);
    expect(ids(sortRows(registration, rows, { sortfield: 'sort', sortorder: 'desc' }))).toEqual([
      1, 2, 3,
    ]);
  });

  it('Chinese text in pinyin order', () => {
    expect(ids(sortRows(registration, rows, { sortfield: 'name' }))).toEqual([2, 1, 3]);
  });

  it('an unknown or unsafe field keeps newest first', () => {
    for (const sortfield of ['missing', '__proto__', 'constructor'])
      expect(ids(sortRows(registration, rows, { sortfield }))).toEqual([2, 3, 1]);
  });
});
