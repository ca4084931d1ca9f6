/**
 * The shape of one generated CRUD module: what `cli generate` emits per contract tag that
 * carries `x-admin`, and what the shared building blocks (CrudList, CrudForm, CrudInfo,
 * RecycleBin, ImportExport) consume. Generated code conforms to this type; the logic that
 * uses it lives once, here in src/components.
 */
import type { Envelope } from '@/lib/request';
import type { FieldDefinition } from '@/core/field-definition';
import type { RequestForm } from '@/core/request-form';
import type {
  Capability,
  ColumnDefinition,
  ListPage,
  ListQuery,
  ModuleRecord,
  RecordId,
  TreeDefinition,
} from '@/core/module';

export * from '@/core/module';

/** The status values `disable` sets (spec section 3: 1 on, 2 off). */
export type SwitchValue = 1 | 2;

/** List filters without paging (export). */
export type ListFilters = Omit<ListQuery, 'pageindex' | 'pagesize'>;

/**
 * The calls a module offers, each present only when the module declares the capability.
 * Each resolves with a successful envelope and rejects with ApiError otherwise (the request
 * mutator behind the generated calls decides).
 *
 * Method signatures on purpose: a generated module plugs orval's functions in as they are,
 * typed by the contract (`add: adminnoticeAdd` takes `AdminnoticeAddBody`), while the shared
 * blocks call them with form values whose rules the form schema and the server check.
 */
export interface ModuleApi<TRow = ModuleRecord> {
  list?(query: ListQuery): Promise<Envelope<ListPage<TRow>>>;
  mylist?(query: ListQuery): Promise<Envelope<ListPage<TRow>>>;
  recycle?(query: ListQuery): Promise<Envelope<ListPage<TRow>>>;
  info?(id: RecordId): Promise<Envelope<TRow>>;
  add?(body: ModuleRecord): Promise<Envelope<unknown>>;
  edit?(body: ModuleRecord): Promise<Envelope<unknown>>;
  delete?(id: RecordId): Promise<Envelope<unknown>>;
  disable?(id: RecordId, status: SwitchValue): Promise<Envelope<unknown>>;
  updatefield?(id: RecordId, field: string, value: unknown): Promise<Envelope<unknown>>;
  restore?(id: RecordId): Promise<Envelope<unknown>>;
  destroy?(id: RecordId): Promise<Envelope<unknown>>;
  resetpassword?(id: RecordId): Promise<Envelope<unknown>>;
  export?(query: ListFilters): Promise<Blob>;
  importtemplate?(): Promise<Blob>;
  import?(file: File): Promise<Envelope<unknown>>;
}

/**
 * Query keys of the module's list calls: orval's own key functions, so the CRUD screens and any
 * generated hook share one key scheme (`['/api/adminnotice/list', params]`); called without
 * a query they give the prefix that invalidates every page.
 */
export interface ModuleQueryKeys {
  list?(query?: ListQuery): readonly unknown[];
  mylist?(query?: ListQuery): readonly unknown[];
  recycle?(query?: ListQuery): readonly unknown[];
}

export interface ModuleDefinition<TRow = ModuleRecord> {
  /** Module key, kebab-case (file names). */
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
  /**
   * An imported source's add form where the create call's body differs from `fields` (the
   * record's): its fields, or the variants of a `oneOf` body. Absent: the add form is `fields`.
   */
  addForm?: RequestForm;
  /** The edit form where the update call's body differs from the add form. Absent: as add. */
  editForm?: RequestForm;
  columns: ColumnDefinition[];
  /** Fields offered as list filters; the keyword box is always there. */
  searchFields: FieldDefinition[];
  /** Present when the contract declares the records a tree (the screen is a tree table). */
  tree?: TreeDefinition;
  queryKeys: ModuleQueryKeys;
  api: ModuleApi<TRow>;
  /** The largest page the API serves (an imported source's declared maximum): larger page sizes are not offered. */
  maxPageSize?: number;
}

/**
 * A row's primary key value. Every list and tree row carries it; a row without one (a server
 * answer that broke the contract) is refused here instead of being acted on as `undefined`.
 */
export function recordIdOf(row: ModuleRecord, primaryKey: string): RecordId {
  const id = row[primaryKey];
  if (typeof id === 'number' || typeof id === 'string') return id;
  throw new Error(`a row without its primary key "${primaryKey}"`);
}
