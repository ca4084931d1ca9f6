/**
 * A source module's fields from its entity schema (the same field model as the spec's backend):
 * options from another listed resource, the key typed on add or assigned by the server, and the
 * list call's own filter parameters.
 */
import type { RestCall } from '../../src/core/rest-source';
import type { OptionsFrom } from '../../src/core/field-definition';
import { isJson, type Json } from '../json';
import { fieldDefinition, fieldModel, filterDefinition } from '../model/field-definition';
import { fieldKind } from '../model/field-kind';
import { moduleFields } from '../model/module-fields';
import { resolveProperty, resolveRef } from '../model/refs';
import type { ModuleFields } from '../types';
import { recordSchema } from './record-schema';
import { resourceCalls, type TaggedOperation } from './source-calls';

/**
 * `optionsFrom: { resource, value, label }` (written by the import for a property that references
 * another listed resource) as the form's option source: that resource's list call.
 */
export type OptionsFromResolver = (admin: Json, where: string) => OptionsFrom | undefined;

export function optionsFromResolver(
  source: string,
  document: Json,
  operations: readonly TaggedOperation[],
  problems: string[],
): OptionsFromResolver {
  const tags = (Array.isArray(document.tags) ? document.tags : []).filter(isJson);
  return (admin, where) => {
    const from = isJson(admin.optionsFrom) ? admin.optionsFrom : undefined;
    if (!from) return undefined;
    const { resource, value, label, field } = from;
    const tag = tags.find(
      (candidate) =>
        isJson(candidate['x-admin']) &&
        (candidate['x-admin'].module ?? candidate.name) === resource,
    );
    const list = tag
      ? resourceCalls(document, operations, String(tag.name), problems).list
      : undefined;
    if (!list || typeof value !== 'string' || typeof label !== 'string') {
      problems.push(
        `${where}: x-admin.optionsFrom must name a listed resource of the source with value and label fields`,
      );
      return undefined;
    }
    if (field !== undefined && typeof field !== 'string') {
      problems.push(`${where}: x-admin.optionsFrom.field must name a field of the listed records`);
      return undefined;
    }
    return field === undefined
      ? { source, list, value, label }
      : { source, list, field, value, label };
  };
}

/**
 * Whether new records' key is named by the client (an ISBN, a user name) rather than assigned by
 * the server: not readOnly, and required by the schema or text (a server numbers, it does not
 * name).
 */
function clientNamesKey(property: Json, entityRequired: readonly string[], name: string): boolean {
  if (property.readOnly === true) return false;
  const required = entityRequired.includes(name);
  return required || property.type === 'string';
}

/**
 * Whether the add call's body is a schema of its own without the key (the Museum's
 * CreateSpecialEventRequest has no eventId): the server assigns it, whatever the entity says.
 */
export function addBodyLacks(
  document: Json,
  operations: readonly TaggedOperation[],
  add: RestCall | undefined,
  key: string,
): boolean {
  const operation =
    add && operations.find((op) => op.method === add.method && op.path === add.path);
  const body = resolveRef(operation?.operation.requestBody, document);
  const content = isJson(body.content) ? body.content : {};
  const json = Object.entries(content).find(([type]) => /[/+]json$/i.test(type))?.[1];
  let schema = resolveRef(isJson(json) ? json.schema : undefined, document);
  // A body that wraps the record (`x-admin.body: article`): the record's schema is inside.
  const admin = isJson(operation?.operation['x-admin']) ? operation.operation['x-admin'] : {};
  const wrapper = typeof admin.body === 'string' ? admin.body.split('.') : [];
  for (const field of wrapper)
    schema = resolveRef(isJson(schema.properties) ? schema.properties[field] : undefined, document);
  return isJson(schema.properties) && !(key in schema.properties);
}

/** The entity's properties that carry x-admin, as the spec backend's field model. */
export function entityFields(
  document: Json,
  entity: string,
  primaryKey: string,
  filters: readonly string[],
  optionsFrom: OptionsFromResolver,
  where: string,
  serverAssignsKey: boolean,
): ModuleFields {
  const schemas =
    isJson(document.components) && isJson(document.components.schemas)
      ? document.components.schemas
      : {};
  const record = recordSchema(schemas[entity], document);
  const properties = record.properties;
  const models = Object.entries(properties).flatMap(([name, property]) => {
    if (!isJson(property) || !isJson(property['x-admin'])) return [];
    const admin = property['x-admin'];
    const model = fieldModel(name, admin, resolveProperty(property, document), primaryKey);
    const resolved = resolveRef(property, document);
    if (model.primary && !serverAssignsKey && clientNamesKey(resolved, record.required, name))
      model.definition.keyEntry = 'add';
    const from = optionsFrom(admin, `${where}.${name}`);
    if (from) {
      model.definition.optionsFrom = from;
      // The API stores the other resource's record (`author: Author`), not only its key.
      if (resolved.type === 'object' || isJson(resolved.properties))
        model.definition.valueFormat = 'reference';
      // The list shows the option's label (the author's name), not the stored key.
      if (model.column)
        model.column.optionSource = { cf_control: model.definition.cf_control, optionsFrom: from };
    }
    return [model];
  });
  const fields = moduleFields(models);
  // Only what the list call declares can narrow it: an entity filter the API has no parameter
  // for is dropped, a declared parameter that is no entity field is added.
  const searchFields = fields.searchFields.filter((field) => filters.includes(field.cf_fieldname));
  return { ...fields, searchFields };
}

export function listFilterFields(
  document: Json,
  operation: Json | undefined,
  known: readonly string[],
) {
  const admin = isJson(operation?.['x-admin']) ? operation['x-admin'] : {};
  return (Array.isArray(admin.filters) ? admin.filters : []).flatMap((filter) => {
    if (!isJson(filter) || typeof filter.name !== 'string' || known.includes(filter.name))
      return [];
    return [
      filterDefinition(
        fieldDefinition(filter.name, filter, fieldKind(resolveRef(filter.schema, document)), false),
      ),
    ];
  });
}
