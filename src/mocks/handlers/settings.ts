/**
 * Mock handlers of the settings area: the log list (日志管理) with its filters — operator
 * (exact username), type, keyword and the time range start_time / end_time (seconds,
 * inclusive) — sorted and paged as the engine's own lists are.
 * List these BEFORE the engine's generic /api/:group/:action handlers.
 */
import { http } from '../http-wrapper';
import { mockModule } from '../engine-registry';
import { sortRows } from '../engine-rows';
import { ok } from '../respond';
import { table } from '../store';
import type { MockRow } from '../types';
import { isEmptyValue, matchesKeyword, paginate, readParams } from '../util';

const LOG_TABLE = 'adminlog';

function seconds(value: unknown): number | undefined {
  if (isEmptyValue(value)) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** The log rows a list call asks for (pure over the rows; tested through the handler). */
export function filterLogRows(
  rows: readonly MockRow[],
  params: Record<string, unknown>,
): MockRow[] {
  const keyword = typeof params.keyword === 'string' ? params.keyword : '';
  const from = seconds(params.start_time);
  const to = seconds(params.end_time);
  return rows.filter((row) => {
    const time = Number(row.create_time ?? 0);
    return (
      matchesKeyword(row, keyword, ['username', 'log_url', 'log_ip', 'log_content']) &&
      (isEmptyValue(params.username) || String(row.username) === String(params.username)) &&
      (isEmptyValue(params.log_type) || String(row.log_type) === String(params.log_type)) &&
      (from === undefined || time >= from) &&
      (to === undefined || time <= to)
    );
  });
}

export const settingsHandlers = [
  http.get('/api/adminlog/list', async ({ request }) => {
    const params = await readParams(request);
    const registration = mockModule(LOG_TABLE);
    const rows = filterLogRows(table(LOG_TABLE).rows, params);
    const sorted = registration
      ? sortRows(registration, rows, params)
      : rows.sort((a, b) => Number(b.create_time ?? 0) - Number(a.create_time ?? 0));
    return ok(paginate(sorted, params));
  }),
];
