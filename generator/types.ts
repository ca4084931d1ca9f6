/**
 * Shared types of the generator pipeline: parse → model → render → write.
 */
import type { Capability, ColumnDefinition } from '../src/components/crud/module-definition';
import type { ControlType, FieldDefinition } from '../src/components/form/field-definition';

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

export interface FieldModel {
  name: string;
  kind: FieldKind;
  label: string;
  control: ControlType;
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

export interface ModuleNames {
  /** generated/modules/<key>.ts export, e.g. noticeModule. */
  moduleConst: string;
  /** generated/mocks/<key>.ts export, e.g. noticeMock. */
  mockConst: string;
  /** Page component, e.g. NoticePage. */
  pageComponent: string;
  /** Page path under generated/, e.g. pages/notice/notice-page.tsx. */
  pageFile: string;
  /** Import specifier of orval's tag file, e.g. @generated/api/adminnotice/adminnotice. */
  apiImport: string;
}

export interface ModuleModel {
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
  capabilities: Capability[];
  fields: FieldModel[];
  operations: OperationBinding[];
  seed: Record<string, unknown>[];
  names: ModuleNames;
}

export interface GeneratedFile {
  /** POSIX path relative to the output directory, e.g. modules/notice.ts. */
  path: string;
  content: string;
}

export type FileStatus = 'created' | 'updated' | 'unchanged' | 'deleted';

export interface GenerateReport {
  created: string[];
  updated: string[];
  unchanged: string[];
  deleted: string[];
  modules: string[];
  operations: number;
  lint: { errors: number; warnings: number };
  durationMs: number;
}
