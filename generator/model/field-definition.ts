/** The cf_* definition of one entity property (spec section 3), from its x-admin alone. */
import type {
  FieldDefinition,
  FieldOption,
  OptionSourceType,
} from '../../src/core/field-definition';
import type { ColumnDefinition } from '../../src/core/module';
import type { FieldKind, FieldModel } from '../types';
import { columnDefinition } from './column-format';
import { resolveControl } from './field-control';
import { fieldFormat } from './field-format';
import { fieldKind } from './field-kind';
import { isJson, type Json } from '../json';

const SOURCE_TYPES: readonly OptionSourceType[] = ['STATIC', 'DICTIONARY', 'API'];

function sourceType(value: unknown): OptionSourceType | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(SOURCE_TYPES as readonly string[]).includes(value)) {
    throw new Error(`source ${JSON.stringify(value)} is not one of ${SOURCE_TYPES.join(', ')}`);
  }
  return value as OptionSourceType;
}

function options(value: unknown): FieldOption[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((o) => isJson(o) && typeof o.label === 'string')) {
    throw new Error('options must be a list of { label, value }');
  }
  return value as FieldOption[];
}

/**
 * cf_default is a scalar. Multi-value controls (selectAll, checkbox, *Arr) store their value as
 * JSON text (spec section 3), so a non-empty list default becomes that text; an empty list is
 * the control's own empty value and needs no default.
 *
 * @example defaultValue([]) // undefined
 * @example defaultValue(['add']) // '["add"]'
 */
export function defaultValue(value: unknown): FieldDefinition['cf_default'] {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : JSON.stringify(value);
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
    return value as FieldDefinition['cf_default'];
  }
  throw new Error('default must be a string, number, boolean or null');
}

/**
 * Builds the cf_* definition; keys without a value are left out so the output stays short.
 *
 * @example
 * fieldDefinition('notice_title', { label: '公告标题', control: 'input', required: true }, 'string', false)
 * // { cf_name: '公告标题', cf_fieldname: 'notice_title', cf_control: 'input', cf_validate: 'require', cf_ispri: 0 }
 */
export function fieldDefinition(
  name: string,
  admin: Json,
  kind: FieldKind,
  primary: boolean,
  maxLength?: number,
  textRules?: ReturnType<typeof fieldFormat>,
): FieldDefinition {
  const definition: FieldDefinition = {
    cf_name: typeof admin.label === 'string' ? admin.label : name,
    cf_fieldname: name,
    cf_control: resolveControl(admin.control, kind),
  };
  if (typeof admin.placeholder === 'string') definition.cf_placeholder = admin.placeholder;
  if (typeof admin.help === 'string' && admin.help.trim() !== '')
    definition.help = admin.help.trim();
  const length = typeof admin.length === 'number' ? admin.length : maxLength;
  if (length !== undefined) definition.cf_length = length;
  const fallback = defaultValue(admin.default);
  if (fallback !== undefined) definition.cf_default = fallback;
  if (admin.required === true) definition.cf_validate = 'require';
  definition.cf_ispri = primary ? 1 : 0;
  const source = sourceType(admin.source);
  if (source) definition.cf_sourcetype = source;
  if (typeof admin.dictionary === 'string') definition.cf_dictionary = admin.dictionary;
  if (typeof admin.method === 'string') definition.cf_method = admin.method;
  const optionData = options(admin.options);
  if (optionData) definition.optionData = optionData;
  // The schema's text format (email, phone, URL, pattern) travels with the control parameters.
  const params = { ...(isJson(admin.params) ? admin.params : {}), ...textRules };
  if (Object.keys(params).length > 0) definition.parameData = params;
  return definition;
}

function searchKind(value: unknown): FieldModel['search'] {
  if (value === undefined || value === false) return undefined;
  if (value !== 'keyword' && value !== 'filter') {
    throw new Error(`search ${JSON.stringify(value)} must be keyword or filter`);
  }
  return value;
}

/**
 * The whole field model of a property that carries x-admin; `schema` is the property's schema
 * with its $ref resolved (type, maxLength and writeOnly are read from it).
 *
 * @example fieldModel('id', { label: '编号', form: false }, { type: 'integer' }, 'id').primary // true
 */
export function fieldModel(
  name: string,
  admin: Json,
  schema: Json,
  primaryKey: string,
): FieldModel {
  const primary = name === primaryKey;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const textRules = fieldKind(schema) === 'string' ? fieldFormat(schema) : undefined;
  const definition = fieldDefinition(name, admin, fieldKind(schema), primary, maxLength, textRules);
  // A list or object edited as text (`cli import-openapi` writes editor: json | group): a list
  // of texts one per line, anything else as JSON.
  // A boolean property behind the Switch (whose own values are the spec's 1/2) stays boolean.
  if (schema.type === 'boolean' && definition.cf_control === 'Switch')
    definition.valueFormat = 'boolean';
  // An RFC 3339 text behind the picker (whose own text is local YYYY-MM-DD HH:mm:ss).
  else if (schema.format === 'date-time' && definition.cf_control === 'DateTimePicker')
    definition.valueFormat = 'datetime';
  // An integer behind a date picker is a Unix time in seconds (the spec backend's publish_time):
  // the picker's text is sent as that number, not as the text the contract refuses.
  else if (
    fieldKind(schema) === 'integer' &&
    (definition.cf_control === 'DateTimePicker' || definition.cf_control === 'DatePicker')
  )
    definition.valueFormat = 'seconds';
  else if (admin.editor === 'json' || admin.editor === 'group')
    definition.valueFormat =
      schema.type === 'array' && isJson(schema.items) && schema.items.type === 'string'
        ? 'lines'
        : 'json';
  const field: FieldModel = {
    name,
    // The primary key is never edited but travels with edit (cf_ispri: 1 hides it).
    form: primary || admin.form !== false,
    required: admin.required === true,
    primary,
    writeOnly: schema.writeOnly === true,
    definition,
  };
  const search = searchKind(admin.search);
  if (search) field.search = search;
  const column = columnDefinition(
    name,
    definition.cf_name,
    admin.column,
    definition.optionData,
    lookedUpSource(definition),
  );
  if (column) field.column = column;
  return field;
}

/**
 * A field offered as a list filter: the same control, but never required and starting
 * empty, since a filter narrows the list only when the user picks a value.
 *
 * @example filterDefinition({ cf_name: '状态', cf_fieldname: 'status', cf_control: 'Switch', cf_default: 1, cf_validate: 'require' })
 * // { cf_name: '状态', cf_fieldname: 'status', cf_control: 'Switch' }
 */
export function filterDefinition(definition: FieldDefinition): FieldDefinition {
  const { cf_validate: _required, cf_default: _initial, ...filter } = definition;
  return filter;
}

/** Controls whose options always come from a dictionary (Dep, DepAuth). */
const DICTIONARY_CONTROLS: readonly FieldDefinition['cf_control'][] = [
  'Department',
  'DepartmentAuth',
];

/**
 * The option source a list column must look labels up from, when they are not static.
 *
 * @example lookedUpSource({ cf_control: 'select', cf_sourcetype: 'API', cf_method: 'adminrole', … })
 * // { cf_control: 'select', cf_sourcetype: 'API', cf_method: 'adminrole' }
 */
export function lookedUpSource(
  definition: FieldDefinition,
): ColumnDefinition['optionSource'] | undefined {
  const { cf_control, cf_sourcetype, cf_dictionary, cf_method } = definition;
  if (cf_sourcetype === 'DICTIONARY' && cf_dictionary)
    return { cf_control, cf_sourcetype, cf_dictionary };
  if (cf_sourcetype === 'API' && cf_method) return { cf_control, cf_sourcetype, cf_method };
  if (DICTIONARY_CONTROLS.includes(cf_control)) return { cf_control };
  return undefined;
}
