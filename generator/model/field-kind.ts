/** Field kind: the JSON type of an entity property's (resolved) schema, from `type`. */
import type { Json } from '../json';
import type { FieldKind } from '../types';
import { listOf } from '../../src/core/guards';

const KINDS: readonly FieldKind[] = ['string', 'integer', 'number', 'boolean', 'array', 'object'];

/**
 * @example fieldKind({ type: 'integer' }) // 'integer'
 * @example fieldKind({ type: ['string', 'null'] }) // 'string'
 */
export function fieldKind(resolved: Json): FieldKind {
  const type = resolved.type;
  const candidates = Array.isArray(type) ? listOf(type).filter((t) => t !== 'null') : [type];
  const first = candidates[0];
  if (typeof first === 'string' && (KINDS as readonly string[]).includes(first))
    return first as FieldKind;
  if (resolved.properties) return 'object';
  if (resolved.items) return 'array';
  return 'unknown';
}
