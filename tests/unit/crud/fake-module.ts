/** A hand-made ModuleDefinition whose api is an in-memory fake (records, bin, paging, keyword). */
import { setAccessRoutes } from '@/lib/permissions';
import { vi } from 'vitest';
import { ApiError, type Envelope } from '@/lib/request';
import type { ListQuery, ModuleDefinition, ModuleRecord, RecordId } from '@/components/crud';

const ok = <T>(data?: T): Envelope<T> => ({ status: 200, msg: '操作成功', data });

export interface FakeNotice extends ModuleRecord {
  id: number;
  title: string;
  status: number;
  create_time: number;
}

export function makeNotices(count: number): FakeNotice[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    title: `公告${i + 1}`,
    status: 1,
    // 2024-05-01 00:00 UTC plus i hours, in seconds.
    create_time: 1714521600 + i * 3600,
  }));
}

export function createFakeNoticeModule(seed: FakeNotice[] = makeNotices(3)) {
  const db = {
    rows: seed.map((r) => ({ ...r })),
    bin: [] as FakeNotice[],
    nextId: seed.length + 1,
  };
  const page = (rows: FakeNotice[], q: ListQuery) => {
    const filtered = rows.filter(
      (r) =>
        (!q.keyword || r.title.includes(String(q.keyword))) &&
        (q.status === undefined || String(r.status) === String(q.status)),
    );
    const start = (q.pageindex - 1) * q.pagesize;
    // Copies, as a server's JSON would be: the cache must never share objects with the store.
    return ok({
      data: filtered.slice(start, start + q.pagesize).map((r) => ({ ...r })),
      allcount: filtered.length,
      pageindex: q.pageindex,
      pagesize: q.pagesize,
    });
  };
  const find = (id: RecordId) => db.rows.find((r) => String(r.id) === String(id));

  const api = {
    list: vi.fn(async (q: ListQuery) => page(db.rows, q)),
    recycle: vi.fn(async (q: ListQuery) => page(db.bin, q)),
    info: vi.fn(async (id: RecordId) => ok({ ...find(id) })),
    add: vi.fn(async (body: Partial<FakeNotice>): Promise<Envelope<unknown>> => {
      // A 201 answer: the request mutator behind every generated call throws it as ApiError.
      if (body.title === '重复')
        throw new ApiError('标题已存在', { status: 201, msg: '标题已存在' }, 201);
      const row = {
        id: db.nextId++,
        title: '',
        status: 1,
        create_time: 1714521600,
        ...body,
      } as FakeNotice;
      db.rows.unshift(row);
      return ok({ id: row.id });
    }),
    edit: vi.fn(async (body: Partial<FakeNotice>) => {
      const row = find(body.id as number);
      if (row) Object.assign(row, body);
      return ok();
    }),
    delete: vi.fn(async (id: RecordId) => {
      const row = find(id);
      db.rows = db.rows.filter((r) => r !== row);
      if (row) db.bin.push(row);
      return ok();
    }),
    disable: vi.fn(async (id: RecordId, status: number) => {
      const row = find(id);
      if (row) row.status = status;
      return ok();
    }),
    restore: vi.fn(async (id: RecordId) => {
      const row = db.bin.find((r) => String(r.id) === String(id));
      db.bin = db.bin.filter((r) => r !== row);
      if (row) db.rows.push(row);
      return ok();
    }),
    destroy: vi.fn(async (id: RecordId) => {
      db.bin = db.bin.filter((r) => String(r.id) !== String(id));
      return ok();
    }),
    importtemplate: vi.fn(async () => new Blob(['template'])),
    export: vi.fn(async () => new Blob(['export'])),
    import: vi.fn(async () => ok()),
  };

  const module: ModuleDefinition = {
    key: 'notice',
    group: 'adminnotice',
    title: '公告管理',
    route: '/system/notice',
    primaryKey: 'id',
    statusField: 'status',
    permissionKey: 'ADMINNOTICE',
    keepAlive: true,
    capabilities: [
      'list',
      'info',
      'add',
      'edit',
      'delete',
      'disable',
      'recycle',
      'restore',
      'destroy',
      'import',
      'export',
      'importtemplate',
    ],
    fields: [
      { cf_name: 'ID', cf_fieldname: 'id', cf_control: 'input', cf_ispri: 1 },
      { cf_name: '标题', cf_fieldname: 'title', cf_control: 'input', cf_validate: 'require' },
      { cf_name: '状态', cf_fieldname: 'status', cf_control: 'Switch', cf_default: 1 },
    ],
    columns: [
      { field: 'title', header: '标题', format: 'text' },
      { field: 'status', header: '状态', format: 'switch' },
      { field: 'create_time', header: '创建时间', format: 'datetime' },
    ],
    searchFields: [],
    queryKeys: {},
    api: api as unknown as ModuleDefinition['api'],
  };
  return { module, api, db };
}

/**
 * Loads the action guard's access routes as the layout would for a user whose menu opens the
 * module's screen with every action of the module (its route `operate`).
 */
export function permitAllActions(module: Pick<ModuleDefinition, 'route' | 'capabilities'>): void {
  setAccessRoutes({ [module.route]: module.capabilities.filter((c) => c !== 'list') });
}
