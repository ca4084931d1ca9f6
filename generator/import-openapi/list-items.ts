/**
 * Envelopes: where an answer keeps its rows (the body itself, an array field, or one inside a
 * wrapper: `{ data: { results: [...] } }` → `data.results`), its total (`total`, `count`, a
 * `*Count` beside the rows, or one in a `meta` object) and one record (`{ article: {...} }` →
 * `article`), and where a request body wraps the record it sends. Paths are dotted field names,
 * the x-admin format the REST adapter and the source mock read (`valueAt`).
 */
import { listOf } from '../../src/core/guards';
import type { Json } from '../json';
import { componentName, flattenObject, resolveRef, schemaType, type MediaSchema } from './schemas';

export interface ListItems {
  /** The rows' schema, as written. */
  itemSchema: unknown;
  /** The dotted path of the field holding the rows; undefined when the body is the array. */
  field: string | undefined;
  /** The dotted path of the total's field, when the answer carries one. */
  total: string | undefined;
}

/** Field names that usually hold the rows, most likely first. */
const ROW_FIELDS = ['data', 'items', 'results', 'content', 'records', 'rows', 'list', 'entries'];
/** Field names of a total count (compared lower-case). */
const TOTAL_FIELDS = [
  'total',
  'totalcount',
  'total_count',
  'count',
  'totalelements',
  'total_elements',
  'total_results',
  'totalresults',
  'totalitems',
  'total_items',
  'allcount',
];
/** Wrapper fields around one record or a page (`{ data: {...} }`). */
const WRAPPER_FIELDS = ['data', 'result', 'item', 'record', 'payload', 'response'];
/** How deep wrappers are looked into: `{ data: { results } }` is two. */
const MAX_DEPTH = 3;

export function isObjectSchema(schema: unknown, document: Json): boolean {
  // A named schema of another type is not one (DigitalOcean's `name: { $ref: ssh_key_name }`,
  // a string: the edit body `{ name }` is the record, not a wrapper of it).
  const type = schemaType(resolveRef(schema, document));
  return type === 'object' || (type === undefined && componentName(schema) !== undefined);
}

const join = (prefix: string | undefined, name: string) => (prefix ? `${prefix}.${name}` : name);

const isNumber = (schema: unknown, document: Json) =>
  ['integer', 'number'].includes(schemaType(resolveRef(schema, document)) ?? '');

/** The total beside rows named `rows` in an object: total, count…, or `<rows>Count`. */
function totalIn(schema: unknown, rows: string, prefix: string | undefined, document: Json) {
  const properties = flattenObject(schema, [], document).properties;
  const numbers = properties.filter((p) => isNumber(p.schema, document));
  const own = numbers.find(
    (p) =>
      TOTAL_FIELDS.includes(p.name.toLowerCase()) ||
      p.name.toLowerCase() === `${rows.toLowerCase()}count` ||
      p.name.toLowerCase() === `${rows.toLowerCase()}_count`,
  );
  if (own) return join(prefix, own.name);
  // A meta or pagination object beside the rows: `{ data: [...], meta: { total } }`.
  for (const property of properties) {
    if (!isObjectSchema(property.schema, document) || property.name === rows) continue;
    const inner = flattenObject(property.schema, [], document).properties.find(
      (p) => TOTAL_FIELDS.includes(p.name.toLowerCase()) && isNumber(p.schema, document),
    );
    if (inner) return join(join(prefix, property.name), inner.name);
  }
  return undefined;
}

function rowsIn(
  schema: unknown,
  prefix: string | undefined,
  document: Json,
  depth: number,
): ListItems | undefined {
  const properties = flattenObject(schema, [], document).properties;
  const arrays = properties.filter((property) => {
    const resolved = resolveRef(property.schema, document);
    return schemaType(resolved) === 'array' && isObjectSchema(resolved.items, document);
  });
  const preferred =
    arrays.find((property) => ROW_FIELDS.includes(property.name.toLowerCase())) ??
    (arrays.length === 1 ? arrays[0] : undefined);
  if (preferred)
    return {
      itemSchema: resolveRef(preferred.schema, document).items,
      field: join(prefix, preferred.name),
      total: totalIn(schema, preferred.name, prefix, document),
    };
  if (arrays.length > 0 || depth >= MAX_DEPTH) return undefined;
  // No rows at this level: one wrapper object holding them (`data: { results, total }`).
  const wrappers = properties.filter((p) => isObjectSchema(p.schema, document));
  const wrapper =
    wrappers.find((p) => WRAPPER_FIELDS.includes(p.name.toLowerCase())) ??
    (wrappers.length === 1 ? wrappers[0] : undefined);
  if (!wrapper) return undefined;
  const inner = rowsIn(wrapper.schema, join(prefix, wrapper.name), document, depth + 1);
  if (inner && !inner.total) {
    const outer = totalIn(schema, wrapper.name, prefix, document);
    if (outer) inner.total = outer;
  }
  return inner;
}

/**
 * @example listItems({ mediaType: 'application/json', schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } }, doc)
 * // { itemSchema: { $ref: '#/components/schemas/Pet' }, field: undefined, total: undefined }
 * @example listItems(conduitArticles, doc) // { itemSchema: { $ref: …Article }, field: 'articles', total: 'articlesCount' }
 */
export function listItems(success: MediaSchema | undefined, document: Json): ListItems | undefined {
  if (!success) return undefined;
  const schema = resolveRef(success.schema, document);
  const type = schemaType(schema);
  if (type === 'array')
    return isObjectSchema(schema.items, document)
      ? { itemSchema: schema.items, field: undefined, total: undefined }
      : undefined;
  if (type !== 'object') return undefined;
  return rowsIn(success.schema, undefined, document, 0);
}

export interface RecordAt {
  /** The record's schema, as written. */
  schema: unknown;
  /** The dotted path of the wrapper field(s); undefined when the body is the record. */
  path: string | undefined;
}

/**
 * Where one record sits in a body: the body itself, or under a wrapper — an object whose only
 * field is an object (`{ article: {...} }`), or whose `data`/`result`… field is one beside
 * scalars only (`{ data: {...}, message }`). A record with one field that is an object is read
 * as a wrapper too: such records are rare, such wrappers common.
 *
 * @example recordIn(conduitArticle, doc) // { schema: { $ref: '#/components/schemas/Article' }, path: 'article' }
 */
/**
 * A map (`additionalProperties` and no fields of its own, maybe `| null`): OpenAI's
 * `{ metadata: Metadata }` edit body is a record with one field, not a wrapper around one.
 */
function isMap(schema: unknown, document: Json): boolean {
  const resolved = resolveRef(schema, document);
  const variants = [...listOf(resolved.anyOf), ...listOf(resolved.oneOf)]
    .map((variant) => resolveRef(variant, document))
    .filter((variant) => variant.type !== 'null');
  const shape = variants.length === 1 ? variants[0]! : resolved;
  return (
    shape.additionalProperties !== undefined &&
    shape.additionalProperties !== false &&
    flattenObject(shape, [], document).properties.length === 0
  );
}

export function recordIn(schema: unknown, document: Json, depth = 0): RecordAt | undefined {
  if (schema === undefined || !isObjectSchema(schema, document)) return undefined;
  const properties = flattenObject(schema, [], document).properties;
  const objects = properties.filter(
    (p) =>
      isObjectSchema(p.schema, document) &&
      schemaType(resolveRef(p.schema, document)) !== 'array' &&
      !isMap(p.schema, document),
  );
  // A record's own fields beside a `data` object (an id) make it a record, not a wrapper.
  const scalarsBeside =
    properties.length <= 4 &&
    properties.every((p) => objects.includes(p) || !isObjectSchema(p.schema, document)) &&
    !properties.some((p) => /^(id|uuid)$/i.test(p.name));
  const only = properties.length === 1 ? objects[0] : undefined;
  const named =
    objects.length === 1 && scalarsBeside && WRAPPER_FIELDS.includes(objects[0]!.name.toLowerCase())
      ? objects[0]
      : undefined;
  const wrapper = only ?? named;
  if (!wrapper || depth >= MAX_DEPTH) return { schema, path: undefined };
  const inner = recordIn(wrapper.schema, document, depth + 1);
  return {
    schema: inner?.schema ?? wrapper.schema,
    path: join(wrapper.name, inner?.path ?? '').replace(/\.$/, ''),
  };
}
