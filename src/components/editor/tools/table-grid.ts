/**
 * Table operations on the model's table shape (rows of cells, covered cells absent as in HTML),
 * with no DOM: merge, split, insert/delete rows and columns, sort, size limits (spec section 9:
 * default 5 × 5, at most 20 columns and 100 rows; sorting is refused once cells are merged).
 *
 * Each operation goes through a full matrix in which every slot holds a reference to the cell
 * that covers it, so spans survive inserts and deletes without bookkeeping: a merged cell is
 * simply the same object in several slots.
 */
import { EDITOR_LIMITS, type TableCell, type TableData } from '../model/blocks';

type Matrix = TableCell[][];

/** A rectangle of slots, inclusive. */
export interface CellRect {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** A new empty table, its size clamped to the limits (the first row a header row). */
export function createTable(
  cols: number = EDITOR_LIMITS.tableDefault.cols,
  rows: number = EDITOR_LIMITS.tableDefault.rows,
  withHeadings = false,
): TableData {
  const c = clamp(Math.round(cols), 1, EDITOR_LIMITS.tableMax.cols);
  const r = clamp(Math.round(rows), 1, EDITOR_LIMITS.tableMax.rows);
  return {
    withHeadings,
    rows: Array.from({ length: r }, (_, row) =>
      Array.from({ length: c }, () =>
        withHeadings && row === 0 ? { html: '', header: true } : { html: '' },
      ),
    ),
  };
}

/** Every slot of the table with the cell covering it (HTML's table layout algorithm). */
export function toMatrix(rows: readonly TableCell[][]): Matrix {
  const matrix: (TableCell | undefined)[][] = rows.map(() => []);
  rows.forEach((row, r) => {
    let c = 0;
    for (const cell of row) {
      while (matrix[r]?.[c]) c += 1;
      const cs = Math.max(1, cell.colspan ?? 1);
      const rs = Math.max(1, Math.min(cell.rowspan ?? 1, rows.length - r));
      const own: TableCell = { ...cell };
      for (let dr = 0; dr < rs; dr += 1)
        for (let dc = 0; dc < cs; dc += 1) (matrix[r + dr] ??= [])[c + dc] = own;
      c += cs;
    }
  });
  const width = Math.max(0, ...matrix.map((row) => row.length));
  // Ragged rows (legacy markup) are padded so every row has the same slots.
  return matrix.map((row) => Array.from({ length: width }, (_, c) => row[c] ?? { html: '' }));
}

/** Back to rows of cells: the top-left slot of each cell carries it with its spans. */
export function fromMatrix(matrix: Matrix): TableCell[][] {
  const seen = new Set<TableCell>();
  return matrix.map((row, r) => {
    const out: TableCell[] = [];
    row.forEach((cell, c) => {
      if (seen.has(cell)) return;
      seen.add(cell);
      let colspan = 1;
      while (row[c + colspan] === cell) colspan += 1;
      let rowspan = 1;
      while (matrix[r + rowspan]?.[c] === cell) rowspan += 1;
      const { colspan: _c, rowspan: _r, ...rest } = cell;
      const next: TableCell = { ...rest };
      if (colspan > 1) next.colspan = colspan;
      if (rowspan > 1) next.rowspan = rowspan;
      out.push(next);
    });
    return out;
  });
}

export function tableSize(rows: readonly TableCell[][]): { cols: number; rows: number } {
  const matrix = toMatrix(rows);
  return { rows: matrix.length, cols: matrix[0]?.length ?? 0 };
}

/** True when a cell spans more than one slot. */
export function hasMergedCells(rows: readonly TableCell[][]): boolean {
  return rows.some((row) => row.some((cell) => (cell.colspan ?? 1) > 1 || (cell.rowspan ?? 1) > 1));
}

/** The slot position (row, col) of the n-th cell of a row. */
export function slotOf(
  rows: readonly TableCell[][],
  row: number,
  index: number,
): { row: number; col: number } {
  const matrix = toMatrix(rows);
  const seen = new Set<TableCell>();
  let count = -1;
  for (let r = 0; r < matrix.length; r += 1)
    for (let c = 0; c < (matrix[r]?.length ?? 0); c += 1) {
      const cell = matrix[r]?.[c];
      if (!cell || seen.has(cell)) continue;
      seen.add(cell);
      if (r === row) {
        count += 1;
        if (count === index) return { row: r, col: c };
      }
    }
  return { row, col: 0 };
}

/** Grows a rectangle until no cell crosses its border (a merge takes whole cells). */
export function expandRect(rows: readonly TableCell[][], rect: CellRect): CellRect {
  const matrix = toMatrix(rows);
  let { top, left, bottom, right } = normalizeRect(rect);
  let changed = true;
  while (changed) {
    changed = false;
    for (let r = top; r <= bottom; r += 1)
      for (let c = left; c <= right; c += 1) {
        const cell = matrix[r]?.[c];
        matrix.forEach((row, rr) =>
          row.forEach((other, cc) => {
            if (other !== cell) return;
            const next = {
              top: Math.min(top, rr),
              bottom: Math.max(bottom, rr),
              left: Math.min(left, cc),
              right: Math.max(right, cc),
            };
            if (
              next.top !== top ||
              next.bottom !== bottom ||
              next.left !== left ||
              next.right !== right
            ) {
              ({ top, bottom, left, right } = next);
              changed = true;
            }
          }),
        );
      }
  }
  return { top, left, bottom, right };
}

export function normalizeRect(rect: CellRect): CellRect {
  return {
    top: Math.min(rect.top, rect.bottom),
    bottom: Math.max(rect.top, rect.bottom),
    left: Math.min(rect.left, rect.right),
    right: Math.max(rect.left, rect.right),
  };
}

/** Merges the cells of a rectangle into one; their non-empty contents are kept, joined by a space. */
export function mergeCells(data: TableData, rect: CellRect): TableData {
  const area = expandRect(data.rows, rect);
  const matrix = toMatrix(data.rows);
  const parts: string[] = [];
  const seen = new Set<TableCell>();
  for (let r = area.top; r <= area.bottom; r += 1)
    for (let c = area.left; c <= area.right; c += 1) {
      const cell = matrix[r]?.[c];
      if (!cell || seen.has(cell)) continue;
      seen.add(cell);
      if (cell.html.trim()) parts.push(cell.html);
    }
  if (seen.size < 2) return data;
  const first = matrix[area.top]?.[area.left];
  const merged: TableCell = { html: parts.join(' ') };
  if (first?.header) merged.header = true;
  for (let r = area.top; r <= area.bottom; r += 1)
    for (let c = area.left; c <= area.right; c += 1) {
      const row = matrix[r];
      if (row) row[c] = merged;
    }
  return { ...data, rows: fromMatrix(matrix) };
}

/** Splits the cell at a slot back into single cells (the content stays in the first). */
export function splitCell(data: TableData, row: number, col: number): TableData {
  const matrix = toMatrix(data.rows);
  const cell = matrix[row]?.[col];
  if (!cell) return data;
  let first = true;
  const fresh = matrix.map((cells) =>
    cells.map((other) => {
      if (other !== cell) return other;
      if (first) {
        first = false;
        return { ...cell };
      }
      return cell.header ? { html: '', header: true } : { html: '' };
    }),
  );
  return { ...data, rows: fromMatrix(fresh) };
}

/** Inserts a row before slot row `at` (at = row count appends); a span crossing the gap grows. */
export function insertRow(data: TableData, at: number): TableData {
  const matrix = toMatrix(data.rows);
  if (matrix.length >= EDITOR_LIMITS.tableMax.rows) return data;
  const width = matrix[0]?.length ?? 1;
  const above = matrix[at - 1];
  const below = matrix[at];
  const row = Array.from({ length: width }, (_, c) => {
    const up = above?.[c];
    if (up && up === below?.[c]) return up;
    return { html: '' } as TableCell;
  });
  matrix.splice(at, 0, row);
  return { ...data, rows: fromMatrix(matrix) };
}

/** Inserts a column before slot column `at`; a span crossing the gap grows. */
export function insertColumn(data: TableData, at: number): TableData {
  const matrix = toMatrix(data.rows);
  if ((matrix[0]?.length ?? 0) >= EDITOR_LIMITS.tableMax.cols) return data;
  matrix.forEach((row, r) => {
    const left = row[at - 1];
    const right = row[at];
    const cell: TableCell =
      left && left === right
        ? left
        : r === 0 && data.withHeadings
          ? { html: '', header: true }
          : { html: '' };
    row.splice(at, 0, cell);
  });
  return { ...data, rows: fromMatrix(matrix) };
}

/** Deletes a slot row; a cell spanning it shrinks (the last row of a table stays). */
export function deleteRow(data: TableData, at: number): TableData {
  const matrix = toMatrix(data.rows);
  if (matrix.length <= 1) return data;
  matrix.splice(at, 1);
  return { ...data, rows: fromMatrix(matrix) };
}

/** Deletes a slot column; a cell spanning it shrinks (the last column stays). */
export function deleteColumn(data: TableData, at: number): TableData {
  const matrix = toMatrix(data.rows);
  if ((matrix[0]?.length ?? 0) <= 1) return data;
  matrix.forEach((row) => row.splice(at, 1));
  return { ...data, rows: fromMatrix(matrix) };
}

/** Turns the header row on or off (the first row's cells become th or td). */
export function setHeadings(data: TableData, withHeadings: boolean): TableData {
  return {
    withHeadings,
    rows: data.rows.map((row, r) =>
      r === 0
        ? row.map((cell) => {
            const { header: _h, ...rest } = cell;
            return withHeadings ? { ...rest, header: true } : rest;
          })
        : row,
    ),
  };
}

/** True when every row below the first starts with a header cell (a chart's header column). */
export function hasHeaderColumn(data: TableData): boolean {
  const matrix = toMatrix(data.rows);
  return matrix.length > 1 && matrix.slice(1).every((row) => !!row[0]?.header);
}

/** Makes the first cell of every row below the first a header cell, or a plain cell again. */
export function setHeaderColumn(data: TableData, on: boolean): TableData {
  const matrix = toMatrix(data.rows);
  // A cell of the first row reaching down (rowspan) belongs to the header row's setting.
  const top = new Set(matrix[0] ?? []);
  for (const row of matrix.slice(1)) {
    const cell = row[0];
    if (!cell || top.has(cell)) continue;
    if (on) cell.header = true;
    else delete cell.header;
  }
  return { ...data, rows: fromMatrix(matrix) };
}

/** The plain text of a cell's inline HTML (tags removed, entities of the codec decoded). */
export function cellText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Sorts the body rows by one slot column (numbers as numbers, text in Chinese collation); the
 * header row stays on top. Refused (undefined) once cells are merged, as the spec says.
 */
export function sortByColumn(
  data: TableData,
  col: number,
  descending = false,
): TableData | undefined {
  if (hasMergedCells(data.rows)) return undefined;
  const head = data.withHeadings ? data.rows.slice(0, 1) : [];
  const body = data.rows.slice(head.length);
  const key = (row: TableCell[]) => cellText(row[col]?.html ?? '');
  const collator = new Intl.Collator('zh-CN', { numeric: true });
  const sorted = [...body].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    const order = NUMBER.test(x) && NUMBER.test(y) ? Number(x) - Number(y) : collator.compare(x, y);
    return descending ? -order : order;
  });
  return { ...data, rows: [...head, ...sorted] };
}
