/**
 * A source module's add and edit forms from the request bodies of its add and edit calls: a form
 * follows what the API takes (`NewArticle`, `UpdateArticle`), not what it answers (`Article`) —
 * which fields, which are required (the body's `required`, never a nullable field), and for a
 * `oneOf`/`anyOf` body the variants a picker chooses between. A body field is shown with the
 * record's definition of it (label, control), or with its own x-admin where it has one (a field
 * only the request has: a password, DigitalOcean's `names`); a field with neither, or readOnly,
 * is not in the form. Written only where it differs: add from the record's fields, edit from add.
 */
import type { FieldDefinition } from '../../src/core/field-definition';
import type { RestCall } from '../../src/core/rest-source';
import type { FormVariant, RequestForm } from '../../src/core/request-form';
import { isJson, type Json } from '../json';
import { readableName } from '../import-openapi/labels';
import { fieldModel } from '../model/field-definition';
import { refName, resolveProperty, resolveRef } from '../model/refs';
import { recordSchema } from './record-schema';
import type { TaggedOperation } from './source-calls';

export interface RequestForms {
  addForm?: RequestForm;
  editForm?: RequestForm;
  /**
   * The record's fields the details show (the module's `fields`): without its writeOnly ones
   * (a password is sent, never answered), which only the forms have.
   */
  shown: FieldDefinition[];
}

/** Media types a form's body is sent as, in the order preferred (the adapter sends JSON or a form). */
const FORM_MEDIA = [/^application\/(?:[\w.-]+\+)?json$/i, /^application\/x-www-form-urlencoded$/i];

/** The schema of a call's body as the form fills it: inside the wrapper `x-admin.body` names. */
function bodySchema(
  document: Json,
  operations: readonly TaggedOperation[],
  call: RestCall | undefined,
): unknown {
  const operation =
    call && operations.find((op) => op.method === call.method && op.path === call.path);
  if (!operation) return undefined;
  const body = resolveRef(operation.operation.requestBody, document);
  const content = isJson(body.content) ? body.content : {};
  const media = FORM_MEDIA.flatMap((pattern) =>
    Object.keys(content).filter((type) => pattern.test(type.split(';')[0]?.trim() ?? '')),
  )[0];
  const entry = media === undefined ? undefined : content[media];
  let schema: unknown = isJson(entry) ? entry.schema : undefined;
  const admin = isJson(operation.operation['x-admin']) ? operation.operation['x-admin'] : {};
  for (const field of typeof admin.body === 'string' ? admin.body.split('.') : []) {
    const wrapper = recordSchema(schema, document);
    schema = wrapper.properties[field];
  }
  return schema;
}

/**
 * `type: [x, "null"]` (3.1), `nullable: true` (3.0) or a union with a `{ type: "null" }` part
 * (OpenAI's `reasoning_effort: anyOf: [enum, { type: "null" }]`): the body takes null for it.
 */
function isNullable(schema: Json): boolean {
  const parts: unknown = schema.anyOf ?? schema.oneOf;
  return (
    schema.nullable === true ||
    (Array.isArray(schema.type) && schema.type.includes('null')) ||
    (Array.isArray(parts) && parts.some((part) => isJson(part) && part.type === 'null'))
  );
}

/** The variants of a union body, each with its schema as written (a $ref keeps its name). */
function unionOf(schema: Json): unknown[] | undefined {
  const variants: unknown = schema.oneOf ?? schema.anyOf;
  return Array.isArray(variants) && variants.length > 1 ? variants : undefined;
}

/**
 * The discriminator value of a variant: the mapping's key that names it, else its schema name
 * (OpenAPI's default), else the single value its discriminator property allows.
 */
function discriminatorValue(union: Json, variant: unknown, document: Json): string | undefined {
  const discriminator = isJson(union.discriminator) ? union.discriminator : undefined;
  if (!discriminator || typeof discriminator.propertyName !== 'string') return undefined;
  const ref = isJson(variant) && typeof variant.$ref === 'string' ? variant.$ref : undefined;
  const mapping = isJson(discriminator.mapping) ? discriminator.mapping : {};
  const mapped = Object.entries(mapping).find(
    ([, target]) => target === ref || (ref !== undefined && target === refName(variant)),
  )?.[0];
  if (mapped !== undefined) return mapped;
  const property = resolveRef(
    recordSchema(variant, document).properties[discriminator.propertyName],
    document,
  );
  const allowed: unknown[] = Array.isArray(property.enum)
    ? property.enum
    : property.const === undefined
      ? []
      : [property.const];
  if (allowed.length === 1 && typeof allowed[0] === 'string') return allowed[0];
  return ref === undefined ? undefined : refName(variant);
}

/** The picker's text of a variant: its x-admin label, title, schema name, discriminator value. */
function variantLabel(
  variant: unknown,
  value: string | undefined,
  document: Json,
): string | undefined {
  const schema = resolveRef(variant, document);
  const admin = isJson(schema['x-admin']) ? schema['x-admin'] : {};
  if (typeof admin.label === 'string' && admin.label.trim() !== '') return admin.label.trim();
  if (typeof schema.title === 'string' && schema.title.trim() !== '') return schema.title.trim();
  const name = refName(variant);
  if (name !== undefined) return readableName(name);
  return value;
}

interface FormContext {
  document: Json;
  primaryKey: string;
  /** The record's form fields (the entity's x-admin), by name. */
  recordFields: readonly FieldDefinition[];
}

/** A body property as a form field, or undefined when the form does not edit it. */
function bodyField(
  name: string,
  property: unknown,
  required: boolean,
  context: FormContext,
): FieldDefinition | undefined {
  const schema = resolveProperty(property, context.document);
  // A field the body requires is in the form even where the record marks it readOnly or not
  // edited (DigitalOcean's project PUT requires is_default, which POST does not send): left
  // out, every save would be refused with nothing the user could change.
  const mustSend = required && !isNullable(schema);
  if (schema.readOnly === true && !mustSend) return undefined;
  const own = isJson(property) && isJson(property['x-admin']) ? property['x-admin'] : undefined;
  const definition = own
    ? fieldModel(name, own, schema, context.primaryKey).definition
    : context.recordFields.find((field) => field.cf_fieldname === name);
  if (!definition || (own && own.form === false && !mustSend)) return undefined;
  const field = { ...definition };
  if (mustSend || own?.required === true) field.cf_validate = 'require';
  else delete field.cf_validate;
  return field;
}

/** One body (a variant, or the whole body): the fields it sends, in its order. */
function variantFormFields(
  schema: unknown,
  context: FormContext,
  skip?: string,
): FieldDefinition[] {
  const record = recordSchema(schema, context.document);
  return Object.entries(record.properties).flatMap(([name, property]) => {
    if (name === context.primaryKey || name === skip) return [];
    const field = bodyField(name, property, record.required.includes(name), context);
    return field ? [field] : [];
  });
}

/** The form a call's body makes, or undefined when the body is the record itself (or none). */
function formOfBody(
  schema: unknown,
  entity: string,
  context: FormContext,
): RequestForm | undefined {
  if (schema === undefined || refName(schema) === entity) return undefined;
  const resolved = resolveRef(schema, context.document);
  const key = context.recordFields.filter((field) => field.cf_fieldname === context.primaryKey);
  const union = unionOf(resolved);
  if (!union) {
    const fields = variantFormFields(schema, context);
    return fields.length === 0 ? undefined : { fields: [...key, ...fields] };
  }
  const discriminator = isJson(resolved.discriminator) ? resolved.discriminator : {};
  const tag =
    typeof discriminator.propertyName === 'string' ? discriminator.propertyName : undefined;
  const fields: FieldDefinition[] = [...key];
  const variants = union.map((variant): FormVariant => {
    const own = variantFormFields(variant, context, tag);
    for (const field of own)
      if (!fields.some((known) => known.cf_fieldname === field.cf_fieldname)) fields.push(field);
    const value = discriminatorValue(resolved, variant, context.document);
    const label = variantLabel(variant, value, context.document);
    return {
      ...(label === undefined ? {} : { label }),
      fields: own.map((field) => field.cf_fieldname),
      ...(tag !== undefined && value !== undefined ? { discriminator: { field: tag, value } } : {}),
    };
  });
  return { fields, variants };
}

/** The fields a call's body takes null for, in every variant of it. */
function nullableFields(schema: unknown, document: Json): string[] {
  const resolved = resolveRef(schema, document);
  const parts = unionOf(resolved) ?? [schema];
  const names = new Set<string>();
  for (const part of parts)
    for (const [name, property] of Object.entries(recordSchema(part, document).properties))
      if (isNullable(resolveRef(property, document))) names.add(name);
  return [...names];
}

/**
 * The add and edit calls with the body fields they take null for (RestCall.nullable): an
 * emptied one is sent as null and clears the stored value. Calls without any stay as they were.
 */
export function withNullableFields<Calls extends { add?: RestCall; edit?: RestCall }>(
  document: Json,
  operations: readonly TaggedOperation[],
  calls: Calls,
): Calls {
  const result = { ...calls };
  for (const capability of ['add', 'edit'] as const) {
    const call = calls[capability];
    const nullable = call ? nullableFields(bodySchema(document, operations, call), document) : [];
    if (call && nullable.length > 0) result[capability] = { ...call, nullable };
  }
  return result;
}

/**
 * The edit call with `keyInBody: false` where its body schema refuses undeclared fields and
 * does not declare the record's key (RestCall.keyInBody); calls otherwise stay as they were.
 */
export function withKeyOutOfBody<Calls extends { edit?: RestCall }>(
  document: Json,
  operations: readonly TaggedOperation[],
  calls: Calls,
  primaryKey: string,
): Calls {
  const { edit } = calls;
  if (!edit?.idParam) return calls;
  const schema = bodySchema(document, operations, edit);
  if (schema === undefined || resolveRef(schema, document).additionalProperties !== false)
    return calls;
  if (primaryKey in recordSchema(schema, document).properties) return calls;
  return { ...calls, edit: { ...edit, keyInBody: false } };
}

const sameFields = (a: readonly FieldDefinition[], b: readonly FieldDefinition[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * @example requestForms(conduit, operations, calls, 'Article', 'slug', articleFields)
 * // { addForm: { fields: [slug, title*, description*, body*, tagList] }, editForm: { fields: [slug, title, description, body] } }
 */
export function requestForms(
  document: Json,
  operations: readonly TaggedOperation[],
  calls: { add?: RestCall; edit?: RestCall },
  entity: string,
  primaryKey: string,
  recordFields: readonly FieldDefinition[],
  writeOnly: readonly string[] = [],
): RequestForms {
  const context: FormContext = { document, primaryKey, recordFields };
  const shown = recordFields.filter((field) => !writeOnly.includes(field.cf_fieldname));
  const forms: RequestForms = { shown };
  const record: RequestForm = { fields: [...recordFields] };
  const add =
    calls.add &&
    (formOfBody(bodySchema(document, operations, calls.add), entity, context) ?? record);
  if (add && (add.variants || !sameFields(add.fields, shown))) forms.addForm = add;
  if (!calls.edit) return forms;
  // The edit form falls back on the add form, then the shown fields: written where it differs.
  const addShown = forms.addForm ?? { fields: shown };
  const edit = formOfBody(bodySchema(document, operations, calls.edit), entity, context) ?? record;
  if (JSON.stringify(edit) !== JSON.stringify(addShown)) forms.editForm = edit;
  return forms;
}
