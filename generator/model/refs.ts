/** Local $ref resolution (every $ref of the merged contract is local, see openapi/README.md). */
import { isJson, type Json } from '../json';

/** Follows `$ref`s (at most 10 hops) to the referenced object; non-refs are returned as is. */
export function resolveRef(value: unknown, document: Json): Json {
  let current: unknown = value;
  for (let hop = 0; hop < 10 && isJson(current) && typeof current.$ref === 'string'; hop += 1) {
    current = pointer(document, current.$ref);
  }
  return isJson(current) ? current : {};
}

/** Name of the component a `$ref` points at: '#/components/schemas/IdBody' → 'IdBody'. */
export function refName(value: unknown): string | undefined {
  if (!isJson(value) || typeof value.$ref !== 'string') return undefined;
  return value.$ref.split('/').pop();
}

function pointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, got ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (isJson(node) ? node[part] : undefined), document);
}

/**
 * A property's schema with its `$ref` and its items' `$ref` resolved: what a field needs to tell
 * a list of texts (`dates: { items: { $ref: Date } }`, Date a string) from a list of records.
 */
export function resolveProperty(value: unknown, document: Json): Json {
  const schema = resolveRef(value, document);
  return schema.items === undefined
    ? schema
    : { ...schema, items: resolveRef(schema.items, document) };
}
