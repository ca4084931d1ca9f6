/** generated/openapi.json: the merged contract everything else reads, and its declared type. */
import { sortKeysDeep } from './sort-keys';
import type { GeneratedFile, OpenApiDocument } from '../types';
import { BANNER_TEXT } from '../banner';

/**
 * JSON has no comments, so the banner is an `x-generated` extension (ignored by tools).
 *
 * @example renderOpenApiJson(document).path // 'openapi.json'
 */
export function renderOpenApiJson(document: OpenApiDocument): GeneratedFile {
  const bannered = { 'x-generated': BANNER_TEXT, ...document };
  return { path: 'openapi.json', content: `${JSON.stringify(sortKeysDeep(bannered), null, 2)}\n` };
}

/**
 * generated/openapi.d.json.ts: the type TypeScript gives `import … from 'openapi.json'`
 * (allowArbitraryExtensions). Inferred from the JSON, that type changed with every contract
 * edit, and tsc -b rechecked every file importing the mock's contract or the API documentation,
 * directly or not; every reader checks what it reads anyway.
 */
export function renderOpenApiJsonType(): GeneratedFile {
  return {
    path: 'openapi.d.json.ts',
    content: [
      '/** The merged contract (openapi.json) as JSON: each reader checks what it reads. */',
      'declare const contract: Readonly<Record<string, unknown>>;',
      'export default contract;',
      '',
    ].join('\n'),
  };
}
