/**
 * Look-ups over the module tables: dictionaries (incl. the department dictionaries Dep and
 * DepAuth), tree dictionaries, the department tree and job links, role menus, and the
 * field definitions of dynamic forms. Tables are the modules' groups: dictionary,
 * datadicttree, admindepartment, adminmenu, field, module.
 */
import { http } from '../http-wrapper';
import { mockMessages } from '@/locale/mock';
import { mockModule } from '../engine-registry';
import {
  ROLE_AUTH_TABLE,
  ROLE_MENU_TABLE,
  savedRoleAuthKeys,
  savedRoleMenuIds,
  sessionUser,
} from '../auth';
import { system as systemText } from '@/locale/system';
import { fail, ok } from '../respond';
import { isRowList, persist, table } from '../store';
import type { MockRow } from '../types';
import {
  buildTree,
  idsOf,
  isEmptyValue,
  readBody,
  readParams,
  sameId,
  toIds,
  withChildren,
  type Params,
} from '../util';
import { textOf } from '@/core/guards';

interface KeyValue {
  label: string;
  value: string | number;
}
interface TreeKeyValue extends KeyValue {
  children?: TreeKeyValue[];
}

const bySort = (a: MockRow, b: MockRow) =>
  Number(a.sort ?? a.amenu_sort ?? 0) - Number(b.sort ?? b.amenu_sort ?? 0) ||
  Number(a.id ?? 0) - Number(b.id ?? 0);

function enabled(row: MockRow, field = 'status'): boolean {
  return Number(row[field] ?? 1) !== 2;
}

function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

function optionValue(value: unknown): string | number {
  return typeof value === 'number' ? value : textOf(value);
}

/** Rows linked by pid → id (dictionaries, tree dictionaries, departments). */
const BY_PID = { id: (row: MockRow) => row.id, parent: (row: MockRow) => row.pid };

/** Nested options under `parentId` (rows linked by pid). */
function treeOptions(
  rows: MockRow[],
  parentId: unknown,
  label: (row: MockRow) => string,
  value: (row: MockRow) => string | number,
): TreeKeyValue[] {
  return buildTree<TreeKeyValue>(rows, BY_PID, parentId, bySort, (row, children) =>
    withChildren({ label: label(row), value: value(row) }, children),
  );
}

// --- departments ---------------------------------------------------------------------------

const DEPARTMENTS = 'admindepartment';

function departmentTree(rows: MockRow[], parentId: unknown): MockRow[] {
  return buildTree<MockRow>(rows, BY_PID, parentId, bySort, (row, children) =>
    withChildren({ ...row }, children),
  );
}

/** The departments a user may see: the subtree of their department (all for the super admin). */
function departmentsOf(user: MockRow | undefined): MockRow[] {
  const rows = table(DEPARTMENTS).rows;
  if (!user || user.username === 'admin' || isEmptyValue(user.department_id))
    return departmentTree(rows, 0);
  const own = rows.find((row) => sameId(row.id, user.department_id));
  return own ? [withChildren({ ...own }, departmentTree(rows, own.id))] : [];
}

function departmentOptions(nodes: MockRow[]): TreeKeyValue[] {
  return nodes.map((node) =>
    withChildren(
      { label: textOf(node.name), value: optionValue(node.id) },
      departmentOptions(isRowList(node.children) ? node.children : []),
    ),
  );
}

// --- dictionaries --------------------------------------------------------------------------

function dictionaryOptions(params: Params, request: Request): TreeKeyValue[] {
  const parentCode = textOf(params.parentCode);
  const all = truthy(params.isAll);
  const departments = table(DEPARTMENTS).rows;
  // The department controls read Dep (every department) and DepAuth (the user's scope).
  if ((parentCode === 'Dep' || parentCode === 'DepAuth') && departments.length) {
    const nodes =
      parentCode === 'Dep'
        ? departmentTree(
            departments.filter((row) => all || enabled(row)),
            0,
          )
        : departmentsOf(sessionUser(request));
    return departmentOptions(nodes);
  }
  const rows = table('dictionary').rows.filter((row) => all || enabled(row));
  const parent = rows.find((row) => row.code === parentCode);
  if (!parent) return [];
  return treeOptions(
    rows,
    parent.id,
    (row) => textOf(row.name),
    (row) => (isEmptyValue(row.value) ? String(row.code ?? row.id) : optionValue(row.value)),
  );
}

// --- tree dictionaries ---------------------------------------------------------------------

function treeDictOptions(topCode: string): TreeKeyValue[] {
  const rows = table('datadicttree').rows.filter((row) => enabled(row));
  const top =
    rows.find((row) => row.code === topCode && Number(row.pid ?? 0) === 0) ??
    rows.find((row) => row.code === topCode);
  if (!top) return [];
  return treeOptions(
    rows,
    top.id,
    (row) => textOf(row.title),
    (row) => (isEmptyValue(row.value) ? String(row.code ?? row.id) : optionValue(row.value)),
  );
}

function flatten(options: TreeKeyValue[]): KeyValue[] {
  return options.flatMap(({ label, value, children }) => [
    { label, value },
    ...flatten(children ?? []),
  ]);
}

// --- menus ---------------------------------------------------------------------------------

const MENUS = 'adminmenu';
const JOB_DEPARTMENTS = 'mock_jobdep';

interface MenuTreeNode {
  id: number;
  pid: number;
  label: string;
  type: string;
  routerLink: string;
  routerName: string;
  sort: number;
  children?: MenuTreeNode[];
}

function menuTree(rows: MockRow[]): MenuTreeNode[] {
  const links = {
    id: (row: MockRow) => Number(row.amenu_id),
    parent: (row: MockRow) => Number(row.amenu_pid ?? 0),
  };
  return buildTree<MenuTreeNode>(rows, links, 0, bySort, (row, children) =>
    withChildren(
      {
        id: Number(row.amenu_id),
        pid: Number(row.amenu_pid ?? 0),
        label: textOf(row.amenu_name),
        type: row.amenu_type === 'button' ? 'button' : 'menu',
        routerLink: textOf(row.amenu_address),
        routerName: textOf(row.amenu_routername),
        sort: Number(row.amenu_sort ?? 0),
      },
      children,
    ),
  );
}

/** Saved id lists (job departments, role menus) answer numbers where the ids are numeric. */
function idList(value: unknown): (string | number)[] {
  return toIds(value).map((id) => (typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id));
}

function roleExists(roleid: unknown): boolean {
  return !isEmptyValue(roleid) && table('adminrole').rows.some((row) => sameId(row.id, roleid));
}

/** Tree-shaped modules whose delete is refused while the record has children. */
const TREE_DELETES = [
  { group: MENUS, primaryKey: 'amenu_id', parentField: 'amenu_pid', noun: systemText.menuNoun },
  { group: DEPARTMENTS, primaryKey: 'id', parentField: 'pid', noun: systemText.departmentNoun },
] as const;

// --- field definitions -----------------------------------------------------------------------

const FIELD_KEYS = [
  'cf_name',
  'cf_fieldname',
  'cf_control',
  'cf_placeholder',
  'cf_length',
  'cf_default',
  'cf_validate',
  'cf_ispri',
  'cf_sourcetype',
  'cf_dictionary',
  'cf_method',
  'optionData',
  'parameData',
  // 列表显示: which fields the generic module's list shows.
  'cf_islist',
];

/** Designer rows keep options and parameters as JSON text (cf_options, cf_params). */
const FIELD_ALIASES: Record<string, string> = { optionData: 'cf_options', parameData: 'cf_params' };

function asDefinition(row: MockRow): MockRow {
  const definition: MockRow = {};
  for (const key of FIELD_KEYS) {
    const alias = FIELD_ALIASES[key];
    let value = row[key] ?? (alias ? row[alias] : undefined);
    if (value === '') value = undefined;
    if ((key === 'optionData' || key === 'parameData') && typeof value === 'string') {
      try {
        value = JSON.parse(value);
      } catch {
        value = undefined;
      }
    }
    if (value !== undefined && value !== null) definition[key] = value;
  }
  return definition;
}

const IMPLICIT_PRIMARY_KEY: MockRow = {
  cf_name: 'ID',
  cf_fieldname: 'id',
  cf_control: 'input',
  cf_ispri: 1,
};

/** A module's field definitions: its designer module's fields, else the registration's. */
function fieldDefinitions(moduleName: string): MockRow[] {
  const asked = moduleName.toLowerCase();
  const registration = mockModule(asked) ?? mockModule(`admin${asked}`);
  const name = (registration?.fieldsModule ?? asked).toLowerCase();
  const designed = table('module').rows.find(
    (row) => typeof row.module_name === 'string' && row.module_name.toLowerCase() === name,
  );
  if (designed) {
    const fields = table('field').rows.filter((row) => sameId(row.module_id, designed.id));
    if (fields.length) {
      const definitions = fields
        .sort(
          (a, b) => Number(a.cf_sort ?? 0) - Number(b.cf_sort ?? 0) || Number(a.id) - Number(b.id),
        )
        .map(asDefinition);
      // A designed module's records are keyed by the engine's `id` (the field designer reserves
      // the name): it travels as the primary key when the designer declared none.
      return definitions.some((field) => Number(field.cf_ispri) === 1)
        ? definitions
        : [IMPLICIT_PRIMARY_KEY, ...definitions];
    }
  }
  return registration?.fields ? registration.fields.map((field) => ({ ...field })) : [];
}

export const lookupHandlers = [
  // dictionaries
  http.post('/api/dictionary/getkeyval', async ({ request }) =>
    ok(dictionaryOptions(await readParams(request), request)),
  ),
  http.post('/api/dictionary/getparentdickeyVal', () =>
    ok(
      table('dictionary')
        .rows.filter((row) => Number(row.pid ?? 0) === 0)
        .sort(bySort)
        .map((row) => ({ label: textOf(row.name), value: optionValue(row.id) })),
    ),
  ),
  http.post('/api/dictionary/createcash', () => ok(null, mockMessages.cacheRebuilt)),

  // tree dictionaries
  http.post('/api/datadicttree/getkeyval', async ({ request }) =>
    ok(treeDictOptions(textOf((await readParams(request)).topCode))),
  ),
  http.post('/api/datadicttree/getlistkeyVal', async ({ request }) =>
    ok(flatten(treeDictOptions(textOf((await readParams(request)).topCode)))),
  ),
  http.post('/api/datadicttree/gettopdictkeyVal', () =>
    ok(
      table('datadicttree')
        .rows.filter((row) => Number(row.pid ?? 0) === 0)
        .sort(bySort)
        .map((row) => ({ label: textOf(row.title), value: String(row.code ?? row.id) })),
    ),
  ),
  http.post('/api/datadicttree/createcash', () => ok(null, mockMessages.cacheRebuilt)),

  // departments
  http.post('/api/admindepartment/gettreedep', () =>
    ok(departmentTree(table(DEPARTMENTS).rows, 0)),
  ),
  http.post('/api/admindepartment/getdeptreebyuserid', ({ request }) =>
    ok(departmentsOf(sessionUser(request))),
  ),
  http.post('/api/admindepartment/gettreedepkeyval', () =>
    ok(
      departmentOptions(
        departmentTree(
          table(DEPARTMENTS).rows.filter((row) => enabled(row)),
          0,
        ),
      ),
    ),
  ),
  http.post('/api/admindepartment/getjobdepid', async ({ request }) => {
    const { jobid } = await readBody(request);
    const link = table(JOB_DEPARTMENTS).rows.find((row) => sameId(row.jobid, jobid));
    return ok(idList(link?.deparr));
  }),
  http.post('/api/admindepartment/savejobdep', async ({ request }) => {
    const body = await readBody(request);
    if (isEmptyValue(body.jobid)) return fail(201, mockMessages.notFound);
    const links = table(JOB_DEPARTMENTS);
    links.rows = links.rows.filter((row) => !sameId(row.jobid, body.jobid));
    links.rows.push({ jobid: body.jobid, deparr: idList(body.deparr) });
    persist();
    return ok(null);
  }),

  // menus for roles (the user's own menu, getusermenu, is the shell's)
  http.post('/api/adminmenu/gettreemenu', () => ok(menuTree(table(MENUS).rows))),
  // A role never configured sees every menu (auth.menuRowsOf), so it answers every id too.
  http.post('/api/adminmenu/getrolemenuid', async ({ request }) => {
    const body = await readBody(request);
    const saved = truthy(body.issuper) ? undefined : savedRoleMenuIds(body.roleid);
    return ok(idList(saved ?? table(MENUS).rows.map((row) => row.amenu_id)));
  }),
  http.post('/api/adminmenu/saverolemenu', async ({ request }) => {
    const body = await readBody(request);
    if (!roleExists(body.roleid)) return fail(201, mockMessages.notFound);
    const links = table(ROLE_MENU_TABLE);
    links.rows = links.rows.filter((row) => !sameId(row.roleid, body.roleid));
    links.rows.push({ roleid: body.roleid, menuarr: idList(body.menuarr) });
    persist();
    return ok(null);
  }),

  // a role's permission keys (权限分配)
  http.post('/api/adminrole/getroleauth', async ({ request }) => {
    const { roleid } = await readBody(request);
    return ok(savedRoleAuthKeys(roleid));
  }),
  http.post('/api/adminrole/saveroleauth', async ({ request }) => {
    const body = await readBody(request);
    if (!roleExists(body.roleid)) return fail(201, mockMessages.notFound);
    const keys = Array.isArray(body.prilist)
      ? body.prilist.filter((key): key is string => typeof key === 'string')
      : [];
    const links = table(ROLE_AUTH_TABLE);
    links.rows = links.rows.filter((row) => !sameId(row.roleid, body.roleid));
    links.rows.push({ roleid: body.roleid, prilist: [...new Set(keys)] });
    persist();
    return ok(null);
  }),

  // Trees refuse to lose a node that still has children (the engine's delete follows otherwise).
  ...TREE_DELETES.map(({ group, primaryKey, parentField, noun }) =>
    http.post(`/api/${group}/delete`, async ({ request }) => {
      const ids = idsOf(await readParams(request.clone()), primaryKey).map(String);
      const rows = table(group).rows;
      const parent = rows.find(
        (row) =>
          ids.includes(String(row[primaryKey])) &&
          rows.some((child) => sameId(child[parentField], row[primaryKey])),
      );
      return parent ? fail(201, systemText.hasChildren(noun)) : undefined;
    }),
  ),

  // dynamic-form field definitions
  http.post('/api/field/getfieldarrbymodule', async ({ request }) => {
    const body = await readParams(request);
    return ok(fieldDefinitions(textOf(body.moduleName)));
  }),
];
