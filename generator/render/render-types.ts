/** generated/types/openapi.ts from openapi-typescript's programmatic API. */
import openapiTS, { astToString } from 'openapi-typescript';
import type { GeneratedFile, OpenApiDocument } from '../types';

/**
 * @example
 * const file = await renderTypes(document);
 * file.path; // 'types/openapi.ts'
 */
export async function renderTypes(document: OpenApiDocument): Promise<GeneratedFile> {
  // A structured clone: openapi-typescript annotates the object it is given.
  const ast = await openapiTS(
    structuredClone(document) as unknown as Parameters<typeof openapiTS>[0],
  );
  return { path: 'types/openapi.ts', content: astToString(ast) };
}
