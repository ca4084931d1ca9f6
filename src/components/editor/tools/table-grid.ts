/**
 * Table edits on the model's table shape (rows of cells, covered cells absent as in HTML), with
 * no DOM: merge, split, insert/delete rows and columns, the header row and column. Each goes
 * through the slot matrix of ./table-matrix.ts; the size limits are the spec's (20 × 100).
 */
import { EDITOR_LIMITS, type TableCell, type TableData } from '../model/blocks';
import { expandRect, fromMatrix, toMatrix, type CellRect } from './table-matrix';

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
  const row = Array.from({ length: width }, (_, c): TableCell => {
    const up = above?.[c];
    if (up && up === below?.[c]) return up;
    return { html: '' };
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
