/**
 * The table block's data as it crosses untyped boundaries: what Editor.js hands the tool on
 * creation, and the chart event the block fires (bubbling) for the editor's chart dialog.
 */
import type { TableData } from '../model/blocks';

/** Fired (bubbling) when the user asks for a chart from this table. */
export const TABLE_CHART_EVENT = 'editor-table-chart';
export interface TableChartDetail {
  blockId: string;
  table: TableData;
}

/** Table data as the tool needs it: at least one row (anything else starts a new table). */
export function isTableData(value: unknown): value is TableData {
  return (
    typeof value === 'object' &&
    value !== null &&
    'rows' in value &&
    Array.isArray(value.rows) &&
    value.rows.length > 0
  );
}

/** The detail of a TABLE_CHART_EVENT (the event crosses the DOM untyped). */
export function isTableChartDetail(value: unknown): value is TableChartDetail {
  return (
    typeof value === 'object' &&
    value !== null &&
    'blockId' in value &&
    typeof value.blockId === 'string' &&
    'table' in value &&
    isTableData(value.table)
  );
}
