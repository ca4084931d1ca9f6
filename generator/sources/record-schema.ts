/**
 * A record schema as one object, the way the import reads it (import-openapi/schemas.ts's
 * flattenObject): `allOf` parts merged in order, a `oneOf`/`anyOf` union's common fields as its
 * first variant declares them — where the import wrote each field's x-admin.
 */
import { isJson, type Json } from '../json';
import { resolveRef } from '../model/refs';

export interface RecordSchema {
  properties: Record<string, unknown>;
  required: string[];
}

/** @example recordSchema({ allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { name: … } }] }, doc) */
export function recordSchema(schema: unknown, document: Json, depth = 0): RecordSchema {
  const result: RecordSchema = { properties: {}, required: [] };
  const resolved = resolveRef(schema, document);
  if (depth > 8) return result;
  const take = (part: RecordSchema) => {
    Object.assign(result.properties, part.properties);
    result.required.push(...part.required.filter((name) => !result.required.includes(name)));
  };
  for (const part of Array.isArray(resolved.allOf) ? resolved.allOf : [])
    take(recordSchema(part, document, depth + 1));
  const variants: unknown[] = Array.isArray(resolved.oneOf)
    ? resolved.oneOf
    : Array.isArray(resolved.anyOf)
      ? resolved.anyOf
      : [];
  const [first, ...others] = variants.map((variant) => recordSchema(variant, document, depth + 1));
  if (first)
    take({
      properties: Object.fromEntries(
        Object.entries(first.properties).filter(([name]) =>
          others.every((other) => name in other.properties),
        ),
      ),
      required: first.required.filter((name) => others.every((o) => o.required.includes(name))),
    });
  if (isJson(resolved.properties)) take({ properties: resolved.properties, required: [] });
  if (Array.isArray(resolved.required))
    take({
      properties: {},
      required: resolved.required.filter((name): name is string => typeof name === 'string'),
    });
  return result;
}
