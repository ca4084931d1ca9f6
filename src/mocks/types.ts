/**
 * What the generator emits per module for the mock backend (generated/mocks/*), and what the
 * engine (src/mocks) turns into stateful handlers. Generic semantics live once in the engine.
 */
import type { Capability } from '@/core/module';
import type { FieldDefinition } from '@/core/field-definition';

export type MockRow = Record<string, unknown>;

export interface MockModuleRegistration {
  key: string;
  /** The `/api/{group}` segment the handlers answer under. */
  group: string;
  primaryKey: string;
  /** Field switched by `disable` (1 on / 2 off). */
  statusField?: string;
  /** Field holding the creation time in seconds, set on add. */
  createTimeField?: string;
  /** Field naming the owner, filtered by `mylist` (defaults to the signed-in username). */
  ownerField?: string;
  capabilities: readonly Capability[];
  /** Fields the keyword search looks in. */
  keywordFields: readonly string[];
  /** Fields that can be filtered on with an exact value. */
  filterFields: readonly string[];
  /** Required fields: add/edit without them answer status 201 with the label in msg. */
  requiredFields: readonly { field: string; label: string }[];
  /** Column order for export and the import template: [field, header]. */
  exportColumns: readonly (readonly [string, string])[];
  seed: readonly MockRow[];
  /**
   * Optional: fields never sent back (the schema's writeOnly properties). `password` is
   * always stripped; the generator may emit more.
   */
  writeOnlyFields?: readonly string[];
  /**
   * Optional: the module's field definitions in the spec's cf_* shape, answered by
   * /api/field/getfieldarrbymodule for this module.
   */
  fields?: readonly FieldDefinition[];
  /**
   * Optional: the module-designer module whose fields this module's forms use, when it is not
   * the module itself (the runtime module `common` uses the designer's `Deal`).
   */
  fieldsModule?: string;
}
