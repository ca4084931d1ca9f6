/**
 * The information-reporting workflow.
 *
 * The workflow keeps three tables in step, each the list of one screen: the report
 * (informationreporting, 我的上报) carries its state; submitting puts an examination row in
 * 内容审批 (informationreportingexamine); approving puts a publication row in 发布列表
 * (informationreportingpublish); a history table records who did what, when, with which remark.
 * Every write to these tables goes through here: a transition the state does not allow, or a
 * generic write that would set a state by hand, answers status 201 with a message.
 */
import { http } from '../http-wrapper';
import {
  EDITABLE_REPORT_STATUS,
  EXAMINE_STATUS,
  PUBLISH_STATUS,
  REPORT_STATUS,
} from '@/core/report-workflow';
import { mockMessages } from '@/locale/mock';
import { reportingMessages as m } from '@/locale/reporting';
import { sessionUser } from '../auth';
import { runAction } from '../engine';
import { fail, ok } from '../respond';
import { persist, table } from '../store';
import type { MockRow } from '../types';
import { idOf, idsOf, nowSeconds, readParams, sameId, type Params } from '../util';
import { textOf } from '@/core/guards';
import { statistic } from './report-statistic';
import { dropHistory, historyOf, recordHistory } from './report-history';
import { EXAMINE, PUBLISH, REPORT } from './report-tables';

/** Fields only the workflow writes: add and edit ignore what a client sends for them. */
const SERVER_FIELDS = ['report_status', 'examine_remark', 'username', 'create_time'];

function findBy(name: string, field: string, value: unknown): MockRow | undefined {
  return table(name).rows.find((row) => sameId(row[field], value));
}

function usernameOf(request: Request): string {
  return textOf(sessionUser(request)?.username);
}

/** The report's copy in the examination and publication lists. */
function reportCopy(report: MockRow): MockRow {
  return {
    report_id: report.id,
    title: report.title,
    category_id: report.category_id,
    department_id: report.department_id,
    username: report.username,
  };
}

/** Updates the row of `name` that belongs to the report, or adds one. */
function upsertFor(name: string, report: MockRow, fields: MockRow): void {
  const store = table(name);
  const existing = findBy(name, 'report_id', report.id);
  if (existing) {
    Object.assign(existing, reportCopy(report), fields);
    return;
  }
  store.rows.push({
    id: store.nextId,
    ...reportCopy(report),
    ...fields,
    create_time: nowSeconds(),
  });
  store.nextId += 1;
}

/** Runs the generic engine action with a body the workflow has checked and cleaned. */
function runClean(request: Request, action: string, body: Params): Promise<Response | undefined> {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  const url = new URL(request.url);
  url.search = '';
  return runAction(
    REPORT,
    action,
    new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }),
  );
}

function withoutServerFields(params: Params): Params {
  return Object.fromEntries(
    Object.entries(params).filter(([field]) => !SERVER_FIELDS.includes(field)),
  );
}

/** The author's own report in an editable state, or the 201 answer saying why not. */
function editableReport(
  request: Request,
  id: unknown,
  refused: string,
): { report: MockRow } | { refusal: Response } {
  const report = findBy(REPORT, 'id', id);
  if (!report) return { refusal: fail(201, mockMessages.notFound) };
  if (report.username !== usernameOf(request)) return { refusal: fail(201, m.notOwner) };
  if (!EDITABLE_REPORT_STATUS.includes(Number(report.report_status)))
    return { refusal: fail(201, refused) };
  return { report };
}

type WorkflowCall = (request: Request, params: Params) => Promise<Response> | Response;

async function addReport(request: Request, params: Params): Promise<Response> {
  const body = {
    ...withoutServerFields(params),
    report_status: REPORT_STATUS.draft,
    examine_remark: '',
  };
  return (await runClean(request, 'add', body)) ?? fail(404, mockMessages.callNotFound);
}

async function editReport(request: Request, params: Params): Promise<Response> {
  const found = editableReport(request, idOf(params), m.editNotAllowed);
  if ('refusal' in found) return found.refusal;
  const body = { ...withoutServerFields(params), id: found.report.id };
  return (await runClean(request, 'edit', body)) ?? fail(404, mockMessages.callNotFound);
}

function deleteReports(request: Request, params: Params): Response {
  const ids = idsOf(params);
  if (!ids.length) return fail(201, mockMessages.notFound);
  const reports: MockRow[] = [];
  for (const id of ids) {
    const found = editableReport(request, id, m.deleteNotAllowed);
    if ('refusal' in found) return found.refusal;
    reports.push(found.report);
  }
  const gone = (row: MockRow) => reports.some((report) => sameId(row.report_id, report.id));
  const reportTable = table(REPORT);
  reportTable.rows = reportTable.rows.filter((row) => !reports.includes(row));
  // A rejected report leaves 内容审批 with it.
  table(EXAMINE).rows = table(EXAMINE).rows.filter((row) => !gone(row));
  dropHistory(gone);
  persist();
  return ok(null, mockMessages.deleted);
}

function submitReport(request: Request, params: Params): Response {
  const found = editableReport(request, params.id, m.submitNotAllowed);
  if ('refusal' in found) return found.refusal;
  const { report } = found;
  Object.assign(report, { report_status: REPORT_STATUS.submitted, examine_remark: '' });
  upsertFor(EXAMINE, report, {
    content: report.content,
    examine_status: EXAMINE_STATUS.pending,
    examine_remark: '',
    examine_user: '',
    examine_time: null,
    create_time: nowSeconds(),
  });
  recordHistory(report.id, 'submit', usernameOf(request));
  persist();
  return ok(null, m.submitted);
}

function reportHistory(_request: Request, params: Params): Response {
  if (!findBy(REPORT, 'id', params.id)) return fail(201, mockMessages.notFound);
  return ok(historyOf(params.id));
}

function examineReport(request: Request, params: Params): Response {
  const status = Number(params.status);
  if (status !== EXAMINE_STATUS.approved && status !== EXAMINE_STATUS.rejected)
    return fail(201, mockMessages.examineStatusInvalid);
  const remark = typeof params.remark === 'string' ? params.remark.trim() : '';
  if (status === EXAMINE_STATUS.rejected && !remark)
    return fail(201, mockMessages.examineRemarkRequired);
  const row = findBy(EXAMINE, 'id', params.id);
  if (!row) return fail(201, mockMessages.notFound);
  if (Number(row.examine_status) !== EXAMINE_STATUS.pending) return fail(201, m.examineDone);
  const me = usernameOf(request);
  Object.assign(row, {
    examine_status: status,
    examine_remark: remark,
    examine_user: me,
    examine_time: nowSeconds(),
  });
  const report = findBy(REPORT, 'id', row.report_id);
  const approved = status === EXAMINE_STATUS.approved;
  if (report) {
    Object.assign(report, {
      report_status: approved ? REPORT_STATUS.approved : REPORT_STATUS.rejected,
      examine_remark: remark,
    });
    if (approved)
      upsertFor(PUBLISH, report, {
        publish_status: PUBLISH_STATUS.pending,
        publish_user: '',
        publish_time: null,
        is_top: 2,
        views: 0,
      });
  }
  recordHistory(row.report_id, approved ? 'approve' : 'reject', me, remark);
  persist();
  return ok(null, approved ? m.approved : m.rejected);
}

function setPublication(request: Request, params: Params, to: 'published' | 'withdrawn'): Response {
  const row = findBy(PUBLISH, 'id', params.id);
  if (!row) return fail(201, mockMessages.notFound);
  const current = Number(row.publish_status);
  const publishing = to === 'published';
  if (publishing && current === PUBLISH_STATUS.published) return fail(201, m.publishNotAllowed);
  if (!publishing && current !== PUBLISH_STATUS.published) return fail(201, m.withdrawNotAllowed);
  const me = usernameOf(request);
  row.publish_status = PUBLISH_STATUS[to];
  if (publishing) Object.assign(row, { publish_user: me, publish_time: nowSeconds() });
  const report = findBy(REPORT, 'id', row.report_id);
  if (report) report.report_status = REPORT_STATUS[to];
  recordHistory(row.report_id, publishing ? 'publish' : 'withdraw', me);
  persist();
  return ok(null, publishing ? m.published : m.withdrawn);
}

const refuse: WorkflowCall = () => fail(201, m.workflowOnly);

/** Generic writes that would set a workflow state by hand. */
const HAND_WRITES = [
  'add',
  'edit',
  'updatefield',
  'disable',
  'delete',
  'restore',
  'destroy',
  'import',
];

function refusing(actions: readonly string[]): Record<string, WorkflowCall> {
  return Object.fromEntries(actions.map((action) => [action, refuse]));
}

/** Every workflow call by group and action; other actions (list, info…) go to the engine. */
const WORKFLOW = new Map<string, Map<string, WorkflowCall>>([
  [
    REPORT,
    new Map(
      Object.entries({
        ...refusing(['updatefield', 'disable', 'restore', 'destroy', 'import']),
        add: addReport,
        edit: editReport,
        delete: deleteReports,
        submit: submitReport,
        history: reportHistory,
      }),
    ),
  ],
  [EXAMINE, new Map(Object.entries({ ...refusing(HAND_WRITES), examine: examineReport }))],
  [
    PUBLISH,
    new Map(
      Object.entries({
        ...refusing(HAND_WRITES),
        publish: (request: Request, params: Params) => setPublication(request, params, 'published'),
        withdraw: (request: Request, params: Params) =>
          setPublication(request, params, 'withdrawn'),
        statistic,
      }),
    ),
  ],
]);

/**
 * Every call of the three workflow groups (`/api/{group}/{action}`, anchored and in the
 * contract's letter case like every handler); other actions (list, info…) go to the engine.
 */
export const reportWorkflowHandler = http.all(
  '/api/:group/:action',
  async ({ request, params }) => {
    const call = WORKFLOW.get(String(params.group))?.get(String(params.action));
    if (!call) return undefined;
    return call(request, await readParams(request));
  },
);
