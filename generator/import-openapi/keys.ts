/**
 * A record's key, from the item path's parameter and the record's own fields (never a wrapper's:
 * the fields are those of the record the envelope holds), with the reason the report gives.
 */
import type { Json } from '../json';
import type { Resource } from './resources';
import { resolveRef, schemaType, type FlatObject } from './schemas';

export interface KeyChoice {
  field: string;
  /** Why, for the report: `path parameter {slug} is a field of Article`. */
  reason: string;
}

/** Names a key usually has, most likely first. */
const KEY_NAMES = ['id', 'uuid', 'slug', 'key', 'name'];

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The fields a key can be: a text or a number, which a path can name. listmonk's Bounce is
 * `{ results: [...] }` under `/bounces/{id}`: an array is no key.
 */
export function keyFields(flat: FlatObject | undefined, document: Json): string[] {
  return (flat?.properties ?? [])
    .filter((property) => !isComposite(property.schema, document))
    .map((property) => property.name);
}

/** An array, an object or a boolean; an untyped schema or an allOf of a text is not. */
function isComposite(schema: unknown, document: Json, depth = 0): boolean {
  const resolved = resolveRef(schema, document);
  const parts: unknown[] = Array.isArray(resolved.allOf) ? resolved.allOf : [];
  if (resolved.type === undefined && parts.length > 0 && depth < 8)
    return parts.every((part) => isComposite(part, document, depth + 1));
  return ['array', 'object', 'boolean'].includes(schemaType(resolved) ?? '');
}

/**
 * @example primaryKey(petResource, ['id', 'name']) // { field: 'id', reason: 'path parameter {petId} is <record>Id: the record's id' }
 */
export function primaryKey(resource: Resource, fields: readonly string[]): KeyChoice {
  const param = resource.idParam;
  const entity = resource.entity;
  if (param && fields.includes(param))
    return { field: param, reason: `path parameter {${param}} is a field of ${entity}` };
  // {petId}, {pet_id}, {articleSlug}: a prefix naming the record, then a key name.
  const tail = param
    ? KEY_NAMES.find((name) => squash(param).endsWith(name) && fields.includes(name))
    : undefined;
  if (param && tail)
    return {
      field: tail,
      reason: `path parameter {${param}} ends in ${tail}, a field of ${entity}`,
    };
  const named = KEY_NAMES.slice(0, 3).find((name) => fields.includes(name));
  if (named)
    return {
      field: named,
      reason: `${entity} has a field ${named}${param ? ` (path parameter {${param}} names none of its fields)` : ''}`,
    };
  // {floating_ip} of DigitalOcean's floating_ip, whose `ip` "serves as its identifier": the
  // parameter's last word is a field (checked before any field merely ending in id).
  const words = param?.split(/[_-]|(?=[A-Z])/) ?? [];
  const lastWord = words.length > 1 ? words.at(-1)?.toLowerCase() : undefined;
  const byLastWord = lastWord ? fields.find((f) => f.toLowerCase() === lastWord) : undefined;
  if (param && byLastWord)
    return {
      field: byLastWord,
      reason: `path parameter {${param}} ends in ${byLastWord}, a field of ${entity}`,
    };
  const byParam = param ? fields.find((f) => squash(f) === squash(param)) : undefined;
  if (byParam)
    return { field: byParam, reason: `path parameter {${param}} is ${entity}'s ${byParam}` };
  const suffixed = fields.find((f) => /(^|[a-z_])(id|Id|ID)$/.test(f));
  if (suffixed) return { field: suffixed, reason: `the first field of ${entity} ending in id` };
  if (fields[0] !== undefined)
    return {
      field: fields[0],
      reason: `${entity} has no id-like field: its first field (edit x-admin primaryKey)`,
    };
  return {
    field: param ?? 'id',
    reason: `${entity} has no text or number field to be its key: ${param ? `the item path's {${param}}` : 'id'}, which ${entity} does not declare (edit x-admin primaryKey)`,
  };
}
