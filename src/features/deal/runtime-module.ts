/**
 * A CRUD module known only at run time (spec section 7, "dynamic forms and generic modules"):
 * its form fields come from POST /api/field/getfieldarrbymodule, its calls are the generic
 * /api/{module}/… ones. Built here as the same ModuleDefinition a generated module is, so the
 * shared CRUD blocks serve it unchanged.
 */
import {
  moduleAdd,
  moduleDelete,
  moduleDestroy,
  moduleEdit,
  moduleExport,
  moduleImport,
  moduleImporttemplate,
  moduleInfo,
  moduleList,
  moduleMylist,
  moduleRecycle,
  moduleRestore,
} from '@generated/api/module/module';
import type { Capability, ColumnDefinition, ModuleDefinition } from '@/components/crud';
import { withDesignFlags, type DesignFlags } from '@/core/design-flags';
import { UPLOAD_CONTROLS, type ControlType, type FieldDefinition } from '@/core/field-definition';

/** The module /deal/common shows without `?module=` (its fields: designer module Deal). */
export const DEFAULT_MODULE = 'common';
/** The designer module whose title names the default module. */
export const DEFAULT_MODULE_DESIGN = 'deal';

/** The calls of spec section 7's generic paths (no status switch, no in-place edit). */
export const GENERIC_MODULE_CAPABILITIES: readonly Capability[] = [
  'list',
  'mylist',
  'info',
  'add',
  'edit',
  'delete',
  'recycle',
  'restore',
  'destroy',
  'import',
  'export',
  'importtemplate',
];

/** A module name the generic paths accept: letters, digits and underscores. */
export function isModuleName(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(name);
}

/** The `{module}` path segment: the lower-cased module name (spec section 7). */
export function moduleGroup(name: string): string {
  return name.toLowerCase();
}

const IMAGE_CONTROLS: readonly ControlType[] = [
  'UploadImg',
  'UploadImgArr',
  'UploadAttachment',
  'UploadAttachmentArr',
];
/** Long or secret values a list does not show unless the designer says so. */
const DETAIL_ONLY: readonly ControlType[] = ['editor', 'textarea', 'password'];
const LOOKED_UP: readonly ControlType[] = ['Department', 'DepartmentAuth', 'SelectTree', 'city'];

/** Does the list show this field? The designer's 列表显示 (cf_islist) when it is sent. */
export function isListField(field: FieldDefinition & { cf_islist?: unknown }): boolean {
  if (field.cf_islist !== undefined && field.cf_islist !== null && field.cf_islist !== '')
    return Number(field.cf_islist) === 1;
  if (field.cf_ispri === 1) return true;
  if (DETAIL_ONLY.includes(field.cf_control)) return false;
  return !UPLOAD_CONTROLS.includes(field.cf_control) || IMAGE_CONTROLS.includes(field.cf_control);
}

/** The list column of one field: option values shown as their labels. */
export function columnOf(field: FieldDefinition): ColumnDefinition {
  const base = { field: field.cf_fieldname, header: field.cf_name };
  const control = field.cf_control;
  if (field.cf_ispri === 1) return { ...base, format: 'number', sortable: true };
  if (IMAGE_CONTROLS.includes(control)) return { ...base, format: 'image' };
  if (control === 'Switch') return { ...base, format: 'switch' };
  if (control === 'DateTimePicker') return { ...base, format: 'datetime', sortable: true };
  if (control === 'InputNumber' || control === 'Slider')
    return { ...base, format: 'number', sortable: true };
  const sourced = field.cf_sourcetype === 'DICTIONARY' || field.cf_sourcetype === 'API';
  if (sourced || LOOKED_UP.includes(control)) {
    const { cf_sourcetype, cf_dictionary, cf_method } = field;
    return {
      ...base,
      format: 'tag',
      optionSource: { cf_control: control, cf_sourcetype, cf_dictionary, cf_method },
    };
  }
  if (field.optionData?.length) return { ...base, format: 'tag', options: field.optionData };
  return { ...base, format: 'text', sortable: control === 'DatePicker' };
}

export interface RuntimeModuleInput {
  /** The module name as designed (e.g. common, Project). */
  name: string;
  /** Chinese title shown on the screen. */
  title: string;
  /** The screen whose route `operate` list guards the buttons. */
  route: string;
  fields: readonly FieldDefinition[];
  /**
   * The designer's switches (回收站, 导入导出, 我的列表) when the module is designed in 后台设计;
   * absent, no design governs it and every generic call is offered.
   */
  flags?: DesignFlags;
}

/**
 * The ModuleDefinition of a run-time module: form fields, list columns and the generic calls
 * its design switches on (the shared CRUD blocks offer what `capabilities` lists; without the
 * recycle bin their delete asks for, and makes, a permanent delete). The prilist keys are the upper-cased module name plus the action (<MODULE>_ADD guards submit).
 */
export function runtimeModuleDefinition({
  name,
  title,
  route,
  fields,
  flags,
}: RuntimeModuleInput): ModuleDefinition {
  const group = moduleGroup(name);
  const primary = fields.find((field) => field.cf_ispri === 1)?.cf_fieldname ?? 'id';
  const idBody = (id: string | number) => ({ id: { id } });
  return {
    key: group,
    group,
    title,
    route,
    primaryKey: primary,
    permissionKey: group.toUpperCase(),
    keepAlive: true,
    capabilities: flags
      ? withDesignFlags(GENERIC_MODULE_CAPABILITIES, flags)
      : GENERIC_MODULE_CAPABILITIES,
    fields: [...fields],
    columns: fields.filter(isListField).map(columnOf),
    // The keyword box is always there; designed modules declare no filter fields.
    searchFields: [],
    queryKeys: {},
    api: {
      list: (query) => moduleList(group, query),
      mylist: (query) => moduleMylist(group, query),
      recycle: (query) => moduleRecycle(group, query),
      info: (id) => moduleInfo(group, idBody(id)),
      add: (body) => moduleAdd(group, body),
      edit: (body) => moduleEdit(group, body),
      delete: (id) => moduleDelete(group, idBody(id)),
      restore: (id) => moduleRestore(group, idBody(id)),
      destroy: (id) => moduleDestroy(group, idBody(id)),
      // A JSON answer here is an error the request client has already shown.
      export: async (query) => (await moduleExport(group, query)) as Blob,
      importtemplate: async () => (await moduleImporttemplate(group)) as Blob,
      import: (file) => moduleImport(group, { importfile: file }),
    },
  };
}
