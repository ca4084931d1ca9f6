/**
 * The history of the information-reporting workflow: who submitted, approved, rejected,
 * published or withdrew a report, when, with which remark. Seeded from the seeded examinations
 * and publications; written by ./report-workflow on every transition.
 */
import { reportExamineMock } from '@generated/mocks/report-examine';
import { reportPublishMock } from '@generated/mocks/report-publish';
import { EXAMINE_STATUS, PUBLISH_STATUS, type ReportHistoryAction } from '@/core/report-workflow';
import { textOf } from '@/core/guards';
import { registerSeed, table } from '../store';
import type { MockRow } from '../types';
import { nowSeconds, sameId } from '../util';
import { HISTORY } from './report-tables';

/** One history row (a type, not an interface: rows are records of the mock store). */
type HistoryFields = {
  report_id: number;
  action: ReportHistoryAction;
  username: string;
  time: number;
  remark: string;
};

/** The seeded history, read off the seeded examinations and publications. */
function seedHistory(): MockRow[] {
  const entries: HistoryFields[] = [];
  for (const row of reportExamineMock.seed) {
    const report_id = Number(row.report_id);
    entries.push({
      report_id,
      action: 'submit',
      username: String(row.username),
      time: Number(row.create_time),
      remark: '',
    });
    const status = Number(row.examine_status);
    if (status !== EXAMINE_STATUS.pending)
      entries.push({
        report_id,
        action: status === EXAMINE_STATUS.approved ? 'approve' : 'reject',
        username: String(row.examine_user),
        time: Number(row.examine_time),
        remark: textOf(row.examine_remark),
      });
  }
  for (const row of reportPublishMock.seed)
    if (Number(row.publish_status) === PUBLISH_STATUS.published)
      entries.push({
        report_id: Number(row.report_id),
        action: 'publish',
        username: String(row.publish_user),
        time: Number(row.publish_time),
        remark: '',
      });
  return entries
    .sort((a, b) => a.time - b.time)
    .map((entry, index) => ({ id: index + 1, ...entry }));
}

registerSeed(() => ({ [HISTORY]: seedHistory() }), { [HISTORY]: 'id' });

/** Adds one entry to the report's history, stamped now. */
export function recordHistory(
  reportId: unknown,
  action: ReportHistoryAction,
  username: string,
  remark = '',
) {
  const history = table(HISTORY);
  history.rows.push({
    id: history.nextId,
    report_id: Number(reportId),
    action,
    username,
    time: nowSeconds(),
    remark,
  });
  history.nextId += 1;
}

/** The report's history, oldest first. */
export function historyOf(reportId: unknown): MockRow[] {
  return table(HISTORY)
    .rows.filter((row) => sameId(row.report_id, reportId))
    .sort((a, b) => Number(a.time) - Number(b.time) || Number(a.id) - Number(b.id));
}

/** Forgets the entries of deleted reports. */
export function dropHistory(isGone: (entry: MockRow) => boolean): void {
  const history = table(HISTORY);
  history.rows = history.rows.filter((entry) => !isGone(entry));
}
