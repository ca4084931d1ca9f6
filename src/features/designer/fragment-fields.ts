/**
 * 导出契约, the fields: a designed field (cf_* definition) as a property of the fragment's entity
 * schema — its JSON schema by control, plus the x-admin the generator reads (label, control,
 * column, options, default) in the key order of the hand-written fragments. Part of
 * ./module-fragment.ts, which assembles the fragment.
 */
import {
  DEFAULT_MAX_LENGTH,
  NUMBER_DEFAULTS,
  UPLOAD_CONTROLS,
  type ControlType,
  type FieldDefinition,
  type FieldOption,
} from '@/core/field-definition';
import type { YamlMap, YamlValue } from '@/core/yaml-text';

/** A designed field: its cf_* definition plus whether the list shows it (cf_islist 2: no). */
export interface DesignedField extends FieldDefinition {
  cf_islist?: number;
}

const FILE_TEXT_MAX = 4000;
const EDITOR_MAX = 65535;

function valueType(options: readonly FieldOption[] | undefined): YamlValue {
  if (options?.length && options.every((option) => Number.isInteger(option.value)))
    return 'integer';
  if (options?.length && options.every((option) => typeof option.value === 'string'))
    return 'string';
  // Options from a dictionary or a call: ids or codes.
  return ['integer', 'string'];
}

/** A scalar choice: its type, and its enum when the options are static and flat. */
function choiceSchema(field: DesignedField): YamlMap {
  const options =
    field.cf_sourcetype === 'API' || field.cf_sourcetype === 'DICTIONARY'
      ? undefined
      : field.optionData;
  const flat = options?.length && options.every((option) => !option.children?.length);
  return {
    type: valueType(options),
    ...(flat ? { enum: options.map((option) => option.value) } : {}),
  };
}

function numberParam(field: DesignedField, name: string): number | undefined {
  const raw = field.parameData?.[name];
  const n = raw === '' || raw === null || raw === undefined ? NaN : Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

function textLength(field: DesignedField): number {
  const own = Number(field.cf_length);
  if (Number.isFinite(own) && own > 0) return own;
  return DEFAULT_MAX_LENGTH[field.cf_control] ?? (field.cf_control === 'editor' ? EDITOR_MAX : 50);
}

/** The JSON schema of a designed field's value, by control. */
function valueSchema(field: DesignedField): YamlMap {
  const control: ControlType = field.cf_control;
  const pattern =
    typeof field.parameData?.pattern === 'string' ? field.parameData.pattern : undefined;
  switch (control) {
    case 'input':
    case 'textarea':
    case 'editor':
      return { type: 'string', maxLength: textLength(field), pattern };
    case 'password':
      return { type: 'string', maxLength: textLength(field), pattern, writeOnly: true };
    case 'InputNumber': {
      const precision = numberParam(field, 'precision') ?? NUMBER_DEFAULTS.precision;
      return {
        type: precision === 0 ? 'integer' : 'number',
        minimum: numberParam(field, 'min') ?? NUMBER_DEFAULTS.min,
        maximum: numberParam(field, 'max') ?? NUMBER_DEFAULTS.max,
      };
    }
    case 'Slider':
      return {
        type: 'integer',
        minimum: numberParam(field, 'min') ?? 0,
        maximum: numberParam(field, 'max') ?? 100,
      };
    case 'Switch':
      return { type: 'integer', enum: [1, 2], description: '1 是（开），2 否（关）。' };
    case 'DatePicker':
      return { type: 'string', format: 'date', description: 'YYYY-MM-DD。' };
    case 'DateTimePicker':
      return { type: 'string', description: 'YYYY-MM-DD HH:mm。' };
    case 'TimePicker':
      return { type: 'string', description: 'HH:mm。' };
    case 'radio':
    case 'select':
    case 'SelectTree':
      return choiceSchema(field);
    case 'Department':
    case 'DepartmentAuth':
      return {
        type: 'integer',
        minimum: 1,
        description: `部门 ID（字典 ${control === 'Department' ? 'Dep' : 'DepAuth'}）。`,
      };
    case 'selectAll':
    case 'checkbox':
      return { type: 'array', uniqueItems: true, items: choiceSchema(field) };
    case 'city':
      return {
        type: 'array',
        maxItems: 2,
        items: { type: 'string', pattern: '^[0-9]{6}$' },
        description: '省、市行政区划代码路径，如 ["440000","440100"]。',
      };
    default:
      // The upload and attachment controls (UPLOAD_CONTROLS) store the files' JSON text.
      return {
        type: 'string',
        maxLength: FILE_TEXT_MAX,
        description: '附件 JSON 文本数组：[{att_id, att_title, att_url}]；空串表示无。',
      };
  }
}

/** The list column of a field (cf_islist 2: not listed). */
function columnOf(field: DesignedField): YamlValue {
  if (field.cf_islist === 2 || field.cf_control === 'password' || field.cf_control === 'editor')
    return false;
  if (field.cf_control === 'Switch') return { format: 'switch' };
  if (field.cf_control === 'InputNumber' || field.cf_control === 'Slider')
    return { format: 'number' };
  if (field.cf_control === 'UploadImg') return { format: 'image' };
  if (UPLOAD_CONTROLS.includes(field.cf_control)) return false;
  if (
    (field.cf_control === 'radio' || field.cf_control === 'select') &&
    field.cf_sourcetype !== 'API' &&
    field.cf_sourcetype !== 'DICTIONARY'
  )
    return { format: 'tag' };
  return true;
}

/** A static option as the fragment lists it (label and value, and what else it has). */
function optionYaml(option: FieldOption): YamlMap {
  return {
    label: option.label,
    value: option.value,
    disabled: option.disabled,
    children: option.children?.map(optionYaml),
  };
}

/**
 * A control parameter (parameData, read from a stored JSON text) as YAML: texts, numbers, flags
 * and lists or maps of them; anything else is left out.
 */
function yamlOf(value: unknown): YamlValue | undefined {
  if (value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (Array.isArray(value))
    return value.flatMap((item) => {
      const yaml = yamlOf(item);
      return yaml === undefined ? [] : [yaml];
    });
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, yamlOf(item)]));
  return undefined;
}

/** cf_default in the schema's type (numbers stay numbers); undefined when there is none. */
function defaultOf(field: DesignedField, schema: YamlMap): YamlValue | undefined {
  const given = field.cf_default;
  if (given === undefined || given === null || given === '') return undefined;
  if (schema.type === 'array') return undefined;
  const numeric = schema.type === 'integer' || schema.type === 'number';
  if (numeric || (Array.isArray(schema.type) && /^-?\d+$/.test(String(given)))) {
    const n = Number(given);
    return Number.isFinite(n) ? n : undefined;
  }
  return typeof given === 'boolean' ? given : String(given);
}

/** The field's x-admin, in the key order of the hand-written fragments. */
function fieldAdmin(field: DesignedField, schema: YamlMap): YamlMap {
  const { pattern: _pattern, format: _format, ...params } = field.parameData ?? {};
  const length = Number(field.cf_length);
  const text = field.cf_control === 'input' || field.cf_control === 'textarea';
  const sourced = field.cf_sourcetype ?? (field.optionData?.length ? 'STATIC' : undefined);
  return {
    label: field.cf_name,
    control: field.cf_control,
    column: columnOf(field),
    search: text && columnOf(field) !== false ? 'keyword' : undefined,
    required: field.cf_validate === 'require',
    length: Number.isFinite(length) && length > 0 ? length : undefined,
    placeholder: field.cf_placeholder ? field.cf_placeholder : undefined,
    default: defaultOf(field, schema),
    source: sourced,
    dictionary: sourced === 'DICTIONARY' && field.cf_dictionary ? field.cf_dictionary : undefined,
    method: sourced === 'API' && field.cf_method ? field.cf_method : undefined,
    options:
      sourced === 'STATIC' && field.optionData?.length
        ? field.optionData.map(optionYaml)
        : undefined,
    params: Object.keys(params).length ? yamlOf(params) : undefined,
    form: true,
  };
}

/** The entity schema's property of a designed field: its value schema and its x-admin. */
export function propertyOf(field: DesignedField): YamlMap {
  const schema = valueSchema(field);
  return { ...schema, 'x-admin': fieldAdmin(field, schema) };
}
