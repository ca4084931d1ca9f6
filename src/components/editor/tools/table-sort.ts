/**
 * Sorting a table by one column (the table bar's 升序/降序): numbers as numbers, text in Chinese
 * collation, the header row staying on top — refused once cells are merged, as the spec says.
 */
import { cellText } from '../chart-rules';
import type { TableCell, TableData } from '../model/blocks';
import { hasMergedCells } from './table-matrix';

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
  const key = (row: TableCell[]) => cellText(row[col] ?? { html: '' });
  const collator = new Intl.Collator('zh-CN', { numeric: true });
  const sorted = [...body].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    const order = NUMBER.test(x) && NUMBER.test(y) ? Number(x) - Number(y) : collator.compare(x, y);
    return descending ? -order : order;
  });
  return { ...data, rows: [...head, ...sorted] };
}
