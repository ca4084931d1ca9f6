/**
 * The table model's geometry (spec section 9: default 5 × 5, at most 20 columns and 100 rows),
 * with no DOM: a full matrix in which every slot holds a reference to the cell that covers it, so
 * spans survive inserts and deletes without bookkeeping — a merged cell is simply the same object
 * in several slots. The edits (./table-grid.ts) and sorting (./table-sort.ts) go through it.
 */
import { EDITOR_LIMITS, type TableCell, type TableData } from '../model/blocks';

export type Matrix = TableCell[][];

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
