/**
 * 设为当前版本 (POST /api/systemversion/setcurrent, /api/moduleversion/setcurrent {id}):
 * exactly one current version — one system version overall, one version per module.
 * An edit of the version tables, so it takes the module's _EDIT key (220 without it).
 */
import { http } from '../http-wrapper';
import { permissionKeyFor } from '@/core/permission';
import { mockMessages } from '@/locale/mock';
import { holdsPermission, sessionUser } from '../auth';
import { fail, ok } from '../respond';
import { persist, table } from '../store';
import type { MockRow } from '../types';
import { idOf, readParams, sameId } from '../util';

/** The version tables and the field whose rows share one current version (none: all rows). */
const VERSION_TABLES: readonly { group: string; scopeField?: string }[] = [
  { group: 'systemversion' },
  { group: 'moduleversion', scopeField: 'module_id' },
];

/** Marks `row` current and every other row of its scope not current. */
export function setCurrentVersion(rows: MockRow[], row: MockRow, scopeField?: string): void {
  for (const other of rows) {
    if (scopeField && !sameId(other[scopeField], row[scopeField])) continue;
    other.is_current = other === row ? 1 : 2;
  }
}

export const versionHandlers = VERSION_TABLES.map(({ group, scopeField }) =>
  http.post(`/api/${group}/setcurrent`, async ({ request }) => {
    const user = sessionUser(request);
    if (!user || !holdsPermission(user, permissionKeyFor(group, 'edit')))
      return fail(220, mockMessages.noPermission);
    const rows = table(group).rows;
    const id = idOf(await readParams(request));
    const row = rows.find((item) => sameId(item.id, id));
    if (!row) return fail(201, mockMessages.notFound);
    setCurrentVersion(rows, row, scopeField);
    persist();
    return ok(null);
  }),
);
