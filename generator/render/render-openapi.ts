/** generated/openapi.json: the merged contract everything else reads. */
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
