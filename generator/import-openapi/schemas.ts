/**
 * Schema helpers of the import: local $refs (every $ref is local once bundled), component names,
 * `allOf` flattened into one object's properties, and the media type an operation is read in.
 */
import { isJson, type Json } from '../json';
import { refName, resolveRef } from '../model/refs';

export { resolveRef };

const SCHEMAS_PREFIX = '#/components/schemas/';

/**
 * The components.schemas name a schema is, through a one-part allOf too.
 *
 * @example componentName({ $ref: '#/components/schemas/Pet' }) // 'Pet'
 * @example componentName({ type: 'object' }) // undefined
 */
export function componentName(schema: unknown): string | undefined {
  if (!isJson(schema)) return undefined;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith(SCHEMAS_PREFIX))
    return refName(schema);
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1)
    return componentName(schema.allOf[0]);
  return undefined;
}

/** One property of a flattened object: its schema as written and where to put its x-admin. */
export interface FlatProperty {
  name: string;
  schema: unknown;
  /** Path of the property's own schema in the document, e.g. components/schemas/Pet/properties/name. */
  at: (string | number)[];
}

export interface FlatObject {
  properties: FlatProperty[];
  required: string[];
}

/** Path of a local $ref's target: '#/components/schemas/Pet' → ['components', 'schemas', 'Pet']. */
export function refPath(ref: string): string[] {
  return ref
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The properties of an object schema, allOf parts merged in order; `at` is where `schema` sits
 * in the document (followed through $refs, so x-admin lands on the schema that declares the
 * property). A property declared twice keeps its last declaration.
 */
export function flattenObject(
  schema: unknown,
  at: (string | number)[],
  document: Json,
  depth = 0,
): FlatObject {
  const result: FlatObject = { properties: [], required: [] };
  if (!isJson(schema) || depth > 8) return result;
  if (typeof schema.$ref === 'string')
    return flattenObject(resolveRef(schema, document), refPath(schema.$ref), document, depth + 1);
  if (Array.isArray(schema.allOf)) {
    schema.allOf.forEach((part, index) => {
      const flat = flattenObject(part, [...at, 'allOf', index], document, depth + 1);
      merge(result, flat);
    });
  }
  // A union (oneOf/anyOf, with or without a discriminator): the fields every variant has, as
  // the first variant declares them; required where every variant requires it.
  const union = Array.isArray(schema.oneOf) ? 'oneOf' : 'anyOf';
  const variants: unknown[] = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : [];
  if (variants.length > 0) {
    const flats = variants.map((variant, index) =>
      flattenObject(variant, [...at, union, index], document, depth + 1),
    );
    const [first, ...others] = flats;
    merge(result, {
      properties: (first?.properties ?? []).filter((property) =>
        others.every((flat) => flat.properties.some((p) => p.name === property.name)),
      ),
      required: (first?.required ?? []).filter((name) =>
        others.every((flat) => flat.required.includes(name)),
      ),
    });
  }
  if (isJson(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      merge(result, {
        properties: [{ name, schema: property, at: [...at, 'properties', name] }],
        required: [],
      });
    }
  }
  if (Array.isArray(schema.required))
    result.required.push(...schema.required.filter((name) => typeof name === 'string'));
  return result;
}

function merge(into: FlatObject, from: FlatObject): void {
  for (const property of from.properties) {
    const index = into.properties.findIndex((p) => p.name === property.name);
    if (index >= 0) into.properties[index] = property;
    else into.properties.push(property);
  }
  into.required.push(...from.required.filter((name) => !into.required.includes(name)));
}

/** The types a schema allows, `null` left out (3.1 `type: [string, null]`, 3.0 `nullable`). */
export function schemaType(schema: Json): string | undefined {
  const types: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((t) => t !== 'null');
  if (typeof type === 'string') return type;
  if (isJson(schema.properties) || Array.isArray(schema.allOf)) return 'object';
  // A union of objects ($refs, in real documents) is read as its common fields (flattenObject);
  // one with an inline scalar variant (`string` or `integer`) as that variant's type.
  const variants: unknown[] = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : [];
  if (variants.length > 0) {
    const scalar = variants
      .filter((variant): variant is Json => isJson(variant) && variant.$ref === undefined)
      .map(schemaType)
      .find((type) => type !== undefined && type !== 'object');
    return scalar ?? 'object';
  }
  if (schema.items !== undefined) return 'array';
  if (Array.isArray(schema.enum)) {
    const values: unknown[] = schema.enum;
    const first = values.find((value) => value !== null);
    return typeof first === 'number' ? 'number' : typeof first;
  }
  return undefined;
}

/** Media types in the order they are preferred for reading a body. */
const PREFERRED_MEDIA = [
  /^application\/json$/,
  /^application\/[\w.-]+\+json$/,
  /^application\/x-www-form-urlencoded$/,
  /^multipart\/form-data$/,
  /^application\/octet-stream$/,
  /^\*\/\*$/,
];

export interface MediaSchema {
  mediaType: string;
  schema: unknown;
}

/**
 * The preferred media type of a `content` map and its schema; undefined when it has none.
 *
 * @example preferredMedia({ 'application/xml': {…}, 'application/json': { schema: S } }) // { mediaType: 'application/json', schema: S }
 */
export function preferredMedia(content: unknown): MediaSchema | undefined {
  if (!isJson(content)) return undefined;
  const types = Object.keys(content);
  for (const pattern of PREFERRED_MEDIA) {
    const mediaType = types.find((type) => pattern.test(type.split(';')[0]!.trim()));
    if (mediaType) {
      const media = content[mediaType];
      return { mediaType, schema: isJson(media) ? media.schema : undefined };
    }
  }
  const first = types[0];
  if (first === undefined) return undefined;
  const media = content[first];
  return { mediaType: first, schema: isJson(media) ? media.schema : undefined };
}

/** Whether a media type is read as JSON or a form (what the admin screens send and read). */
export function isStructuredMedia(mediaType: string): boolean {
  return PREFERRED_MEDIA.slice(0, 4).some((pattern) =>
    pattern.test(mediaType.split(';')[0]!.trim()),
  );
}
