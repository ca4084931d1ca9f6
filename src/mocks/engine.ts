/**
 * The generic CRUD engine: one implementation of every module semantic (list, info, add,
 * edit, updatefield, disable, delete → recycle → restore / destroy, getkeyval, export,
 * importtemplate, import, mylist), driven by the per-module registrations the generator
 * emits (generated/mocks), the runtime modules registered by hand and the modules designed at
 * run time (./engine-registry).
 *
 * Table name = registration.group. Answers never carry write-only fields.
 */
import { http } from './http-wrapper';
import { mockMessages } from '@/locale/mock';
import { sessionUser } from './auth';
import { underDesignFlags } from './design-flags';
import { readImportSheet, type SheetReading } from './excel';
import { labelledWorkbook } from './export-labels';
import { fileBytesByAddress } from './files';
import { fail, ok } from './respond';
import { persist, table } from './store';
import type { MockModuleRegistration, MockRow } from './types';
import { idOf, idsOf, isEmptyValue, isSafeKey, own, readParams, sameId, type Params } from './util';
import { textOf } from '@/core/guards';
import {
  addRecord,
  coerceLike,
  exportColumns,
  fileResponse,
  filterRows,
  findRow,
  listAnswer,
  missingRequired,
  out,
  ownerField,
  sortRows,
  writeOnlyFields,
} from './engine-rows';
import { importMaxRows, importRows } from './engine-import';
import { registrationFor } from './engine-registry';

type Action = (
  registration: MockModuleRegistration,
  params: Params,
  request: Request,
) => Promise<Response> | Response;

/** How a module's rows look to the caller, where part of a row is the caller's own. */
type RowView = (rows: readonly MockRow[], request: Request) => MockRow[];

const rowViews = new Map<string, RowView>();

/**
 * Shows a module's rows to each caller through `view` in its lists and info (the messages:
 * read or unread is each administrator's own, ./handlers/message-reads).
 */
export function registerRowView(group: string, view: RowView): void {
  rowViews.set(group, view);
}

function rowsAs(registration: MockModuleRegistration, rows: MockRow[], request: Request) {
  const view = rowViews.get(registration.group);
  return view ? view(rows, request) : rows;
}

/**
 * The generic actions by name. A Map: the name comes from the URL, and a plain object would
 * answer `constructor` or `__proto__` with one of Object.prototype's members.
 */
const actions = new Map<string, Action>(
  Object.entries({
    list: (registration, params, request) =>
      listAnswer(
        registration,
        rowsAs(registration, table(registration.group).rows, request),
        params,
      ),

    recycle: (registration, params) =>
      listAnswer(registration, table(registration.group).recycled, params),

    mylist: (registration, params, request) => {
      const me = sessionUser(request);
      const field = ownerField(registration);
      const mine = table(registration.group).rows.filter((row) => me && row[field] === me.username);
      return listAnswer(registration, rowsAs(registration, mine, request), params);
    },

    info: (registration, params, request) => {
      const row = findRow(
        rowsAs(registration, table(registration.group).rows, request),
        registration,
        idOf(params, registration.primaryKey),
      );
      return row ? ok(out(registration, row)) : fail(201, mockMessages.notFound);
    },

    add: (registration, params, request) => {
      const added = addRecord(registration, params, request);
      if (typeof added === 'string') return fail(201, added);
      persist();
      return ok(out(registration, added));
    },

    edit: (registration, params) => {
      const store = table(registration.group);
      const row = findRow(store.rows, registration, idOf(params, registration.primaryKey));
      if (!row) return fail(201, mockMessages.notFound);
      const next: MockRow = { ...row };
      for (const [field, value] of Object.entries(params)) {
        if (field === registration.primaryKey || field === registration.createTimeField) continue;
        if (!isSafeKey(field)) continue;
        // An empty password on edit keeps the current one.
        if (writeOnlyFields(registration).includes(field) && isEmptyValue(value)) continue;
        next[field] = coerceLike(row[field], value);
      }
      const problem = missingRequired(registration, next);
      if (problem) return fail(201, problem);
      Object.assign(row, next);
      persist();
      return ok(out(registration, row));
    },

    updatefield: (registration, params) => {
      const row = findRow(
        table(registration.group).rows,
        registration,
        idOf(params, registration.primaryKey),
      );
      if (!row) return fail(201, mockMessages.notFound);
      const field = textOf(params.field);
      if (!field || field === registration.primaryKey || !isSafeKey(field))
        return fail(201, mockMessages.unknownField(field));
      const required = registration.requiredFields.find((item) => item.field === field);
      if (required && isEmptyValue(params.value))
        return fail(201, mockMessages.required(required.label));
      row[field] = coerceLike(row[field], params.value);
      persist();
      return ok(null);
    },

    disable: (registration, params) => {
      const row = findRow(
        table(registration.group).rows,
        registration,
        idOf(params, registration.primaryKey),
      );
      if (!row) return fail(201, mockMessages.notFound);
      const field = registration.statusField ?? 'status';
      const requested = Number(params.status);
      row[field] =
        requested === 1 || requested === 2 ? requested : Number(row[field]) === 1 ? 2 : 1;
      persist();
      return ok(null);
    },

    delete: (registration, params) => {
      const store = table(registration.group);
      const ids = idsOf(params, registration.primaryKey);
      const removed = store.rows.filter((row) =>
        ids.some((id) => sameId(row[registration.primaryKey], id)),
      );
      if (!removed.length) return fail(201, mockMessages.notFound);
      store.rows = store.rows.filter((row) => !removed.includes(row));
      if (registration.capabilities.includes('recycle')) store.recycled.push(...removed);
      persist();
      return ok(null, mockMessages.deleted);
    },

    restore: (registration, params) => {
      const store = table(registration.group);
      const ids = idsOf(params, registration.primaryKey);
      const back = store.recycled.filter((row) =>
        ids.some((id) => sameId(row[registration.primaryKey], id)),
      );
      if (!back.length) return fail(201, mockMessages.notFound);
      store.recycled = store.recycled.filter((row) => !back.includes(row));
      store.rows.push(...back);
      persist();
      return ok(null, mockMessages.restored);
    },

    destroy: (registration, params) => {
      const store = table(registration.group);
      const ids = idsOf(params, registration.primaryKey);
      const hit = (row: MockRow) => ids.some((id) => sameId(row[registration.primaryKey], id));
      const before = store.recycled.length + store.rows.length;
      store.recycled = store.recycled.filter((row) => !hit(row));
      // A module without a bin destroys live rows directly.
      if (!registration.capabilities.includes('recycle'))
        store.rows = store.rows.filter((row) => !hit(row));
      if (store.recycled.length + store.rows.length === before)
        return fail(201, mockMessages.notFound);
      persist();
      return ok(null, mockMessages.destroyed);
    },

    getkeyval: (registration, params) => {
      const rows = table(registration.group).rows;
      const valueField =
        typeof params.key === 'string' && params.key ? params.key : registration.primaryKey;
      const labelField =
        typeof params.value === 'string' && params.value
          ? params.value
          : guessLabelField(registration, rows[0]);
      return ok(
        rows
          .filter((row) => !registration.statusField || Number(row[registration.statusField]) !== 2)
          .map((row) => ({
            // Own fields only: `key`/`value` name columns and come from the request.
            label: textOf(own(row, labelField) ?? own(row, valueField)),
            value: keyValue(own(row, valueField)),
          })),
      );
    },

    export: async (registration, params) => {
      const store = table(registration.group);
      // In the list's order when the export names one (sortfield / sortorder), else newest first.
      const rows = sortRows(registration, filterRows(registration, store.rows, params), params);
      const bytes = await labelledWorkbook(
        registration,
        exportColumns(registration, store.rows),
        rows,
      );
      return fileResponse(bytes, `${registration.key}-export.xlsx`);
    },

    importtemplate: async (registration) => {
      const bytes = await labelledWorkbook(
        registration,
        exportColumns(registration, table(registration.group).rows),
        [],
      );
      return fileResponse(bytes, `${registration.key}-template.xlsx`);
    },

    import: async (registration, params, request) => {
      const file = params.importfile ?? params.file;
      let bytes: ArrayBuffer | Uint8Array | undefined;
      if (typeof file === 'string') bytes = await fileBytesByAddress(file);
      else if (file instanceof Blob) bytes = await file.arrayBuffer();
      if (!bytes) return fail(201, mockMessages.importNoFile);
      let sheet: SheetReading;
      try {
        sheet = await readImportSheet(
          bytes,
          exportColumns(registration, table(registration.group).rows),
          {
            maxRows: await importMaxRows(request),
            required: registration.requiredFields.map(({ field }) => field),
          },
        );
      } catch {
        // exceljs met something its own checks did not foresee: still an answer, not a crash.
        return fail(201, mockMessages.importBadFile);
      }
      if (!sheet.ok) return fail(201, sheet.message);
      return importRows(registration, sheet.rows, request);
    },
  } satisfies Record<string, Action>),
);

function keyValue(value: unknown): string | number {
  return typeof value === 'number' ? value : textOf(value);
}

const LABEL_CANDIDATES = ['name', 'title', 'label', 'nickname', 'realname', 'username'];

function guessLabelField(registration: MockModuleRegistration, row: MockRow | undefined): string {
  if (!row) return registration.primaryKey;
  const keys = Object.keys(row);
  return (
    LABEL_CANDIDATES.find((field) => keys.includes(field)) ??
    keys.find(
      (field) => /(_name|_title|name|title)$/.test(field) && typeof row[field] === 'string',
    ) ??
    registration.requiredFields[0]?.field ??
    registration.primaryKey
  );
}

/** Runs one generic action for a group (also used by hand-written handlers). */
export async function runAction(
  group: string,
  action: string,
  request: Request,
): Promise<Response | undefined> {
  const found = registrationFor(group);
  const run = actions.get(action.toLowerCase());
  if (!found || !run) return undefined;
  const { registration, refusal } = underDesignFlags(found, action.toLowerCase());
  if (refusal) return fail(201, refusal);
  return run(registration, await readParams(request), request);
}

/** The catch-all: `/api/{group}/{action}` for every registered module, GET or POST. */
export const engineHandlers = [
  http.all('/api/:group/:action', async ({ request, params }) => {
    const group = String(params.group ?? '');
    const action = String(params.action ?? '');
    // Like a real server: a call nobody serves answers the 404 envelope.
    return (await runAction(group, action, request)) ?? fail(404, mockMessages.callNotFound);
  }),
];
