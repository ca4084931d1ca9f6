/**
 * Shared types of the generator pipeline: parse → model → render → write.
 */
import type { Capability, ColumnDefinition, TreeDefinition } from '../src/core/module';
import type { ScreenMenuEntry } from '../src/core/screen';
import type { FieldDefinition } from '../src/core/field-definition';

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, unknown>>;
  tags?: Record<string, unknown>[];
  components: Record<string, Record<string, unknown>>;
};

/** JSON type of a schema property, decided from `type` (and `$ref`/`items`). */
export type FieldKind =
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'array'
  | 'object'
  | 'unknown';

/** How a module capability's orval function is called from the generic ModuleApi. */
export type CallShape =
  | 'query' // list, mylist, recycle, export: the ListQuery as query parameters
  | 'none' // importtemplate: no argument
  | 'idObject' // IdObjectBody: { id: { id } }
  | 'id' // IdBody: { id }
  | 'idList' // a bare list of ids: [id]
  | 'status' // StatusBody: { id, status }
  | 'updateField' // UpdateFieldBody: { id, field, value }
  | 'record' // add, edit: the record itself
  | 'file'; // import: multipart { importfile }

export interface OperationBinding {
  capability: Capability;
  operationId: string;
  /** Name of orval's plain (non-hook) function. */
  functionName: string;
  method: string;
  path: string;
  call: CallShape;
}

/** One entity property carrying x-admin: the model step's per-field decisions. */
export interface FieldModel {
  name: string;
  /** Shown in add/edit forms. */
  form: boolean;
  required: boolean;
  primary: boolean;
  search?: 'keyword' | 'filter';
  /** The schema marks it writeOnly (a password): never answered by the mock. */
  writeOnly: boolean;
  definition: FieldDefinition;
  column?: ColumnDefinition;
}

/**
 * A module's field lists, each in property order, named as the generated ModuleDefinition
 * (formFields → `fields`) and MockModuleRegistration name them.
 */
export interface ModuleFields {
  /** Add/edit form fields. */
  formFields: FieldDefinition[];
  columns: ColumnDefinition[];
  /** List filters: the `search: filter` fields, never required and starting empty. */
  searchFields: FieldDefinition[];
  /** Mock: fields the keyword search looks in. */
  keywordFields: string[];
  /** Mock: fields filtered on with an exact value (the searchFields' names). */
  filterFields: string[];
  /** Mock: fields add/edit must carry (the primary key never is). */
  requiredFields: { field: string; label: string }[];
  /** Mock: [field, header] of each column, the export and import-template order. */
  exportColumns: [string, string][];
  /** Mock: fields never answered. */
  writeOnlyFields: string[];
}

export interface ModuleNames {
  /** Module definition path under generated/, e.g. modules/notice.ts. */
  moduleFile: string;
  /** Its import specifier, e.g. @generated/modules/notice. */
  moduleImport: string;
  /** Its export, e.g. noticeModule. */
  moduleConst: string;
  /** Mock registration path under generated/, e.g. mocks/notice.ts. */
  mockFile: string;
  /** Its export, e.g. noticeMock. */
  mockConst: string;
  /** Page path under generated/, e.g. pages/notice/notice-page.tsx. */
  pageFile: string;
  /** Its import specifier from generated/routes.ts, e.g. ./pages/notice/notice-page. */
  pageImport: string;
  /** Page component, e.g. NoticePage. */
  pageComponent: string;
  /** Import specifier of orval's tag file, e.g. @generated/api/adminnotice/adminnotice. */
  apiImport: string;
}

export interface ModuleModel extends ModuleFields {
  key: string;
  tag: string;
  group: string;
  title: string;
  route: string;
  entity: string;
  primaryKey: string;
  statusField?: string;
  createTimeField?: string;
  ownerField?: string;
  permissionKey: string;
  keepAlive: boolean;
  /**
   * `x-admin.screen: hand-written`: a feature supplies the page, so none is generated; the
   * screen registry describes the screen without `load`.
   */
  handWritten: boolean;
  /** `x-admin.tree`: the records form a tree and the generated page is a tree table. */
  tree?: TreeDefinition;
  /** Sub-screens: the list screen they belong to (its tab stays active). */
  parentPath?: string;
  hideTitle?: boolean;
  /** Where the screen sits in the menu; absent for screens reached only from another one. */
  menu?: ScreenMenuEntry;
  /** Demo pending-count badge (`wait_num`) of the generated menu row. */
  menuWaitNum?: number;
  /** The module whose seed is the menu table: generated menu rows are appended to it. */
  menuTable: boolean;
  capabilities: Capability[];
  /** One per capability, in `capabilities` order. */
  operations: OperationBinding[];
  seed: Record<string, unknown>[];
  names: ModuleNames;
}

export interface GeneratedFile {
  /** POSIX path relative to the output directory, e.g. modules/notice.ts. */
  path: string;
  content: string;
}

export interface GenerateReport {
  created: string[];
  updated: string[];
  unchanged: string[];
  deleted: string[];
  modules: string[];
  operations: number;
  lint: { errors: number; warnings: number };
  durationMs: number;
  /** Milliseconds per stage: load, lint, model, render, format, plan (and write). */
  stages: Record<string, number>;
}
