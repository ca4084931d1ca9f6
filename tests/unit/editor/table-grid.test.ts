/** Table operations of the editor's table block: merge, split, rows/columns, sort, limits. */
import { describe, expect, it } from 'vitest';
import {
  deleteColumn,
  deleteRow,
  hasHeaderColumn,
  insertColumn,
  insertRow,
  mergeCells,
  setHeaderColumn,
  splitCell,
} from '@/components/editor/tools/table-grid';
import { createTable, hasMergedCells, tableSize } from '@/components/editor/tools/table-matrix';
import { sortByColumn } from '@/components/editor/tools/table-sort';
import type { TableData } from '@/components/editor/model/blocks';

const filled = (rows: string[][], withHeadings = false): TableData => ({
  withHeadings,
  rows: rows.map((row, r) =>
    row.map((html) => (withHeadings && r === 0 ? { html, header: true } : { html })),
  ),
});

describe('table grid', () => {
  it('a new table is 5 × 5 by default and at most 20 columns × 100 rows', () => {
    expect(tableSize(createTable().rows)).toEqual({ cols: 5, rows: 5 });
    expect(tableSize(createTable(50, 500).rows)).toEqual({ cols: 20, rows: 100 });
    const full = createTable(20, 100);
    expect(tableSize(insertRow(full, 3).rows).rows).toBe(100);
    expect(tableSize(insertColumn(full, 3).rows).cols).toBe(20);
  });

  it('merging a 2 × 2 corner of a 3 × 3 table keeps the contents in one spanning cell', () => {
    const table = filled([
      ['a', 'b', 'c'],
      ['d', '', 'f'],
      ['g', 'h', 'i'],
    ]);
    const merged = mergeCells(table, { top: 0, left: 0, bottom: 1, right: 1 });
    expect(merged.rows[0]?.[0]).toEqual({ html: 'a b d', colspan: 2, rowspan: 2 });
    expect(merged.rows.map((row) => row.length)).toEqual([2, 1, 3]);
    expect(tableSize(merged.rows)).toEqual({ cols: 3, rows: 3 });
    expect(hasMergedCells(merged.rows)).toBe(true);
  });

  it('a merge that cuts through a spanning cell takes the whole cell', () => {
    const once = mergeCells(
      filled([
        ['a', 'b', 'c'],
        ['d', 'e', 'f'],
      ]),
      {
        top: 0,
        left: 0,
        bottom: 0,
        right: 1,
      },
    );
    const twice = mergeCells(once, { top: 0, left: 1, bottom: 1, right: 1 });
    expect(twice.rows[0]?.[0]).toMatchObject({ colspan: 2, rowspan: 2 });
  });

  it('sorting is refused once cells are merged, and sorts numbers as numbers before', () => {
    const table = filled(
      [
        ['名称', '数量'],
        ['乙', '10'],
        ['甲', '9'],
      ],
      true,
    );
    expect(sortByColumn(table, 1)?.rows.map((row) => row[1]?.html)).toEqual(['数量', '9', '10']);
    const merged = mergeCells(table, { top: 1, left: 0, bottom: 2, right: 0 });
    expect(sortByColumn(merged, 1)).toBeUndefined();
  });

  it('a row inserted inside a row span joins the span; deleting it shrinks the span again', () => {
    const merged = mergeCells(
      filled([
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'f'],
      ]),
      {
        top: 0,
        left: 0,
        bottom: 1,
        right: 0,
      },
    );
    const grown = insertRow(merged, 1);
    expect(grown.rows[0]?.[0]).toMatchObject({ html: 'a c', rowspan: 3 });
    expect(tableSize(grown.rows)).toEqual({ cols: 2, rows: 4 });
    const shrunk = deleteRow(grown, 1);
    expect(shrunk.rows[0]?.[0]).toMatchObject({ rowspan: 2 });
  });

  it('split gives the covered slots back as empty cells; deleting a column keeps one', () => {
    const merged = mergeCells(filled([['a', 'b', 'c']]), { top: 0, left: 0, bottom: 0, right: 2 });
    expect(merged.rows[0]).toHaveLength(1);
    const split = splitCell(merged, 0, 1);
    expect(split.rows[0]?.map((cell) => cell.html)).toEqual(['a b c', '', '']);
    const narrow = deleteColumn(deleteColumn(deleteColumn(split, 0), 0), 0);
    expect(tableSize(narrow.rows).cols).toBe(1);
  });

  it('the header column toggles the first cell of every row below the first (a chart needs it)', () => {
    const table = filled(
      [
        ['', '一月', '二月'],
        ['甲', '5', '7'],
        ['乙', '3', '4'],
      ],
      true,
    );
    expect(hasHeaderColumn(table)).toBe(false);
    const on = setHeaderColumn(table, true);
    expect(hasHeaderColumn(on)).toBe(true);
    expect(on.rows.map((row) => row.map((cell) => !!cell.header))).toEqual([
      [true, true, true],
      [true, false, false],
      [true, false, false],
    ]);
    expect(on.rows[1]?.[0]?.html).toBe('甲');
    // Off again: the header row stays a header row.
    const off = setHeaderColumn(on, false);
    expect(hasHeaderColumn(off)).toBe(false);
    expect(off.rows.map((row) => row.map((cell) => !!cell.header))).toEqual([
      [true, true, true],
      [false, false, false],
      [false, false, false],
    ]);
    // A first-row cell reaching down is the header row's, not the column's.
    const tall: TableData = {
      withHeadings: false,
      rows: [
        [{ html: 'A', rowspan: 2 }, { html: 'B' }],
        [{ html: 'C' }],
        [{ html: 'D' }, { html: 'E' }],
      ],
    };
    const tallOn = setHeaderColumn(tall, true);
    expect(tallOn.rows[0]?.[0]).toEqual({ html: 'A', rowspan: 2 });
    expect(tallOn.rows[2]?.[0]).toEqual({ html: 'D', header: true });
  });
});
