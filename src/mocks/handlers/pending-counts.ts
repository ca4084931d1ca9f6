/**
 * The menu's pending badges (wait_num) the server counts: what waits for someone in the
 * reporting workflow (./report-workflow) — examinations without a decision in 内容审批, approved
 * reports not yet published in 发布列表. Counted at every getusermenu, so a badge follows each
 * submit, approve, reject and publish; other menu rows keep the wait_num stored with them.
 */
import { EXAMINE_STATUS, PUBLISH_STATUS } from '@/core/report-workflow';
import { textOf } from '@/core/guards';
import { table } from '../store';
import type { MockRow } from '../types';
import { EXAMINE, PUBLISH } from './report-tables';

function countWhere(tableName: string, field: string, value: number): number {
  return table(tableName).rows.filter((row) => Number(row[field]) === value).length;
}

/** Counters by the menu entry's address (the screen the badge sits on). */
const COUNTED = new Map<string, () => number>([
  [
    '/business/informationreportingexamine/list',
    () => countWhere(EXAMINE, 'examine_status', EXAMINE_STATUS.pending),
  ],
  [
    '/business/informationreportingpublish/list',
    () => countWhere(PUBLISH, 'publish_status', PUBLISH_STATUS.pending),
  ],
]);

/** The badge of one menu row: the live count where the server keeps one, else its stored value. */
export function waitNumOf(row: MockRow): number {
  const count = COUNTED.get(textOf(row.amenu_address));
  return count ? count() : Number(row.wait_num ?? 0);
}
