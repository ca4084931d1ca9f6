/**
 * Records written inline (no components.schemas name: a FastAPI-less document, a wrapper's
 * inner object) get a name of their own — from the resource's path (`/public/lists` →
 * PublicLists) — as a copy in components.schemas, flattened to one object (allOf merged, a
 * union's common fields), which the module's entity, its types and the mock read. The
 * operations keep their inline schemas; the report says which copy was made.
 */
import { isJson, type Json } from '../json';
import { pascalCase } from '../model/names';
import { flattenObject } from './schemas';

/** A record schema named by the import: where it goes, and the copy that goes there. */
export interface NamedRecord {
  name: string;
  schema: Json;
}

/** Leading segments that name no resource: /api/v2/pets is the pets resource. */
const PREFIX_SEGMENT = /^(api|rest|v\d+(\.\d+)*)$/i;

function schemasOf(document: Json): Json {
  const components = isJson(document.components) ? document.components : {};
  document.components = components;
  const schemas = isJson(components.schemas) ? components.schemas : {};
  components.schemas = schemas;
  return schemas;
}

/**
 * Names the first of `candidates` (record schemas as written) that has fields, adding the copy
 * to `document` itself (what the rest of the import reads). Undefined when none has fields.
 *
 * @example nameInlineRecord('/public/lists', [inlineListItem], doc) // { name: 'PublicLists', schema: { type: 'object', properties: … } }
 */
export function nameInlineRecord(
  collection: string,
  candidates: readonly unknown[],
  document: Json,
): NamedRecord | undefined {
  const flat = candidates
    .map((schema) => flattenObject(schema, [], document))
    .find((record) => record.properties.length > 0);
  if (!flat) return undefined;
  const statics = collection.split('/').filter((s) => s !== '' && !s.startsWith('{'));
  while (statics.length > 1 && PREFIX_SEGMENT.test(statics[0] ?? '')) statics.shift();
  const base = pascalCase(statics.join('-').replace(/[^A-Za-z0-9-]/g, '-')) || 'Record';
  const schemas = schemasOf(document);
  let name = /^[A-Za-z]/.test(base) ? base : `R${base}`;
  for (let n = 2; name in schemas; n += 1) name = `${base}Record${n === 2 ? '' : n}`;
  const schema: Json = {
    type: 'object',
    properties: Object.fromEntries(flat.properties.map((p) => [p.name, structuredClone(p.schema)])),
  };
  if (flat.required.length > 0) schema.required = flat.required;
  schemas[name] = schema;
  return { name, schema };
}
