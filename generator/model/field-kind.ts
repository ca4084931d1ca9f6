/** Field kind: the JSON type of an entity property, from `type`, following one local $ref. */
import type { FieldKind } from '../types';
import { resolveRef, type Json } from './refs';

const KINDS: readonly FieldKind[] = ['string', 'integer', 'number', 'boolean', 'array', 'object'];

/**
 * @example fieldKind({ type: 'integer' }, doc) // 'integer'
 * @example fieldKind({ type: ['string', 'null'] }, doc) // 'string'
 */
export function fieldKind(schema: Json, document: Json): FieldKind {
  const resolved = resolveRef(schema, document);
  const type = resolved.type;
  const candidates = Array.isArray(type) ? type.filter((t) => t !== 'null') : [type];
  const first = candidates[0];
  if (typeof first === 'string' && (KINDS as readonly string[]).includes(first))
    return first as FieldKind;
  if (resolved.properties) return 'object';
  if (resolved.items) return 'array';
  return 'unknown';
}
