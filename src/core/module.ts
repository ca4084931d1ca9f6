/**
 * What a CRUD module is made of, as data: the capabilities a contract tag may declare, list
 * columns, record and paging shapes. Dependency-free so that the generator, the app and the
 * mock backend share one definition.
 */
import type { FieldDefinition } from './field-definition';

export const CAPABILITIES = [
  'list',
  'info',
  'add',
  'edit',
  'delete',
  'disable',
  'updatefield',
  'recycle',
  'restore',
  'destroy',
  'import',
  'export',
  'importtemplate',
  'mylist',
  'resetpassword',
] as const;

export type Capability = (typeof CAPABILITIES)[number];

export type RecordId = number | string;
export type ModuleRecord = Record<string, unknown>;

/** Query of every list call: paging plus keyword and per-field filters. */
export interface ListQuery {
  pageindex: number;
  pagesize: number;
  keyword?: string;
  [filter: string]: string | number | undefined;
}

/** The `data` of a list answer (same shape as the attachment list of spec section 7). */
export interface ListPage<TRow = ModuleRecord> {
  data: TRow[];
  allcount: number;
  pageindex: number;
  pagesize: number;
}

export type ColumnFormat = 'text' | 'datetime' | 'status' | 'switch' | 'image' | 'number' | 'tag';

export interface ColumnDefinition {
  field: string;
  header: string;
  format: ColumnFormat;
  /** Editable in place through `updatefield`. */
  editable?: boolean;
  sortable?: boolean;
  /** Options used to show a value's label (select/radio columns). */
  options?: FieldDefinition['optionData'];
  /**
   * Where the labels are looked up when they are not static (dictionary or API options,
   * department trees): the list shows 研发部, not the stored id 3.
   */
  optionSource?: Pick<
    FieldDefinition,
    'cf_control' | 'cf_sourcetype' | 'cf_dictionary' | 'cf_method' | 'optionsFrom'
  >;
}

/**
 * A module whose records form a tree (`x-admin.tree` of its tag): the generated screen is a
 * tree table instead of a paged list.
 */
export interface TreeDefinition {
  /** The field naming the parent record (0 or absent at the top). */
  parentField: string;
  /**
   * Children are asked for when a node opens (`list {parentField: id}`) instead of the whole
   * tree at once — for trees too big to load whole (provinces → cities → districts).
   */
  lazyChildren: boolean;
  /**
   * Lazy trees only: a row whose `field` equals `value` has no children (districts at level 3),
   * so it shows no expand toggle.
   */
  leaf?: { field: string; value: number | string };
}
