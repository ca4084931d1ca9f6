/**
 * The field designer's pure rules: a stored field row (cf_options / cf_params as JSON text) as
 * the cf_* definition DynamicForm renders; which inputs of the field editor apply to a control
 * and an option source; the editor's checks (the field-name rules of src/core/field-name, the
 * same the mock backend applies); the body sent to /api/field/add|edit; sort numbers after a
 * drag; and sample values for the 前台设计 answer preview.
 */
import {
  CONTROL_TYPES,
  DEFAULT_MAX_LENGTH,
  UPLOAD_CONTROLS,
  type ControlType,
  type FieldOption,
  type OptionSourceType,
} from '@/core/field-definition';
import { FIELD_NAME_MAX, fieldNameProblem } from '@/core/field-name';
import type { DesignedField } from './module-fragment';
import { designer as t } from '@/locale/designer';
import type { ModuleField } from '@generated/api/model/moduleField';
import { isRecord } from '@/core/guards';

export { CONTROL_TYPES };

/** A stored field row (the list answers it with its id). */
export type FieldRow = ModuleField & { id: number };

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return undefined;
  }
}

function isOption(value: unknown): value is FieldOption {
  return (
    isRecord(value) &&
    typeof value.label === 'string' &&
    (typeof value.value === 'string' || typeof value.value === 'number')
  );
}

function optionsOf(text: unknown): FieldOption[] | undefined {
  const parsed = parseJson(text);
  return Array.isArray(parsed) && parsed.every(isOption) ? parsed : undefined;
}

function paramsOf(text: unknown): Record<string, unknown> | undefined {
  const parsed = parseJson(text);
  return isRecord(parsed) ? parsed : undefined;
}

/** The stored rows of a field list answer (a stored row has its id; one without is skipped). */
export function storedRows(rows: readonly ModuleField[]): FieldRow[] {
  return rows.flatMap((row) => (row.id === undefined ? [] : [{ ...row, id: row.id }]));
}

/** Rows in form order: by sort number, then by id. */
export function sortedRows<T extends Pick<FieldRow, 'id' | 'cf_sort'>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.cf_sort ?? 0) - (b.cf_sort ?? 0) || a.id - b.id);
}

/** A stored row as the definition the form engine renders (empty texts left out). */
export function fieldOfRow(row: ModuleField): DesignedField {
  const field: DesignedField = {
    cf_name: row.cf_name,
    cf_fieldname: row.cf_fieldname,
    cf_control: row.cf_control,
    cf_ispri: row.cf_ispri === 1 ? 1 : 0,
  };
  if (row.cf_placeholder) field.cf_placeholder = row.cf_placeholder;
  if (row.cf_length) field.cf_length = row.cf_length;
  if (row.cf_default !== undefined && row.cf_default !== '') field.cf_default = row.cf_default;
  if (row.cf_validate === 'require') field.cf_validate = 'require';
  if (row.cf_sourcetype) field.cf_sourcetype = row.cf_sourcetype;
  if (row.cf_dictionary) field.cf_dictionary = row.cf_dictionary;
  if (row.cf_method) field.cf_method = row.cf_method;
  const options = optionsOf(row.cf_options);
  if (options) field.optionData = options;
  const params = paramsOf(row.cf_params);
  if (params && Object.keys(params).length) field.parameData = params;
  if (row.cf_islist === 2) field.cf_islist = 2;
  return field;
}

// --- which inputs apply ----------------------------------------------------------------------

/** Controls whose options the designer chooses a source for. */
const SOURCED_CONTROLS: readonly ControlType[] = [
  'radio',
  'select',
  'selectAll',
  'checkbox',
  'SelectTree',
];
/** The department controls read fixed dictionaries (spec section 6: Dep and DepAuth). */
export const DEPARTMENT_DICTIONARIES: Partial<Record<ControlType, string>> = {
  Department: 'Dep',
  DepartmentAuth: 'DepAuth',
};

export type ParamName =
  | 'min'
  | 'max'
  | 'step'
  | 'precision'
  | 'checkStrictly'
  | 'fileLimit'
  | 'fileSize'
  | 'fileType'
  | 'pattern';

const PARAMS: Partial<Record<ControlType, readonly ParamName[]>> = {
  input: ['pattern'],
  InputNumber: ['min', 'max', 'step', 'precision'],
  Slider: ['min', 'max', 'step'],
  TimePicker: ['step'],
  SelectTree: ['checkStrictly'],
};
const UPLOAD_PARAMS: readonly ParamName[] = ['fileLimit', 'fileSize', 'fileType'];

export interface ControlTraits {
  placeholder: boolean;
  length: boolean;
  defaultValue: boolean;
  required: boolean;
  primaryKey: boolean;
  /** The designer picks STATIC / DICTIONARY / API. */
  sourced: boolean;
  params: readonly ParamName[];
}

/** The inputs of the field editor that mean something for `control`. */
export function controlTraits(control: ControlType): ControlTraits {
  const upload = UPLOAD_CONTROLS.includes(control);
  const toggles = control === 'Switch' || control === 'Slider';
  return {
    placeholder: !upload && !toggles && !['radio', 'checkbox'].includes(control),
    length: control in DEFAULT_MAX_LENGTH,
    defaultValue: !upload && control !== 'password' && control !== 'editor',
    // A switch always holds 1 or 2: nothing to require.
    required: control !== 'Switch',
    primaryKey: control === 'input',
    sourced: SOURCED_CONTROLS.includes(control),
    params: upload ? UPLOAD_PARAMS : (PARAMS[control] ?? []),
  };
}

// --- the editor's draft ----------------------------------------------------------------------

export interface OptionDraft {
  label: string;
  value: string;
}

export interface FieldDraft {
  id?: number;
  cf_name: string;
  cf_fieldname: string;
  cf_control: ControlType;
  cf_placeholder: string;
  cf_length: number | null;
  cf_default: string;
  required: boolean;
  primaryKey: boolean;
  cf_sourcetype: OptionSourceType;
  cf_dictionary: string;
  cf_method: string;
  options: OptionDraft[];
  params: Partial<Record<ParamName, string | boolean>>;
  listed: boolean;
  cf_sort: number;
}

export function draftOf(row: FieldRow | undefined, nextSort: number): FieldDraft {
  const field = row ? fieldOfRow(row) : undefined;
  const params: FieldDraft['params'] = {};
  for (const [key, value] of Object.entries(field?.parameData ?? {}))
    params[key as ParamName] = typeof value === 'boolean' ? value : String(value);
  return {
    id: row?.id,
    cf_name: row?.cf_name ?? '',
    cf_fieldname: row?.cf_fieldname ?? '',
    cf_control: row?.cf_control ?? 'input',
    cf_placeholder: row?.cf_placeholder ?? '',
    cf_length: row?.cf_length ? row.cf_length : null,
    cf_default: row?.cf_default ?? '',
    required: row?.cf_validate === 'require',
    primaryKey: row?.cf_ispri === 1,
    cf_sourcetype: row?.cf_sourcetype ?? 'STATIC',
    cf_dictionary: row?.cf_dictionary ?? '',
    cf_method: row?.cf_method ?? '',
    options: (field?.optionData ?? []).map((option) => ({
      label: option.label,
      value: String(option.value),
    })),
    params,
    listed: row?.cf_islist !== 2,
    cf_sort: row?.cf_sort ?? nextSort,
  };
}

export type DraftProblems = Partial<
  Record<'cf_name' | 'cf_fieldname' | 'cf_length' | 'options' | 'source', string>
>;

/** An option's value as stored: whole numbers as numbers, anything else as text. */
export function optionValue(text: string): string | number {
  const trimmed = text.trim();
  return /^-?\d{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

const METHOD = /^[a-z][a-z0-9]*$/;

/**
 * The editor's checks; `taken` holds the module's other field names. Empty when it may be
 * saved. A stored name kept as it is (a seeded `id` primary key) is not judged again.
 */
export function draftProblems(
  draft: FieldDraft,
  taken: readonly string[],
  storedName?: string,
): DraftProblems {
  const problems: DraftProblems = {};
  const name = draft.cf_name.trim();
  if (!name) problems.cf_name = t.formProblems.nameRequired;
  else if (name.length > 50) problems.cf_name = t.formProblems.nameTooLong;
  if (draft.cf_fieldname !== storedName || taken.includes(draft.cf_fieldname)) {
    const problem = fieldNameProblem(draft.cf_fieldname, taken);
    if (problem) problems.cf_fieldname = t.fieldName(problem, draft.cf_fieldname);
  }
  const traits = controlTraits(draft.cf_control);
  if (traits.length && draft.cf_length !== null && (draft.cf_length < 0 || draft.cf_length > 65535))
    problems.cf_length = t.formProblems.lengthRange;
  if (traits.sourced && draft.cf_sourcetype === 'STATIC') {
    const values = draft.options.map((option) => option.value.trim());
    const duplicate = values.find((value, index) => value && values.indexOf(value) !== index);
    if (draft.options.length === 0) problems.options = t.formProblems.optionsRequired;
    else if (draft.options.some((option) => !option.label.trim() || !option.value.trim()))
      problems.options = t.formProblems.optionIncomplete;
    else if (duplicate !== undefined) problems.options = t.formProblems.optionDuplicate(duplicate);
  }
  if (traits.sourced && draft.cf_sourcetype === 'DICTIONARY' && !draft.cf_dictionary.trim())
    problems.source = t.formProblems.dictionaryRequired;
  if (traits.sourced && draft.cf_sourcetype === 'API') {
    if (!draft.cf_method.trim()) problems.source = t.formProblems.methodRequired;
    else if (!METHOD.test(draft.cf_method.trim())) problems.source = t.formProblems.methodPattern;
  }
  return problems;
}

function paramValue(name: ParamName, value: string | boolean): unknown {
  if (name === 'checkStrictly') return value === true;
  if (name === 'pattern' || name === 'fileType') return String(value).trim();
  const n = Number(value);
  return String(value).trim() !== '' && Number.isFinite(n) ? n : undefined;
}

/** The body of /api/field/add (and edit, with the id). */
export function draftBody(draft: FieldDraft, moduleId: number): ModuleField {
  const traits = controlTraits(draft.cf_control);
  const department = DEPARTMENT_DICTIONARIES[draft.cf_control];
  const params: Record<string, unknown> = {};
  for (const name of traits.params) {
    const raw = draft.params[name];
    if (raw === undefined || raw === '') continue;
    const value = paramValue(name, raw);
    if (value !== undefined && value !== '' && value !== false) params[name] = value;
  }
  const source: OptionSourceType = department
    ? 'DICTIONARY'
    : traits.sourced
      ? draft.cf_sourcetype
      : 'STATIC';
  const options =
    traits.sourced && source === 'STATIC'
      ? draft.options.map((option) => ({
          label: option.label.trim(),
          value: optionValue(option.value),
        }))
      : [];
  return {
    ...(draft.id ? { id: draft.id } : {}),
    module_id: moduleId,
    cf_name: draft.cf_name.trim(),
    cf_fieldname: draft.cf_fieldname,
    cf_control: draft.cf_control,
    cf_placeholder: traits.placeholder ? draft.cf_placeholder.trim() : '',
    cf_length: traits.length && draft.cf_length ? draft.cf_length : 0,
    cf_default: traits.defaultValue ? draft.cf_default.trim() : '',
    cf_validate: traits.required && draft.required ? 'require' : 'none',
    cf_ispri: traits.primaryKey && draft.primaryKey ? 1 : 0,
    cf_sourcetype: source,
    cf_dictionary: department ?? (source === 'DICTIONARY' ? draft.cf_dictionary.trim() : ''),
    cf_method: source === 'API' && !department ? draft.cf_method.trim() : '',
    cf_options: options.length ? JSON.stringify(options) : '',
    cf_params: Object.keys(params).length ? JSON.stringify(params) : '',
    cf_islist: draft.listed ? 1 : 2,
    cf_sort: draft.cf_sort,
  };
}

/** Longest field name the editor accepts (shown as the input's limit). */
export const FIELD_NAME_LIMIT = FIELD_NAME_MAX;

// --- order -----------------------------------------------------------------------------------

/**
 * The sort numbers after the rows were put in `ordered` order: 1, 2, 3… for every row whose
 * number changes (only those are saved).
 */
export function resortedRows(ordered: readonly FieldRow[]): { id: number; cf_sort: number }[] {
  return ordered.flatMap((row, index) =>
    row.cf_sort === index + 1 ? [] : [{ id: row.id, cf_sort: index + 1 }],
  );
}

// --- 前台设计 answer preview -------------------------------------------------------------------

/** A plausible value of a field, by control, for the answer-shape preview. */
export function sampleValue(field: DesignedField): unknown {
  const first = field.optionData?.[0]?.value;
  switch (field.cf_control) {
    case 'InputNumber':
      return 1;
    case 'Slider':
      return 50;
    case 'Switch':
      return 1;
    case 'DatePicker':
      return '2025-12-01';
    case 'DateTimePicker':
      return '2025-12-01 09:30';
    case 'TimePicker':
      return '09:30';
    case 'radio':
    case 'select':
    case 'SelectTree':
      return first ?? 1;
    case 'Department':
    case 'DepartmentAuth':
      return 2;
    case 'selectAll':
    case 'checkbox':
      return first === undefined ? [1] : [first];
    case 'city':
      return ['440000', '440100'];
    case 'editor':
      return '<p>正文内容</p>';
    case 'password':
      return '********';
    default:
      if (UPLOAD_CONTROLS.includes(field.cf_control))
        return '[{"att_id":1,"att_title":"示例.png","att_url":"/storage/image/示例.png"}]';
      return field.cf_name;
  }
}

/** What the call answers (list, info) or accepts and answers (add, edit), with sample values. */
export function callShape(
  action: 'list' | 'info' | 'add' | 'edit',
  record: Record<string, unknown>,
): unknown {
  const envelope = (data: unknown) => ({ status: 200, msg: '操作成功', data });
  if (action === 'list')
    return envelope({ data: [{ id: 1, ...record }], allcount: 1, pageindex: 1, pagesize: 10 });
  if (action === 'info')
    return { request: { id: { id: 1 } }, answer: envelope({ id: 1, ...record }) };
  return {
    request: action === 'edit' ? { id: 1, ...record } : record,
    answer: envelope(null),
  };
}
