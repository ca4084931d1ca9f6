/**
 * The contract as orval and openapi-typescript get it: without the specification extensions
 * they never read — x-admin (labels, seeds, menus, trees), x-inferred and any other `x-` key —
 * wherever they sit. The generator's cache keys their output (and the lint) by this very text,
 * so a label, seed or menu edit reruns neither; since they are handed exactly what the key
 * hashes, the key cannot lie.
 */
import { pointerOf } from '../import-openapi/pointer';
import { isJson, type Json } from '../json';
import type { OpenApiDocument } from '../types';

/** The extensions the tools do read: enum names and descriptions (orval, openapi-typescript). */
const READ_EXTENSION = /^x-enum/i;

/** Values that are data, not contract objects: an `x-` key inside one is a record's field. */
export const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** Maps whose keys are names someone chose (a property may be called `x-id`), not extensions. */
export const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  'schemas',
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
  'content',
  'encoding',
  'variables',
  'mapping',
  '$defs',
  'definitions',
  'dependentSchemas',
]);

function bareValue(value: unknown, names = false): unknown {
  if (Array.isArray(value)) return value.map((item) => bareValue(item));
  return isJson(value) ? bareObject(value, names) : value;
}

/** `value` without its extensions; with `names`, a name map: its own keys all stay. */
function bareObject(value: Json, names = false): Json {
  const kept: Json = {};
  for (const [key, child] of Object.entries(value)) {
    if (names) kept[key] = bareValue(child);
    else if (key.startsWith('x-') && !READ_EXTENSION.test(key)) continue;
    else kept[key] = DATA_KEYS.has(key) ? child : bareValue(child, NAME_MAPS.has(key));
  }
  return kept;
}

/**
 * @example contractForTools(document).tags?.[0]?.['x-admin'] // undefined
 * @example contractForTools(document).paths['/api/district/list']?.get?.['x-inferred'] // undefined
 */
export function contractForTools(document: OpenApiDocument): OpenApiDocument {
  const { paths, components, tags } = document;
  const each = (map: Record<string, Json>, names: boolean) =>
    Object.fromEntries(
      Object.entries(map)
        .filter(([key]) => !key.startsWith('x-'))
        .map(([key, child]) => [key, bareObject(child, names)]),
    );
  // The rest of the document in its own key order; the three maps (placeholders here) are
  // stripped once, below, not twice.
  const mapKeys = new Set(['paths', 'components', 'tags']);
  const rest = Object.entries(document).map(([key, child]): [string, unknown] => [
    key,
    mapKeys.has(key) ? null : child,
  ]);
  return {
    ...bareObject(Object.fromEntries(rest)),
    paths: each(paths, false),
    components: each(components, true),
    ...(tags && { tags: tags.map((tag) => bareObject(tag)) }),
  };
}

/**
 * Where orval is known to crash on a document, which its message never names: an enum-name
 * extension it reads (x-enum-varnames, x-enumNames…) holding an entry that is no text — orval
 * fails with "s.charAt is not a function". The first such pointer, else undefined.
 *
 * @example toolTrap({ components: { schemas: { A: { 'x-enum-varnames': [1] } } } })
 * // '#/components/schemas/A/x-enum-varnames'
 */
export function toolTrap(
  value: unknown,
  at: readonly (string | number)[] = [],
): string | undefined {
  const children: [string | number, unknown][] = Array.isArray(value)
    ? [...value.entries()]
    : isJson(value)
      ? Object.entries(value)
      : [];
  for (const [key, child] of children) {
    const here = [...at, key];
    const names = typeof key === 'string' && READ_EXTENSION.test(key) && Array.isArray(child);
    if (names && child.some((name) => typeof name !== 'string')) return pointerOf(here);
    if (typeof key === 'string' && DATA_KEYS.has(key)) continue;
    const found = toolTrap(child, here);
    if (found) return found;
  }
  return undefined;
}
