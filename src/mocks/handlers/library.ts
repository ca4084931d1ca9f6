/**
 * The attachment library (categories, two levels; attachments with paging, add by URL,
 * delete a list of ids), configuration groups (getgroupdata / updatesetting), the generic
 * option list `/api/{method}/getkeyval`, and the mock-only reset call (its own handler).
 */
import { http } from '../http-wrapper';
import { mockMessages } from '@/locale/mock';
import { runAction } from '../engine';
import { loadContract } from '../contract-document';
import { mockModule } from '../engine-registry';
import { GROUP_ITEMS, GROUPS, groupData } from '../config-groups';
import { requestProblem } from '../contract';
import { ATTACHMENT_TABLE, attachmentType, fileIdOfAddress } from '../files';
import { fail, ok } from '../respond';
import { existingTable, persist, registerSeed, table } from '../store';
import { releaseFile } from '../file-bytes';
import { resetMockDatabase } from '../reset';
import type { MockRow } from '../types';
import {
  buildTree,
  idOf,
  idsOf,
  isEmptyValue,
  matchesKeyword,
  newestFirst,
  nowSeconds,
  paginate,
  readBody,
  own,
  readParams,
  sameId,
  toIds,
} from '../util';
import { textOf } from '@/core/guards';
import { isWebOrSiteAddress } from '@/core/web-address';

const CATEGORIES = 'attachmentcate';

// Categories are not a CRUD module (no registration): seeded here, as the contract's
// AttachmentCate x-admin seed. Attachments and configuration groups are module tables.
registerSeed(
  () => ({
    [CATEGORIES]: [
      { ac_id: 1, ac_parent: 0, ac_path: '0', ac_title: '图片素材' },
      { ac_id: 2, ac_parent: 1, ac_path: '0,1', ac_title: '新闻配图' },
      { ac_id: 3, ac_parent: 1, ac_path: '0,1', ac_title: '轮播广告' },
      { ac_id: 4, ac_parent: 0, ac_path: '0', ac_title: '文档资料' },
      { ac_id: 5, ac_parent: 4, ac_path: '0,4', ac_title: '规章制度' },
      { ac_id: 6, ac_parent: 0, ac_path: '0', ac_title: '视频资料' },
    ],
  }),
  { [CATEGORIES]: 'ac_id' },
);

// --- categories ----------------------------------------------------------------------------

type CategoryNode = MockRow & { children: CategoryNode[] };

/** Roots with their children; every category carries `children` (empty for a leaf). */
function categoryTree(rows: MockRow[]): CategoryNode[] {
  return buildTree<CategoryNode>(
    rows,
    { id: (row) => Number(row.ac_id), parent: (row) => Number(row.ac_parent) },
    0,
    (a, b) => Number(a.ac_id) - Number(b.ac_id),
    (row, children) => ({ ...row, children }),
  );
}

/** The 201 message for an invalid category, or undefined. */
function categoryProblem(body: Record<string, unknown>, selfId?: unknown): string | undefined {
  if (isEmptyValue(body.ac_parent)) return mockMessages.categoryParentRequired;
  if (isEmptyValue(body.ac_title)) return mockMessages.categoryNameRequired;
  const parentId = Number(body.ac_parent);
  if (parentId === 0) return undefined;
  const rows = table(CATEGORIES).rows;
  const parent = rows.find((row) => Number(row.ac_id) === parentId);
  if (!parent || sameId(parent.ac_id, selfId)) return mockMessages.categoryParentRequired;
  // Only two levels: a category that has a parent cannot receive children.
  if (Number(parent.ac_parent) !== 0) return mockMessages.categoryTooDeep;
  if (selfId !== undefined && rows.some((row) => sameId(row.ac_parent, selfId)))
    return mockMessages.categoryTooDeep;
  return undefined;
}

/** Attachment types (spec section 3): 2 image, 3 video, any other value a file ("other"). */
const IMAGE_TYPE = 2;
const VIDEO_TYPE = 3;

/** The list's type filter: 2 and 3 match themselves, any other value matches every file. */
function typeMatches(rowType: unknown, wanted: string | undefined): boolean {
  if (isEmptyValue(wanted)) return true;
  const want = Number(wanted);
  const type = Number(rowType);
  if (want === IMAGE_TYPE || want === VIDEO_TYPE) return type === want;
  return type !== IMAGE_TYPE && type !== VIDEO_TYPE;
}

export const libraryHandlers = [
  http.get('/api/attachmentcate/list', ({ request }) => {
    const title = String(new URL(request.url).searchParams.get('title') ?? '').trim();
    let roots = categoryTree(table(CATEGORIES).rows);
    if (title) {
      roots = roots
        .map((root) => ({
          ...root,
          children: root.children.filter((child) => matchesKeyword(child, title, ['ac_title'])),
        }))
        .filter((root) => matchesKeyword(root, title, ['ac_title']) || root.children.length > 0);
    }
    return ok(roots);
  }),
  http.post('/api/attachmentcate/add', async ({ request }) => {
    // Checked against the contract from a clone taken now, before the body is read below;
    // the spec's category messages come first.
    const contract = requestProblem(request);
    const body = await readBody(request);
    const problem = categoryProblem(body) ?? (await contract);
    if (problem) return fail(201, problem);
    const store = table(CATEGORIES);
    const parent = Number(body.ac_parent);
    const row = {
      ac_id: store.nextId,
      ac_parent: parent,
      ac_path: parent === 0 ? '0' : `0,${parent}`,
      ac_title: String(body.ac_title).trim(),
    };
    store.nextId += 1;
    store.rows.push(row);
    persist();
    return ok({ ac_id: row.ac_id });
  }),
  http.post('/api/attachmentcate/edit', async ({ request }) => {
    const contract = requestProblem(request);
    const body = await readBody(request);
    const row = table(CATEGORIES).rows.find((item) => sameId(item.ac_id, body.ac_id));
    if (!row) return fail(201, mockMessages.notFound);
    const problem = categoryProblem(body, row.ac_id) ?? (await contract);
    if (problem) return fail(201, problem);
    const parent = Number(body.ac_parent);
    Object.assign(row, {
      ac_parent: parent,
      ac_path: parent === 0 ? '0' : `0,${parent}`,
      ac_title: String(body.ac_title).trim(),
    });
    persist();
    return ok(null);
  }),
  http.post('/api/attachmentcate/delete', async ({ request }) => {
    const ids = idsOf(await readBody(request), 'ac_id');
    const store = table(CATEGORIES);
    if (!ids.length || !store.rows.some((row) => ids.some((id) => sameId(row.ac_id, id))))
      return fail(201, mockMessages.notFound);
    if (store.rows.some((row) => ids.some((id) => sameId(row.ac_parent, id))))
      return fail(201, mockMessages.categoryHasChildren);
    store.rows = store.rows.filter((row) => !ids.some((id) => sameId(row.ac_id, id)));
    for (const attachment of table(ATTACHMENT_TABLE).rows) {
      if (ids.some((id) => sameId(attachment.attachment_cate_id, id)))
        attachment.attachment_cate_id = 0;
    }
    persist();
    return ok(null, mockMessages.deleted);
  }),

  // --- attachments ----------------------------------------------------------------------------
  http.get('/api/attachment/list', ({ request }) => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const cate = params.cate_id ?? params.ac_id;
    const rows = table(ATTACHMENT_TABLE).rows.filter(
      (row) =>
        (isEmptyValue(cate) || Number(cate) === 0 || sameId(row.attachment_cate_id, cate)) &&
        typeMatches(row.type, params.type) &&
        matchesKeyword(row, String(params.keyword ?? ''), ['att_title', 'att_description']),
    );
    return ok(paginate(newestFirst(rows, 'att_id', 'create_time'), params, 18));
  }),
  http.post('/api/attachment/add', async ({ request }) => {
    const body = await readBody(request);
    if (isEmptyValue(body.att_title)) return fail(201, mockMessages.attachmentNameRequired);
    if (isEmptyValue(body.att_url)) return fail(201, mockMessages.attachmentUrlRequired);
    if (!isWebOrSiteAddress(textOf(body.att_url)))
      return fail(201, mockMessages.attachmentUrlInvalid);
    const store = table(ATTACHMENT_TABLE);
    const url = String(body.att_url).trim();
    const row = {
      att_id: store.nextId,
      att_title: String(body.att_title).trim(),
      att_url: url,
      att_description: textOf(body.att_description),
      att_storage: Number(body.att_storage ?? 5) || 5,
      type: Number(body.type) || attachmentType(url),
      attachment_cate_id: Number(body.attachment_cate_id ?? body.ac_id ?? 0) || 0,
      create_time: nowSeconds(),
    };
    store.nextId += 1;
    store.rows.push(row);
    persist();
    return ok({ att_id: row.att_id, att_url: row.att_url });
  }),
  http.post('/api/attachment/edit', async ({ request }) => {
    const body = await readBody(request);
    const id = idOf(body, 'att_id');
    const row = table(ATTACHMENT_TABLE).rows.find((item) => sameId(item.att_id, id));
    if (!row) return fail(201, mockMessages.notFound);
    if ('att_title' in body && isEmptyValue(body.att_title))
      return fail(201, mockMessages.attachmentNameRequired);
    if ('att_url' in body && isEmptyValue(body.att_url))
      return fail(201, mockMessages.attachmentUrlRequired);
    if ('att_url' in body && !isWebOrSiteAddress(textOf(body.att_url)))
      return fail(201, mockMessages.attachmentUrlInvalid);
    for (const field of [
      'att_title',
      'att_url',
      'att_description',
      'attachment_cate_id',
      'att_storage',
    ] as const) {
      if (field in body)
        row[field] =
          field === 'attachment_cate_id' || field === 'att_storage'
            ? Number(body[field]) || 0
            : body[field];
    }
    persist();
    return ok({ ...row });
  }),
  http.post('/api/attachment/delete', async ({ request }) => {
    // The body is the list of att_id (AttachmentIdList).
    const ids = toIds((await readBody(request)).value);
    const store = table(ATTACHMENT_TABLE);
    const removed = store.rows.filter((row) => ids.some((id) => sameId(row.att_id, id)));
    if (!removed.length) return fail(201, mockMessages.notFound);
    store.rows = store.rows.filter((row) => !removed.includes(row));
    persist();
    // The library is where files are managed: a file no attachment points at any more is
    // freed, so deleting attachments makes room under the storage limit.
    const stillUsed = new Set(store.rows.map((row) => fileIdOfAddress(textOf(row.att_url))));
    for (const row of removed) {
      const fileId = fileIdOfAddress(textOf(row.att_url));
      if (fileId !== undefined && !stillUsed.has(fileId)) await releaseFile(fileId);
    }
    return ok(null, mockMessages.deleted);
  }),

  // --- configuration groups ---------------------------------------------------------------------
  http.post('/api/group/getgroupdata', async ({ request }) => {
    const { code } = await readParams(request);
    return ok(groupData(textOf(code)));
  }),
  http.post('/api/group/updatesetting', async ({ request }) => {
    const body = await readBody(request);
    const group = table(GROUPS).rows.find((row) => row.code === body.code);
    const { data } = body;
    if (!group || typeof data !== 'object' || data === null)
      return fail(201, mockMessages.notFound);
    const items = table(GROUP_ITEMS);
    for (const [key, value] of Object.entries(data)) {
      const item = items.rows.find((row) => sameId(row.group_id, group.id) && row.item_key === key);
      if (item) item.item_value = String(value ?? '');
      else {
        items.rows.push({
          id: items.nextId,
          group_id: group.id,
          item_title: key,
          item_key: key,
          item_value: String(value ?? ''),
          item_control: 'input',
          sort: 0,
          status: 1,
        });
        items.nextId += 1;
      }
    }
    persist();
    return ok(null);
  }),
  http.post('/api/group/createcash', () => ok(null, mockMessages.cacheRebuilt)),

  // --- option lists for API-sourced fields -----------------------------------------------------
  http.get('/api/:method/getkeyval', async ({ request, params }) => {
    const method = String(params.method ?? '').toLowerCase();
    if (mockModule(method)) return runAction(method, 'getkeyval', request);
    // Otherwise only a group the contract lists anyway (its own /api/<group>/list): never one
    // of the mock's own tables, whose rows are no one's to read (mock_session holds the tokens).
    if (!(await loadContract()).concrete.has(`/api/${method}/list`)) return ok([]);
    const rows = existingTable(method)?.rows ?? [];
    const first = rows[0];
    if (!first) return ok([]);
    const keys = Object.keys(first);
    const valueField = keys.includes('id') ? 'id' : (keys[0] ?? 'id');
    const labelField = keys.find((key) => /(name|title|label)$/.test(key)) ?? valueField;
    return ok(
      rows.map((row) => {
        const value = own(row, valueField);
        return {
          label: textOf(own(row, labelField)),
          value: typeof value === 'number' ? value : textOf(value),
        };
      }),
    );
  }),
];

/**
 * Mock-only: restore every table to its seed. Open in the browser demo and under vitest; the
 * HTTP mock server serves it only when started with `--allow-reset`.
 */
export const mockResetHandler = http.post('/api/mock/reset', () => {
  resetMockDatabase();
  const response = ok(null, mockMessages.mockReset);
  response.headers.set('x-mock-only', 'true');
  return response;
});
