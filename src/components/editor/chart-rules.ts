/**
 * Chart from a table (spec section 5): only a table whose first row is all header cells, whose
 * first column in later rows is header cells, with at least 2 rows and 2 columns, and whose
 * other cells are non-negative numbers. A refusal carries a reason code, never a message (spec
 * section 8: chart errors raise an event without a message).
 */
import { htmlToText } from '@/components/upload/word-import';
import type { TableCell, TableData } from './model/blocks';

export type ChartProblem =
  | 'merged'
  | 'tooSmall'
  | 'ragged'
  | 'headerRow'
  | 'headerColumn'
  | 'notNumber';

const NON_NEGATIVE = /^\d+(\.\d+)?$/;

function isHeader(table: TableData, cell: TableCell, rowIndex: number): boolean {
  return Boolean(cell.header) || (rowIndex === 0 && table.withHeadings);
}

export function cellText(cell: TableCell): string {
  return htmlToText(cell.html ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Why a table cannot become a chart, or undefined when it can. */
export function chartProblem(table: TableData): ChartProblem | undefined {
  const rows = table.rows ?? [];
  if (rows.some((row) => row.some((cell) => (cell.colspan ?? 1) > 1 || (cell.rowspan ?? 1) > 1)))
    return 'merged';
  const width = rows[0]?.length ?? 0;
  if (rows.length < 2 || width < 2) return 'tooSmall';
  if (rows.some((row) => row.length !== width)) return 'ragged';
  if (!(rows[0] ?? []).every((cell) => isHeader(table, cell, 0))) return 'headerRow';
  for (const [index, row] of rows.entries()) {
    if (index === 0) continue;
    const [first, ...values] = row;
    if (!first || !isHeader(table, first, index)) return 'headerColumn';
    if (values.some((cell) => cell.header || !NON_NEGATIVE.test(cellText(cell))))
      return 'notNumber';
  }
  return undefined;
}

/** True when a chart can be made from the table. */
export function chartableTable(table: TableData): boolean {
  return chartProblem(table) === undefined;
}

export interface ChartSeries {
  /** The header row without the corner cell: one label per column of numbers. */
  categories: string[];
  /** One series per later row: its header cell and its numbers. */
  series: { name: string; values: number[] }[];
}

/** The chart's data, or undefined for a table the rules refuse. */
export function chartSeries(table: TableData): ChartSeries | undefined {
  if (!chartableTable(table)) return undefined;
  const [head = [], ...body] = table.rows;
  return {
    categories: head.slice(1).map(cellText),
    series: body.map(([name, ...values]) => ({
      name: name ? cellText(name) : '',
      values: values.map((cell) => Number(cellText(cell))),
    })),
  };
}
