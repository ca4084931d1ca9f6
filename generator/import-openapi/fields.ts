/**
 * Fields from schemas: one property (or parameter) schema → its x-admin, the keys the generator
 * reads (label, control, column, search, required, length, placeholder, default, form, source,
 * options, params) plus what it cannot express yet (rules with their messages, options from
 * another resource's list, a grouped sub-form or JSON editor), written for a developer to edit.
 */
import type { ControlType } from '../../src/core/field-definition';
import type { YamlMap, YamlScalar, YamlValue } from '../../src/core/yaml-text';
import { isJson, type Json } from '../json';
import { fieldHelp, fieldLabel } from './labels';
import { fieldRules } from './rules';
import { componentName, flattenObject, resolveRef, schemaType } from './schemas';

/** A resource whose list can fill a select: its key, value field and label field. */
export interface ListedEntity {
  resource: string;
  value: string;
  label: string;
}

export interface FieldContext {
  document: Json;
  /** components.schemas name → the resource listing those records. */
  listed: ReadonlyMap<string, ListedEntity>;
  /** Where the field is named in notes: Pet.category. */
  where: string;
  /**
   * The resource whose records carry the field, when it has a list: a reference to records no
   * path lists (Petstore's Category) takes its options from the values found in that list.
   */
  ownList?: string;
  required: boolean;
  primaryKey: boolean;
  /** The list call filters by a query parameter of this name. */
  filter: boolean;
  sortable: boolean;
}

export interface FieldInference {
  admin: YamlMap;
  control: ControlType;
  notes: string[];
}

const isScalar = (value: unknown): value is YamlScalar =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

const SCALAR_TYPES = ['string', 'integer', 'number', 'boolean'];

const STRING_CONTROLS: Readonly<Record<string, ControlType>> = {
  date: 'DatePicker',
  'date-time': 'DateTimePicker',
  time: 'TimePicker',
  password: 'password',
  binary: 'UploadFile',
};

function enumOptions(values: unknown[]): YamlMap[] {
  return values
    .filter(isScalar)
    .filter((v) => v !== null)
    .map((value) => ({ label: String(value), value }));
}

interface Shape {
  control: ControlType;
  extra: YamlMap;
  column: boolean;
  options?: YamlMap[];
  notes: string[];
}

/** A label field of a referenced record: name, title or label, else its first string. */
export function labelField(entity: string, document: Json): string {
  const properties = flattenObject(
    { $ref: `#/components/schemas/${entity}` },
    [],
    document,
  ).properties;
  const names = properties.map((p) => p.name);
  return (
    ['name', 'title', 'label', 'username'].find((n) => names.includes(n)) ??
    properties.find((p) => schemaType(resolveRef(p.schema, document)) === 'string')?.name ??
    names[0] ??
    'id'
  );
}

/** The key and label of a referenced record (`id` and `name`), when it has both. */
function keyAndLabel(ref: string, document: Json): { value: string; label: string } | undefined {
  const names = flattenObject({ $ref: `#/components/schemas/${ref}` }, [], document).properties.map(
    (p) => p.name,
  );
  const value = names.includes('id') ? 'id' : names.find((name) => /id$/i.test(name));
  const label = labelField(ref, document);
  return value && label !== value ? { value, label } : undefined;
}

function objectShape(name: string, raw: unknown, context: FieldContext): Shape {
  const ref = componentName(raw);
  const listed = ref ? context.listed.get(ref) : undefined;
  const seen = ref && !listed && context.ownList ? keyAndLabel(ref, context.document) : undefined;
  if (ref && seen && context.ownList)
    return {
      control: 'select',
      extra: { optionsFrom: { resource: context.ownList, field: name, ...seen } },
      column: true,
      notes: [
        `${context.where}: references ${ref}, which no path lists — a select of the ${ref} values found in the ${context.ownList} list (edit x-admin to a grouped sub-form to type new ones)`,
      ],
    };
  if (listed)
    return {
      control: 'select',
      extra: {
        optionsFrom: { resource: listed.resource, value: listed.value, label: listed.label },
      },
      column: true,
      notes: [
        `${context.where}: references ${ref} — a select filled from the ${listed.resource} list`,
      ],
    };
  const properties = flattenObject(raw, [], context.document).properties;
  const scalar = properties.every((p) =>
    SCALAR_TYPES.includes(schemaType(resolveRef(p.schema, context.document)) ?? ''),
  );
  if (properties.length > 0 && properties.length <= 8 && scalar) {
    const fields: YamlMap = {};
    for (const property of properties) {
      const sub = inferField(property.name, property.schema, {
        ...context,
        where: `${context.where}.${property.name}`,
        required: false,
        primaryKey: false,
        filter: false,
        sortable: false,
      });
      fields[property.name] = { label: sub.admin.label, control: sub.control };
    }
    const why = ref ? `references ${ref}, which no path lists` : 'a nested object';
    return {
      control: 'textarea',
      extra: { editor: 'group', fields },
      column: false,
      notes: [
        `${context.where}: ${why} — a grouped sub-form (${properties.map((p) => p.name).join(', ')}), not a select`,
      ],
    };
  }
  return {
    control: 'textarea',
    extra: { editor: 'json' },
    column: false,
    notes: [
      `${context.where}: ${ref ?? (properties.length === 0 ? 'a free-form object' : 'a deep object')} — a JSON editor`,
    ],
  };
}

function arrayShape(resolved: Json, context: FieldContext): Shape {
  const items = resolveRef(resolved.items, context.document);
  const ref = componentName(resolved.items);
  const listed = ref ? context.listed.get(ref) : undefined;
  if (Array.isArray(items.enum))
    return {
      control: 'selectAll',
      extra: {},
      column: true,
      options: enumOptions(items.enum),
      notes: [],
    };
  if (listed)
    return {
      control: 'selectAll',
      extra: {
        optionsFrom: { resource: listed.resource, value: listed.value, label: listed.label },
      },
      column: false,
      notes: [
        `${context.where}: a list of ${ref} — a multi-select filled from the ${listed.resource} list`,
      ],
    };
  // A list of texts (dates, addresses: `items` a string, maybe through a $ref) is edited one
  // per line; generate reads the same schema and writes the field so.
  if (schemaType(items) === 'string')
    return {
      control: 'textarea',
      extra: { editor: 'json' },
      column: false,
      notes: [
        `${context.where}: a list of ${ref ?? 'texts'}${typeof items.format === 'string' ? ` (${items.format})` : ''} — edited one per line`,
      ],
    };
  const what = ref ? `a list of ${ref} objects` : `a list of ${schemaType(items) ?? 'values'}`;
  return {
    control: 'textarea',
    extra: { editor: 'json' },
    column: false,
    notes: [`${context.where}: ${what} — a JSON editor`],
  };
}

/**
 * The one variant of a union that only adds null (`anyOf: [{ enum: [low, high] }, { type:
 * "null" }]`, OpenAI's ReasoningEffort) as written; undefined for any other schema.
 */
function nullableVariant(schema: Json): unknown {
  const variants: unknown[] = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : [];
  const others = variants.filter((variant) => !(isJson(variant) && variant.type === 'null'));
  return variants.length === 2 && others.length === 1 ? others[0] : undefined;
}

function shapeOf(name: string, raw: unknown, resolved: Json, context: FieldContext): Shape {
  // Only a choice is unwrapped: a nullable text keeps the shape it had (OpenAI's name, anyOf
  // [string maxLength 256, null], stays a column rather than a long text hidden from the list).
  const variant = nullableVariant(resolved);
  const chosen = variant === undefined ? undefined : resolveRef(variant, context.document);
  if (chosen && Array.isArray(chosen.enum)) return shapeOf(name, variant, chosen, context);
  const type = schemaType(resolved);
  if (Array.isArray(resolved.enum) && type !== 'boolean')
    return {
      control: 'select',
      extra: {},
      column: true,
      options: enumOptions(resolved.enum),
      notes: [],
    };
  if (type === 'object') return objectShape(name, raw, context);
  if (type === 'array') return arrayShape(resolved, context);
  if (type === 'boolean') return { control: 'Switch', extra: {}, column: true, notes: [] };
  if (type === 'integer' || type === 'number') {
    const params: YamlMap = {};
    if (typeof resolved.minimum === 'number') params.min = resolved.minimum;
    if (typeof resolved.maximum === 'number') params.max = resolved.maximum;
    if (type === 'integer') Object.assign(params, { step: 1, precision: 0 });
    return {
      control: 'InputNumber',
      extra: Object.keys(params).length > 0 ? { params } : {},
      column: true,
      notes: [],
    };
  }
  const format = typeof resolved.format === 'string' ? resolved.format : '';
  const byFormat = STRING_CONTROLS[format] ?? (/password/i.test(name) ? 'password' : undefined);
  if (byFormat)
    return {
      control: byFormat,
      extra: {},
      column: !['password', 'UploadFile'].includes(byFormat),
      notes: [],
    };
  const long = typeof resolved.maxLength === 'number' && resolved.maxLength > 255;
  return { control: long ? 'textarea' : 'input', extra: {}, column: !long, notes: [] };
}

const CHOICE: readonly ControlType[] = [
  'select',
  'selectAll',
  'DatePicker',
  'DateTimePicker',
  'TimePicker',
];

/**
 * @example inferField('status', { type: 'string', enum: ['available', 'sold'] }, context).admin
 * // { label: 'status', control: 'select', column: { format: 'tag' }, placeholder: '请选择', source: 'STATIC', options: [{ label: 'available', value: 'available' }, …] }
 */
export function inferField(name: string, raw: unknown, context: FieldContext): FieldInference {
  const resolved = resolveRef(raw, context.document);
  const own = isJson(raw) ? raw : {};
  const text = fieldLabel(name, own, resolved);
  const shape = shapeOf(name, raw, resolved, context);
  const readOnly = resolved.readOnly === true || own.readOnly === true;
  const writeOnly = resolved.writeOnly === true || own.writeOnly === true;
  const required = context.required && !readOnly;
  const admin: YamlMap = { label: text, control: shape.control };
  const help = fieldHelp(text, own, resolved);
  if (help) admin.help = help;
  const showColumn = shape.column && !writeOnly;
  if (showColumn) {
    const column: YamlMap = {};
    if (shape.options) column.format = 'tag';
    else if (shape.control === 'DateTimePicker') column.format = 'datetime';
    if (context.sortable) column.sortable = true;
    admin.column = Object.keys(column).length > 0 ? column : true;
  } else admin.column = false;
  if (context.filter) admin.search = 'filter';
  if (required) admin.required = true;
  if (typeof resolved.maxLength === 'number') admin.length = resolved.maxLength;
  if (shape.control !== 'Switch')
    admin.placeholder = CHOICE.includes(shape.control) ? '请选择' : `请输入${text}`;
  const fallback: unknown = resolved.default;
  if (isScalar(fallback) && fallback !== null) admin.default = fallback;
  if (readOnly || context.primaryKey) admin.form = false;
  if (shape.options) Object.assign(admin, { source: 'STATIC', options: shape.options });
  Object.assign(admin, shape.extra);
  const rules = readOnly ? [] : fieldRules(text, shape.control, resolved, required);
  if (rules.length > 0) admin.rules = rules;
  const notes = [...shape.notes];
  if (readOnly) notes.push(`${context.where}: readOnly — shown, not edited`);
  return { admin, control: shape.control, notes };
}

/** A plain YAML value of a parsed JSON value (dropping what YAML cannot hold: functions…). */
export function yamlValue(value: unknown): YamlValue {
  if (isScalar(value)) return value;
  if (Array.isArray(value)) return value.map(yamlValue);
  if (isJson(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, yamlValue(v)]));
  return null;
}
