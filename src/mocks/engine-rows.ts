/**
 * The engine's rules for one module's rows: what an answer shows (never a write-only field),
 * finding, filtering, sorting and paging a list, the required fields, and adding a record.
 */
import { HttpResponse } from 'msw';
import { mockMessages } from '@/locale/mock';
import { DEMO_PASSWORD, sessionUser, USER_TABLE } from './auth';
import type { FieldProblem } from './contract';
import { XLSX_TYPE } from './excel';
import { ok } from './respond';
import { table } from './store';
import type { MockModuleRegistration, MockRow } from './types';
import {
  ALWAYS_WRITE_ONLY,
  isEmptyValue,
  isSafeKey,
  matchesKeyword,
  newestFirst,
  nowSeconds,
  own,
  paginate,
  sameId,
  strip,
  type Params,
} from './util';

/** Every administrator, seeded or added, signs in with the demo password unless given one. */
export function withDemoPassword(registration: MockModuleRegistration, row: MockRow): MockRow {
  if (registration.group === USER_TABLE && isEmptyValue(row.password)) row.password = DEMO_PASSWORD;
  return row;
}

export function writeOnlyFields(registration: MockModuleRegistration): readonly string[] {
  return [...ALWAYS_WRITE_ONLY, ...(registration.writeOnlyFields ?? [])];
}

export function out(registration: MockModuleRegistration, row: MockRow): MockRow {
  return strip(row, writeOnlyFields(registration));
}

export function findRow(
  rows: MockRow[],
  registration: MockModuleRegistration,
  id: unknown,
): MockRow | undefined {
  return rows.find((row) => sameId(row[registration.primaryKey], id));
}

export function requiredProblem(
  registration: MockModuleRegistration,
  row: MockRow,
): FieldProblem | undefined {
  const missing = registration.requiredFields.find(({ field }) => isEmptyValue(row[field]));
  return missing && { ...missing, message: mockMessages.required(missing.label) };
}

export function missingRequired(
  registration: MockModuleRegistration,
  row: MockRow,
): string | undefined {
  return requiredProblem(registration, row)?.message;
}

/** Filters of a list call: keyword over keywordFields, exact match over filterFields. */
export function filterRows(
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

export function listAnswer(registration: MockModuleRegistration, rows: MockRow[], params: Params) {
  const sorted = sortRows(registration, filterRows(registration, rows, params), params);
  const page = paginate(sorted, params);
  return ok({ ...page, data: page.data.map((row) => out(registration, row)) });
}

/** Coerces a value to the type the column already holds (form posts send strings). */
export function coerceLike(existing: unknown, value: unknown): unknown {
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

export function ownerField(registration: MockModuleRegistration): string {
  return registration.ownerField ?? 'username';
}

export function fileResponse(bytes: Uint8Array, name: string): Response {
  return new HttpResponse(bytes, {
    headers: {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
}

export function exportColumns(registration: MockModuleRegistration, rows: MockRow[]) {
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
