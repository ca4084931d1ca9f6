/**
 * Reading an imported source document (`<contract>/sources/<name>/openapi.yaml`, bundled: every
 * `$ref` is local): local references resolved, and the few schema facts the REST mock needs.
 */
import { isRecord, listOf } from '@/core/guards';

export type Node = Record<string, unknown>;

const EMPTY: Node = {};

/** The value at a JSON pointer of the document (`#/components/schemas/Pet`); undefined if absent. */
export function pointerValue(document: Node, pointer: string): unknown {
  if (!pointer.startsWith('#')) return undefined;
  const parts = pointer
    .slice(1)
    .split('/')
    .slice(1)
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = document;
  for (const part of parts) {
    if (Array.isArray(node)) node = node[Number(part)];
    else if (isRecord(node) && Object.hasOwn(node, part)) node = node[part];
    else return undefined;
  }
  return node;
}

/** A schema, parameter or response with its `$ref` followed (a few hops, never a cycle). */
export function resolve(document: Node, value: unknown): Node {
  let node = value;
  for (let hops = 0; hops < 16 && isRecord(node) && typeof node.$ref === 'string'; hops += 1) {
    const target = pointerValue(document, node.$ref);
    if (!isRecord(target)) return EMPTY;
    // OpenAPI 3.1 allows keys beside a $ref (x-admin, description): the target's keys win.
    const siblings = Object.entries(node).filter(([key]) => key !== '$ref');
    node = { ...Object.fromEntries(siblings), ...target };
  }
  return isRecord(node) ? node : EMPTY;
}

/** The schema's type ('object' when it only has properties); a 3.1 list of types gives its first non-null one. */
export function typeOf(schema: Node): string | undefined {
  const declared = schema.type;
  if (typeof declared === 'string') return declared;
  const first = listOf(declared).find((item) => typeof item === 'string' && item !== 'null');
  if (typeof first === 'string') return first;
  if (isRecord(schema.properties)) return 'object';
  if (isRecord(schema.items)) return 'array';
  return undefined;
}

export function isNullable(schema: Node): boolean {
  return schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
}

/**
 * The schema with the keywords of its `allOf` parts merged in, its own winning: DigitalOcean's
 * `tags: { allOf: [{ $ref: existing_tags_array }, { description }] }` is the array its first
 * part declares. `allOf` itself is kept, so propertiesOf and requiredOf still read the parts.
 */
export function withAllOf(document: Node, schema: Node, depth = 0): Node {
  const parts = listOf(schema.allOf);
  if (parts.length === 0 || depth > 8) return schema;
  let merged: Node = {};
  for (const part of parts)
    merged = { ...merged, ...withAllOf(document, resolve(document, part), depth + 1) };
  return { ...merged, ...schema };
}

/** The object's properties, with those of its `allOf` parts merged in. */
export function propertiesOf(document: Node, schema: Node): Map<string, Node> {
  const properties = new Map<string, Node>();
  for (const part of listOf(schema.allOf))
    for (const [name, value] of propertiesOf(document, resolve(document, part)))
      properties.set(name, value);
  if (isRecord(schema.properties))
    for (const [name, value] of Object.entries(schema.properties))
      properties.set(name, resolve(document, value));
  return properties;
}

/** The schema of the field at a dotted path (`data.results`) of an object schema; {} when absent. */
export function schemaAtPath(document: Node, schema: Node, path: string): Node {
  let found = schema;
  for (const part of path.split('.').filter(Boolean))
    found = propertiesOf(document, found).get(part) ?? EMPTY;
  return found;
}

export function requiredOf(document: Node, schema: Node): string[] {
  const names = listOf(schema.required).filter((name) => typeof name === 'string');
  for (const part of listOf(schema.allOf))
    names.push(...requiredOf(document, resolve(document, part)));
  return names;
}

export function numberAt(schema: Node, key: string): number | undefined {
  const value = schema[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function textAt(node: Node, key: string): string | undefined {
  const value = node[key];
  return typeof value === 'string' ? value : undefined;
}

export function recordAt(node: Node, ...keys: string[]): Node {
  let value: unknown = node;
  for (const key of keys) value = isRecord(value) ? value[key] : undefined;
  return isRecord(value) ? value : EMPTY;
}

/** The JSON media type of a `content` map (application/json, merge-patch+json, problem+json…). */
export function jsonMedia(content: Node): Node | undefined {
  const key = Object.keys(content).find((type) => /[/+]json\b/i.test(type));
  return key === undefined ? undefined : recordAt(content, key);
}

/** A value declared as the example of a schema or media type (`example`, else the first of `examples`). */
export function declaredExample(document: Node, node: Node): { value: unknown } | undefined {
  if (Object.hasOwn(node, 'example')) return { value: node.example };
  const examples = node.examples;
  if (Array.isArray(examples) && examples.length > 0) return { value: examples[0] };
  if (isRecord(examples))
    for (const example of Object.values(examples)) {
      const resolved = resolve(document, example);
      if (Object.hasOwn(resolved, 'value')) return { value: resolved.value };
    }
  return undefined;
}
