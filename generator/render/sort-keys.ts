/**
 * Deterministic JSON for generated/openapi.json: object keys are sorted wherever their order
 * carries no meaning. Schema `properties` keep their order (it is form and column order, see
 * openapi/README.md), and arrays always keep theirs.
 */
type Json = unknown;

/** Keys whose value is a map whose insertion order is meaningful. */
const ORDERED_MAPS = new Set(['properties']);

export function sortKeysDeep(value: Json, keepOrder = false): Json {
  if (Array.isArray(value)) return value.map((item) => sortKeysDeep(item));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, Json>);
  if (!keepOrder) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const result: Record<string, Json> = {};
  for (const [key, child] of entries) {
    // Inside `properties` the children are schemas (sorted); the map itself keeps its order.
    result[key] =
      ORDERED_MAPS.has(key) && !keepOrder ? sortKeysDeep(child, true) : sortKeysDeep(child);
  }
  return result;
}
