/**
 * 导入: every row of the sheet is checked as 新增 checks its body, and all are stored or none.
 */
import { mockMessages } from '@/locale/mock';
import { callSetting, recordChecker } from './contract';
import { DEFAULT_IMPORT_MAX_ROWS, type ImportProblem, type SheetRow } from './excel';
import { addRecord, requiredProblem } from './engine-rows';
import { importedFields } from './export-labels';
import { envelope, ok } from './respond';
import { persist, table } from './store';
import type { MockModuleRegistration, MockRow } from './types';

/** Data rows one import may hold: the import operation's x-admin.importMaxRows in the contract. */
export function importMaxRows(request: Request): Promise<number> {
  return callSetting(
    request.method,
    new URL(request.url).pathname,
    'importMaxRows',
    DEFAULT_IMPORT_MAX_ROWS,
  );
}

/** Problems an answer lists (its message counts every row with a problem). */
export const IMPORT_PROBLEMS_LISTED = 100;

/** The answer of an import refused for its rows: nothing was stored. */
export function importRefused(problemRows: number, problems: readonly ImportProblem[]): Response {
  const first = problems[0];
  const firstText = first ? mockMessages.importRowProblem(first.row, first.message) : '';
  return envelope(201, mockMessages.importRefused(problemRows, firstText), {
    count: 0,
    problemRows,
    problems: problems.slice(0, IMPORT_PROBLEMS_LISTED),
  });
}

/**
 * Checks every row of the sheet as 新增 checks its body — the contract's request schema of the
 * module's add call (what the request guard checks), then the engine's required fields (what
 * addRecord checks), with the same messages — and stores all of them, or none: one bad row and
 * the answer is 201 with every row's problem, the table untouched.
 */
export async function importRows(
  registration: MockModuleRegistration,
  rows: readonly SheetRow[],
  request: Request,
): Promise<Response> {
  const check = await recordChecker('POST', `/api/${registration.group}/add`);
  // 男 / 女, 启用, a date-time text: the sheet may say what the list shows.
  const fromLabels = await importedFields(registration);
  const problems: ImportProblem[] = [];
  let problemRows = 0;
  const records: { row: number; record: MockRow }[] = [];
  for (const { row, values, problems: unreadable } of rows) {
    // New records: an id in the sheet (an edited export) is not the record's id.
    const { [registration.primaryKey]: _ignored, ...fields } = values;
    let found = unreadable;
    if (!found.length) {
      const { record, problem } = check(fromLabels(fields));
      const wrong = problem ?? requiredProblem(registration, record);
      if (wrong) found = [{ row, ...wrong }];
      else records.push({ row, record });
    }
    if (!found.length) continue;
    problemRows += 1;
    // Counted to the end, listed up to the cap: a 10,000-row sheet of mistakes stays small.
    if (problems.length < IMPORT_PROBLEMS_LISTED) problems.push(...found);
  }
  if (problemRows) return importRefused(problemRows, problems);

  const store = table(registration.group);
  const before = { rows: [...store.rows], nextId: store.nextId };
  for (const { row, record } of records) {
    const added = addRecord(registration, record, request);
    if (typeof added === 'string') {
      // Checked above, so not expected; still, nothing half-imported stays.
      store.rows = before.rows;
      store.nextId = before.nextId;
      return importRefused(1, [{ row, field: '', label: '', message: added }]);
    }
  }
  persist();
  return ok({ count: records.length }, mockMessages.imported(records.length));
}
