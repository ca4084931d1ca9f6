/**
 * The generic CRUD engine: one implementation of every module semantic (list, info, add,
 * edit, updatefield, disable, delete → recycle → restore / destroy, getkeyval, export,
 * importtemplate, import, mylist), driven by the per-module registrations the generator
 * emits (generated/mocks) plus the runtime modules registered by hand.
 *
 * Table name = registration.group. Answers never carry write-only fields.
 */
import { HttpResponse } from 'msw';
import { http } from './http-wrapper';
import { CAPABILITIES } from '@/core/module';
import { OPERATION_PERMISSIONS } from '@generated/permissions';
import { SOURCE_PERMISSION_KEYS } from '@generated/sources';
import { permissionKeyFor } from '@/core/permission';
import { mockMessages } from '@/locale/mock';
import { DEMO_PASSWORD, sessionUser, USER_TABLE } from './auth';
import { underDesignFlags } from './design-flags';
import { callSetting, recordChecker, type FieldProblem } from './contract';
import {
  buildWorkbook,
  DEFAULT_IMPORT_MAX_ROWS,
  readImportSheet,
  XLSX_TYPE,
  type ImportProblem,
  type SheetReading,
  type SheetRow,
} from './excel';
import { fileBytesByAddress } from './files';
import { envelope, fail, ok } from './respond';
import { persist, registerSeed, table } from './store';
import type { MockModuleRegistration, MockRow } from './types';
import {
  ALWAYS_WRITE_ONLY,
  idOf,
  idsOf,
  isEmptyValue,
  isOwnBackendCall,
  isSafeKey,
  matchesKeyword,
  newestFirst,
  nowSeconds,
  own,
  paginate,
  readParams,
  sameId,
  strip,
  type Params,
} from './util';
import { textOf } from '@/core/guards';

const registry = new Map<string, MockModuleRegistration>();
/** Every module's prilist keys, computed once per set of registrations. */
let keyCache: string[] | undefined;

/** Every capability the engine serves (resetting a password is the administrators' own call). */
export const GENERIC_CAPABILITIES = CAPABILITIES.filter(
  (capability) => capability !== 'resetpassword',
);

/** Every administrator, seeded or added, signs in with the demo password unless given one. */
function withDemoPassword(registration: MockModuleRegistration, row: MockRow): MockRow {
  if (registration.group === USER_TABLE && isEmptyValue(row.password)) row.password = DEMO_PASSWORD;
  return row;
}

/** Registers modules with the engine and seeds their tables (later registrations win). */
export function registerMockModules(registrations: readonly MockModuleRegistration[]): void {
  keyCache = undefined;
  for (const registration of registrations) {
    registry.set(registration.group, registration);
    registerSeed(
      () => ({
        [registration.group]: registration.seed.map((row) =>
          withDemoPassword(registration, { ...row }),
        ),
      }),
      { [registration.group]: registration.primaryKey },
    );
  }
}

export function mockModule(group: string): MockModuleRegistration | undefined {
  const key = group.toLowerCase();
  return registry.get(key);
}

/**
 * prilist keys: the shared key of every capability of every module (src/core/permission) and
 * every key the contract names for a call, so the mock grants exactly the keys the app's key
 * guard asks for.
 */
export function permissionKeys(): string[] {
  if (!keyCache) {
    // Every key the contract names for a call, beside the modules' capability keys.
    const keys = new Set<string>([
      ...Object.values(OPERATION_PERMISSIONS).filter((key: string) => !key.startsWith('{')),
      // The imported sources' screens are guarded by keys of the same prilist.
      ...SOURCE_PERMISSION_KEYS,
    ]);
    for (const registration of registry.values()) {
      for (const capability of registration.capabilities)
        keys.add(permissionKeyFor(registration.group, capability));
    }
    keyCache = [...keys].sort();
  }
  const designed = designedModules()
    .map((row) => row.group)
    .filter((group) => !registry.has(group));
  if (!designed.length) return keyCache;
  // Modules designed at run time get the generic keys too (not cached: one may appear any time).
  const keys = new Set(keyCache);
  for (const group of designed)
    for (const capability of GENERIC_CAPABILITIES) keys.add(permissionKeyFor(group, capability));
  return [...keys].sort();
}

/** The module designer's modules (table `module`), each with its lower-cased group name. */
function designedModules(): { group: string; row: MockRow }[] {
  return table('module').rows.flatMap((row) =>
    typeof row.module_name === 'string' && isSafeKey(row.module_name.toLowerCase())
      ? [{ group: row.module_name.toLowerCase(), row }]
      : [],
  );
}

function writeOnlyFields(registration: MockModuleRegistration): readonly string[] {
  return [...ALWAYS_WRITE_ONLY, ...(registration.writeOnlyFields ?? [])];
}

function out(registration: MockModuleRegistration, row: MockRow): MockRow {
  return strip(row, writeOnlyFields(registration));
}

function findRow(
  rows: MockRow[],
  registration: MockModuleRegistration,
  id: unknown,
): MockRow | undefined {
  return rows.find((row) => sameId(row[registration.primaryKey], id));
}

function requiredProblem(
  registration: MockModuleRegistration,
  row: MockRow,
): FieldProblem | undefined {
  const missing = registration.requiredFields.find(({ field }) => isEmptyValue(row[field]));
  return missing && { ...missing, message: mockMessages.required(missing.label) };
}

function missingRequired(registration: MockModuleRegistration, row: MockRow): string | undefined {
  return requiredProblem(registration, row)?.message;
}

/** Filters of a list call: keyword over keywordFields, exact match over filterFields. */
function filterRows(
  registration: MockModuleRegistration,
  rows: MockRow[],
  params: Params,
): MockRow[] {
  const keyword = typeof params.keyword === 'string' ? params.keyword : '';
  const filters = registration.filterFields.filter((field) => !isEmptyValue(params[field]));
  return rows.filter(
    (row) =>
      matchesKeyword(row, keyword, registration.keywordFields) &&
      filters.every((field) => String(row[field]) === String(params[field])),
  );
}

/** Two non-blank cell values in ascending order: numbers (and numeric text) by value, text by pinyin. */
function compareCells(a: unknown, b: unknown): number {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return String(a).localeCompare(String(b), 'zh-CN');
}

/**
 * The list order: `sortfield` / `sortorder` (asc, desc) when the rows have that field, else
 * newest first. Ties keep the newest-first order (the sort is stable), so pages do not shuffle.
 */
export function sortRows(
  registration: Pick<MockModuleRegistration, 'primaryKey' | 'createTimeField'>,
  rows: MockRow[],
  params: Params,
): MockRow[] {
  const newest = newestFirst(rows, registration.primaryKey, registration.createTimeField);
  const field = typeof params.sortfield === 'string' ? params.sortfield : '';
  if (!field || !isSafeKey(field) || !newest.some((row) => Object.hasOwn(row, field)))
    return newest;
  const direction = params.sortorder === 'desc' ? -1 : 1;
  return newest.sort((a, b) => {
    const va = own(a, field);
    const vb = own(b, field);
    // Blank cells go last whichever the direction.
    const blanks = Number(isEmptyValue(va)) - Number(isEmptyValue(vb));
    if (blanks || isEmptyValue(va)) return blanks;
    return direction * compareCells(va, vb);
  });
}

function listAnswer(registration: MockModuleRegistration, rows: MockRow[], params: Params) {
  const sorted = sortRows(registration, filterRows(registration, rows, params), params);
  const page = paginate(sorted, params);
  return ok({ ...page, data: page.data.map((row) => out(registration, row)) });
}

/** Coerces a value to the type the column already holds (form posts send strings). */
function coerceLike(existing: unknown, value: unknown): unknown {
  if (
    typeof existing === 'number' &&
    typeof value === 'string' &&
    value.trim() !== '' &&
    Number.isFinite(Number(value))
  ) {
    return Number(value);
  }
  return value;
}

function ownerField(registration: MockModuleRegistration): string {
  return registration.ownerField ?? 'username';
}

function fileResponse(bytes: Uint8Array, name: string): Response {
  return new HttpResponse(bytes, {
    headers: {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
}

function exportColumns(registration: MockModuleRegistration, rows: MockRow[]) {
  if (registration.exportColumns.length) return registration.exportColumns;
  const first = rows[0] ?? {};
  return Object.keys(strip(first, writeOnlyFields(registration))).map(
    (field) => [field, field] as const,
  );
}

/** Adds one record with the engine's rules; returns the stored row or the 201 message. */
export function addRecord(
  registration: MockModuleRegistration,
  body: Params,
  request?: Request,
): MockRow | string {
  const store = table(registration.group);
  const row: MockRow = { ...body };
  const problem = missingRequired(registration, row);
  if (problem) return problem;
  const pk = registration.primaryKey;
  if (
    isEmptyValue(row[pk]) ||
    findRow(store.rows, registration, row[pk]) ||
    findRow(store.recycled, registration, row[pk])
  ) {
    row[pk] = store.nextId;
  }
  if (typeof row[pk] === 'number') store.nextId = Math.max(store.nextId, row[pk] + 1);
  if (registration.createTimeField) row[registration.createTimeField] = nowSeconds();
  if (registration.statusField && isEmptyValue(row[registration.statusField]))
    row[registration.statusField] = 1;
  if (registration.ownerField && isEmptyValue(row[registration.ownerField]) && request) {
    const me = sessionUser(request);
    if (me) row[registration.ownerField] = me.username;
  }
  store.rows.push(withDemoPassword(registration, row));
  return row;
}

/** Data rows one import may hold: the import operation's x-admin.importMaxRows in the contract. */
function importMaxRows(request: Request): Promise<number> {
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
function importRefused(problemRows: number, problems: readonly ImportProblem[]): Response {
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
async function importRows(
  registration: MockModuleRegistration,
  rows: readonly SheetRow[],
  request: Request,
): Promise<Response> {
  const check = await recordChecker('POST', `/api/${registration.group}/add`);
  const problems: ImportProblem[] = [];
  let problemRows = 0;
  const records: { row: number; record: MockRow }[] = [];
  for (const { row, values, problems: unreadable } of rows) {
    // New records: an id in the sheet (an edited export) is not the record's id.
    const { [registration.primaryKey]: _ignored, ...fields } = values;
    let found = unreadable;
    if (!found.length) {
      const { record, problem } = check(fields);
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

type Action = (
  registration: MockModuleRegistration,
  params: Params,
  request: Request,
) => Promise<Response> | Response;

/**
 * The generic actions by name. A Map: the name comes from the URL, and a plain object would
 * answer `constructor` or `__proto__` with one of Object.prototype's members.
 */
const actions = new Map<string, Action>(
  Object.entries({
    list: (registration, params) =>
      listAnswer(registration, table(registration.group).rows, params),

    recycle: (registration, params) =>
      listAnswer(registration, table(registration.group).recycled, params),

    mylist: (registration, params, request) => {
      const me = sessionUser(request);
      const field = ownerField(registration);
      const mine = table(registration.group).rows.filter((row) => me && row[field] === me.username);
      return listAnswer(registration, mine, params);
    },

    info: (registration, params) => {
      const row = findRow(
        table(registration.group).rows,
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
      const bytes = await buildWorkbook(
        registration.key,
        exportColumns(registration, store.rows),
        rows,
      );
      return fileResponse(bytes, `${registration.key}-export.xlsx`);
    },

    importtemplate: async (registration) => {
      const bytes = await buildWorkbook(
        registration.key,
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

/** The registration for a group: registered, or a default one for runtime modules. */
export function registrationFor(group: string): MockModuleRegistration | undefined {
  const registered = mockModule(group);
  if (registered) return registered;
  // A module created in the module designer at runtime: served with default semantics, its
  // designed fields' rules (required, keyword search) read at each call.
  const designed = designedModules().find((item) => item.group === group.toLowerCase());
  if (!designed) return undefined;
  const fields = table('field').rows.filter((row) => sameId(row.module_id, designed.row.id));
  const named = (row: MockRow) =>
    typeof row.cf_fieldname === 'string' && Number(row.cf_ispri ?? 0) !== 1;
  return {
    ...runtimeRegistration(designed.group),
    // Its own design: its switches (回收站, 导入导出, 我的列表) govern its calls (design-flags).
    fieldsModule: designed.group,
    requiredFields: fields
      .filter((row) => named(row) && row.cf_validate === 'require')
      .map((row) => ({ field: String(row.cf_fieldname), label: textOf(row.cf_name) })),
    keywordFields: fields
      .filter((row) => named(row) && ['input', 'textarea'].includes(String(row.cf_control)))
      .map((row) => String(row.cf_fieldname)),
    // Export and the import template use the designed labels, in the designed order.
    exportColumns: [...fields]
      .filter((row) => typeof row.cf_fieldname === 'string')
      .sort((a, b) => Number(a.cf_sort ?? 0) - Number(b.cf_sort ?? 0))
      .map((row) => [String(row.cf_fieldname), String(row.cf_name ?? row.cf_fieldname)] as const),
  };
}

/** Default semantics for a module known only at runtime (every capability, id key). */
export function runtimeRegistration(
  group: string,
  seed: readonly MockRow[] = [],
): MockModuleRegistration {
  return {
    key: group,
    group,
    primaryKey: 'id',
    statusField: 'status',
    createTimeField: 'create_time',
    ownerField: 'username',
    capabilities: GENERIC_CAPABILITIES,
    keywordFields: [],
    filterFields: ['status'],
    requiredFields: [],
    exportColumns: [],
    seed,
  };
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
  http.all('*/api/:group/:action', async ({ request, params }) => {
    if (!isOwnBackendCall(request)) return undefined;
    const group = String(params.group ?? '');
    const action = String(params.action ?? '');
    // Like a real server: a call nobody serves answers the 404 envelope.
    return (await runAction(group, action, request)) ?? fail(404, mockMessages.callNotFound);
  }),
];
