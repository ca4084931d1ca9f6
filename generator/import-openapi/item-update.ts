/**
 * Which operations send a record to update: an object body, and the item-path POST that is the
 * update of an API without PUT/PATCH (see itemPathUpdate).
 */
import type { Json } from '../json';
import type { Draft } from './drafts';
import type { Resource, ResourceAction } from './resources';
import { isStructuredMedia, resolveRef, schemaType } from './schemas';
import type { SourceOperation } from './source-operations';

export function hasObjectBody(operation: SourceOperation, document: Json): boolean {
  if (!operation.body) return false;
  return schemaType(resolveRef(operation.body.schema, document)) === 'object';
}

/**
 * OpenAI-style updates: `POST /assistants/{assistant_id}` with the record in the body, on an item
 * path that has a GET and no PUT/PATCH. Actions live on sub-paths (`/articles/{slug}/favorite`),
 * so a POST on the item path itself is the update — when no other edit was found.
 */
export function itemPathUpdate(
  draft: Draft,
  capabilities: Resource['capabilities'],
  actions: readonly ResourceAction[],
  document: Json,
): SourceOperation | undefined {
  if (capabilities.edit || !capabilities.info || !draft.itemPath) return undefined;
  return actions.find(
    ({ operation }) =>
      operation.method === 'post' &&
      operation.path.replace(/\/+$/, '') === draft.itemPath &&
      hasObjectBody(operation, document) &&
      isStructuredMedia(operation.body?.mediaType.split(';')[0]?.trim() ?? ''),
  )?.operation;
}
