/**
 * The contract as orval and openapi-typescript get it: without x-admin, which they never read,
 * at the four places the model reads it (tags, operations, schemas and their properties). The
 * generator's cache keys their output by this very text, so a label, seed or menu edit reruns
 * neither; since they are handed exactly what the key hashes, the key cannot lie.
 */
import { isJson, type Json } from '../json';
import type { OpenApiDocument } from '../types';

/** @example contractForTools(document).tags?.[0]?.['x-admin'] // undefined */
export function contractForTools(document: OpenApiDocument): OpenApiDocument {
  const bare = ({ 'x-admin': _admin, ...rest }: Json): Json => rest;
  const each = (map: Json, change: (value: Json) => Json): Json =>
    Object.fromEntries(Object.entries(map).map(([k, v]) => [k, isJson(v) ? change(v) : v]));
  const { tags, paths, components } = document;
  const schemas = components.schemas;
  return {
    ...document,
    ...(tags && { tags: tags.map(bare) }),
    paths: Object.fromEntries(Object.entries(paths).map(([key, item]) => [key, each(item, bare)])),
    ...(schemas && {
      components: {
        ...components,
        schemas: each(schemas, (schema) => {
          const rest = bare(schema);
          return isJson(rest.properties)
            ? { ...rest, properties: each(rest.properties, bare) }
            : rest;
        }),
      },
    }),
  };
}
