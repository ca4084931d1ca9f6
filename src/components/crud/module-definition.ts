/**
 * The shape of one generated CRUD module: what `cli generate` emits per contract tag that
 * carries `x-admin`, and what the shared building blocks (CrudList, CrudForm, CrudInfo,
 * RecycleBin, ImportExport) consume. Generated code conforms to this type; the logic that
 * uses it lives once, here in src/components.
 */
import type { Envelope } from '@/lib/request';
import type { FieldDefinition } from '@/core/field-definition';
import type {
  Capability,
  ColumnDefinition,
  ListPage,
  ListQuery,
  ModuleRecord,
  RecordId,
} from '@/core/module';

export * from '@/core/module';

/**
 * The calls a module offers, each present only when the module declares the capability.
 * Each resolves with a successful envelope and rejects with ApiError otherwise (the request
 * mutator behind the generated calls decides).
 */
export interface ModuleApi<TRow = ModuleRecord> {
  list?: (query: ListQuery) => Promise<Envelope<ListPage<TRow>>>;
  mylist?: (query: ListQuery) => Promise<Envelope<ListPage<TRow>>>;
  recycle?: (query: ListQuery) => Promise<Envelope<ListPage<TRow>>>;
  info?: (id: RecordId) => Promise<Envelope<TRow>>;
  add?: (body: Partial<TRow>) => Promise<Envelope<unknown>>;
  edit?: (body: Partial<TRow>) => Promise<Envelope<unknown>>;
  delete?: (id: RecordId) => Promise<Envelope<unknown>>;
  disable?: (id: RecordId, status: number) => Promise<Envelope<unknown>>;
  updatefield?: (id: RecordId, field: string, value: unknown) => Promise<Envelope<unknown>>;
  restore?: (id: RecordId) => Promise<Envelope<unknown>>;
  destroy?: (id: RecordId) => Promise<Envelope<unknown>>;
  resetpassword?: (id: RecordId) => Promise<Envelope<unknown>>;
  export?: (query: Omit<ListQuery, 'pageindex' | 'pagesize'>) => Promise<Blob>;
  importtemplate?: () => Promise<Blob>;
  import?: (file: File) => Promise<Envelope<unknown>>;
}

export interface ModuleDefinition<TRow = ModuleRecord> {
  /** Module key, kebab-case (file names, query keys). */
  key: string;
  /** The `/api/{group}` segment. */
  group: string;
  /** Chinese title, e.g. 公告管理. */
  title: string;
  /** Route of the list screen, e.g. /system/notice. */
  route: string;
  primaryKey: string;
  /** Field switched by `disable` (1 on / 2 off), when the module has one. */
  statusField?: string;
  /** Upper-cased key prefix for the prilist guard, e.g. ADMINNOTICE → ADMINNOTICE_ADD. */
  permissionKey: string;
  keepAlive: boolean;
  capabilities: readonly Capability[];
  /** Form fields (add/edit), in order. */
  fields: FieldDefinition[];
  columns: ColumnDefinition[];
  /** Fields offered as list filters; the keyword box is always there. */
  searchFields: FieldDefinition[];
  api: ModuleApi<TRow>;
}

/** One entry of the generated route table (generated/routes.ts). */
export interface GeneratedRoute {
  path: string;
  title: string;
  moduleKey: string;
  /** For sub-screens: the path of the list they belong to. */
  parentPath?: string;
  hideTitle?: boolean;
  keepAlive: boolean;
  /** Lazy page component (every route's code is lazy-loaded). */
  load: () => Promise<{ default: import('react').ComponentType }>;
}
