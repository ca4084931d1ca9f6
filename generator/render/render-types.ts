/** generated/types/openapi.ts from openapi-typescript's programmatic API. */
import type { GeneratedFile, OpenApiDocument } from '../types';

/**
 * @example
 * const file = await renderTypes(document);
 * file.path; // 'types/openapi.ts'
 */
export async function renderTypes(document: OpenApiDocument): Promise<GeneratedFile> {
  // Loaded on use: a run whose contract is unchanged takes the types from the cache.
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  // A structured clone: openapi-typescript annotates the object it is given.
  const ast = await openapiTS(
    structuredClone(document) as unknown as Parameters<typeof openapiTS>[0],
  );
  return { path: 'types/openapi.ts', content: astToString(ast) };
}
