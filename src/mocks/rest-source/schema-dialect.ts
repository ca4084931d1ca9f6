/**
 * An imported document's schemas as the mock's validator (../json-schema, JSON Schema 2020-12)
 * reads them, and as the REST mock means them:
 * - OpenAPI 3.0's own words: `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`, a tuple
 *   `items` list; a keyword of the wrong kind (a `required: true` from a careless document, an
 *   unknown `type`) is dropped, since a server reading it would not enforce it either;
 * - the mode of the check: a request body (`input`) neither requires nor checks `readOnly`
 *   properties (the server sets them) and takes a oneOf as a server does, by any of its shapes
 *   (DigitalOcean's feature `value` is a oneOf of two texts); a partial one (`patch`, merge-patch)
 *   requires nothing; what the mock answers (`output`) is checked as written.
 * The document itself is never changed: these are copies, made once per document and mode.
 */
import { isRecord, listOf } from '@/core/guards';
import { DATE_RANGE_KEYWORD, isDateRange } from '@/core/value-rules';
import { resolve, type Node } from './schema';

/** input: a request body; patch: a partial one; output: a value the mock itself answers. */
export type Mode = 'input' | 'patch' | 'output';

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);

/** Keys whose values are data, not schemas: copied as they are. */
const DATA_KEYS = new Set(['example', 'examples', 'enum', 'const', 'default']);

/** Keywords ajv refuses to compile unless they hold a number. */
const NUMBER_KEYWORDS = [
  'maxLength',
  'minLength',
  'minimum',
  'maximum',
  'multipleOf',
  'maxItems',
  'minItems',
  'maxProperties',
  'minProperties',
];

/**
 * Keys whose values map names to schemas (or to objects holding them): a property named `format`
 * or `example` is a schema like any other, and the map itself is no schema. `components` holds
 * such maps.
 */
const MAP_KEYS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'schemas',
  'parameters',
  'requestBodies',
  'responses',
  'headers',
  'content',
  'paths',
  'callbacks',
  'webhooks',
]);

/** A document, or a schema of it, with every schema in it read as `mode` reads it. */
export function prepared(document: Node, node: Node, mode: Mode): Node {
  const copy: Node = {};
  for (const [key, item] of Object.entries(node))
    copy[key] =
      DATA_KEYS.has(key) || key.startsWith('x-')
        ? item
        : key === 'components' && isRecord(item)
          ? mapValues(item, (map) => (isRecord(map) ? preparedMap(document, map, mode) : map))
          : MAP_KEYS.has(key) && isRecord(item)
            ? preparedMap(document, item, mode)
            : preparedValue(document, item, mode);
  return asJsonSchema(document, node, copy, mode);
}

function preparedValue(document: Node, value: unknown, mode: Mode): unknown {
  if (Array.isArray(value)) return value.map((item) => preparedValue(document, item, mode));
  return isRecord(value) ? prepared(document, value, mode) : value;
}

function mapValues(map: Node, change: (value: unknown) => unknown): Node {
  return Object.fromEntries(Object.entries(map).map(([name, item]) => [name, change(item)]));
}

function preparedMap(document: Node, map: Node, mode: Mode): Node {
  return mapValues(map, (item) => preparedValue(document, item, mode));
}

/** One schema node (its parts already prepared); `original` is the node as the document has it. */
function asJsonSchema(document: Node, original: Node, node: Node, mode: Mode): Node {
  keepWellFormed(node);
  exclusiveBounds(node, 'exclusiveMinimum', 'minimum');
  exclusiveBounds(node, 'exclusiveMaximum', 'maximum');
  if (Array.isArray(node.items)) {
    node.prefixItems = node.items;
    delete node.items;
  }
  if (mode !== 'output') {
    if (Array.isArray(node.oneOf) && node.anyOf === undefined) {
      node.anyOf = node.oneOf;
      delete node.oneOf;
    }
    withoutReadOnly(document, original, node);
    if (mode === 'patch') delete node.required;
  }
  return nullable(node);
}

/** Drops what ajv cannot compile and a server would not enforce. */
function keepWellFormed(node: Node): void {
  if (typeof node.type === 'string' && !JSON_TYPES.has(node.type)) delete node.type;
  if (Array.isArray(node.type)) {
    const types = node.type.filter((type) => typeof type === 'string' && JSON_TYPES.has(type));
    if (types.length > 0) node.type = types;
    else delete node.type;
  }
  if (node.required !== undefined) {
    const names = Array.isArray(node.required)
      ? node.required.filter((name) => typeof name === 'string')
      : [];
    if (names.length > 0) node.required = names;
    else delete node.required;
  }
  for (const keyword of NUMBER_KEYWORDS)
    if (node[keyword] !== undefined && typeof node[keyword] !== 'number') delete node[keyword];
  if (typeof node.multipleOf === 'number' && !(node.multipleOf > 0)) delete node.multipleOf;
  if (node.pattern !== undefined && typeof node.pattern !== 'string') delete node.pattern;
  if (node.format !== undefined && typeof node.format !== 'string') delete node.format;
  if (node.enum !== undefined && !Array.isArray(node.enum)) delete node.enum;
  if (node.properties !== undefined && !isRecord(node.properties)) delete node.properties;
  if (node.$ref !== undefined && typeof node.$ref !== 'string') delete node.$ref;
  for (const keyword of ['allOf', 'anyOf', 'oneOf'])
    if (node[keyword] !== undefined && !(Array.isArray(node[keyword]) && node[keyword].length > 0))
      delete node[keyword];
  if (node[DATE_RANGE_KEYWORD] !== undefined && !isDateRange(node[DATE_RANGE_KEYWORD]))
    delete node[DATE_RANGE_KEYWORD];
}

/** OpenAPI 3.0's `exclusiveMinimum: true` beside `minimum: 0` is 2020-12's `exclusiveMinimum: 0`. */
function exclusiveBounds(node: Node, exclusive: string, inclusive: string): void {
  const flag = node[exclusive];
  if (typeof flag !== 'boolean') {
    if (flag !== undefined && typeof flag !== 'number') delete node[exclusive];
    return;
  }
  if (flag && typeof node[inclusive] === 'number') {
    node[exclusive] = node[inclusive];
    delete node[inclusive];
  } else delete node[exclusive];
}

/** A request does not send what the server sets: readOnly properties are neither required nor checked. */
function withoutReadOnly(document: Node, original: Node, node: Node): void {
  if (!isRecord(original.properties) || !isRecord(node.properties)) return;
  const readOnly = Object.entries(original.properties)
    .filter(([, property]) => resolve(document, property).readOnly === true)
    .map(([name]) => name);
  if (readOnly.length === 0) return;
  const properties: Node = { ...node.properties };
  for (const name of readOnly) properties[name] = true;
  node.properties = properties;
  if (Array.isArray(node.required)) {
    const required = node.required.filter((name) => !readOnly.includes(String(name)));
    if (required.length > 0) node.required = required;
    else delete node.required;
  }
}

/**
 * OpenAPI 3.0's `nullable: true`: null besides the type (and the choices) it states; a nullable
 * schema without a type (`{ nullable, allOf: [$ref] }`) is null or what its parts say.
 */
function nullable(node: Node): Node {
  if (node.nullable === undefined) return node;
  const { nullable: flag, ...rest } = node;
  if (flag !== true) return rest;
  const choices = listOf(rest.enum);
  if (choices.length > 0 && !choices.includes(null)) rest.enum = [...choices, null];
  if (typeof rest.type === 'string') return { ...rest, type: [rest.type, 'null'] };
  const types = listOf(rest.type);
  if (types.length > 0)
    return { ...rest, type: types.includes('null') ? types : [...types, 'null'] };
  return { anyOf: [{ type: 'null' }, rest] };
}
