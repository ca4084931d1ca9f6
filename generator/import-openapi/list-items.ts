/** Where a list answer keeps its rows: the body itself (an array) or one array field of it. */
import type { Json } from '../json';
import { componentName, flattenObject, resolveRef, schemaType, type MediaSchema } from './schemas';

export interface ListItems {
  /** The rows' schema, as written. */
  itemSchema: unknown;
  /** The body field holding the rows; undefined when the body is the array. */
  field: string | undefined;
}

/** Field names that usually hold the rows, most likely first. */
const ROW_FIELDS = ['data', 'items', 'results', 'content', 'records', 'rows', 'list', 'entries'];

function isObjectSchema(schema: unknown, document: Json): boolean {
  return (
    schemaType(resolveRef(schema, document)) === 'object' || componentName(schema) !== undefined
  );
}

/**
 * @example listItems({ mediaType: 'application/json', schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } }, doc)
 * // { itemSchema: { $ref: '#/components/schemas/Pet' }, field: undefined }
 */
export function listItems(success: MediaSchema | undefined, document: Json): ListItems | undefined {
  if (!success) return undefined;
  const schema = resolveRef(success.schema, document);
  const type = schemaType(schema);
  if (type === 'array')
    return isObjectSchema(schema.items, document)
      ? { itemSchema: schema.items, field: undefined }
      : undefined;
  if (type !== 'object') return undefined;
  const arrays = flattenObject(success.schema, [], document).properties.filter((property) => {
    const resolved = resolveRef(property.schema, document);
    return schemaType(resolved) === 'array' && isObjectSchema(resolved.items, document);
  });
  const preferred =
    arrays.find((property) => ROW_FIELDS.includes(property.name.toLowerCase())) ??
    (arrays.length === 1 ? arrays[0] : undefined);
  if (!preferred) return undefined;
  return { itemSchema: resolveRef(preferred.schema, document).items, field: preferred.name };
}
