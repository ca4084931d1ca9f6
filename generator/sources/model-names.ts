/**
 * Orval writes one model file per schema, named from the schema in camelCase: `NullTime` and
 * `nullTime` (Ory Kratos has both) both land in `model/nullTime.ts`, written over each other into
 * a file that does not parse. Orval's copy of a source's document gives every such later schema
 * a name of its own (`nullTime2`), its $refs with it; the types (openapi-typescript) keep the
 * document's names, and the screens read their records from those.
 */
import type { OpenApiDocument } from '../types';
import { isJson } from '../json';

const PREFIX = '#/components/schemas/';

/** How orval's file name sees a schema name: letters and digits, case ignored. */
const fileKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The renames that keep every schema's model file apart (empty for most documents). */
export function modelFileClashes(document: OpenApiDocument): Map<string, string> {
  const schemas =
    isJson(document.components) && isJson(document.components.schemas)
      ? document.components.schemas
      : {};
  const names = Object.keys(schemas);
  const taken = new Set(names.map(fileKey));
  const seen = new Set<string>();
  const renames = new Map<string, string>();
  for (const name of names) {
    const key = fileKey(name);
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    let n = 2;
    while (taken.has(fileKey(`${name}${n}`))) n += 1;
    renames.set(name, `${name}${n}`);
    taken.add(fileKey(`${name}${n}`));
  }
  return renames;
}

function renamed(value: unknown, renames: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => renamed(item, renames));
  if (!isJson(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(PREFIX)) {
        const name = item.slice(PREFIX.length);
        return [key, `${PREFIX}${renames.get(name) ?? name}`];
      }
      return [key, renamed(item, renames)];
    }),
  );
}

/**
 * @example withDistinctModelNames(kratos) // components.schemas: { NullTime, nullTime2, … }
 */
export function withDistinctModelNames(document: OpenApiDocument): OpenApiDocument {
  const renames = modelFileClashes(document);
  if (renames.size === 0) return document;
  const copy = renamed(document, renames);
  if (!isJson(copy) || !isJson(copy.components) || !isJson(copy.components.schemas))
    return document;
  copy.components.schemas = Object.fromEntries(
    Object.entries(copy.components.schemas).map(([name, schema]) => [
      renames.get(name) ?? name,
      schema,
    ]),
  );
  return { ...document, ...copy };
}
