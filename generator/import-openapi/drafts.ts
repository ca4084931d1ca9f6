/**
 * Path shapes: which paths make a resource (an item path `/pets/{petId}` makes `/pets` one; so
 * does a list answer on a path of its own), and which resource an operation's path belongs to.
 */
import type { Json } from '../json';
import { listItems } from './list-items';
import { componentName } from './schemas';
import type { SourceOperation } from './source-operations';

/** A last path segment that names signing in or out: the source's auth covers it. */
export const AUTH_SEGMENT =
  /^(login|logout|signin|signout|sign-in|sign-out|token|tokens|oauth|auth|session)$/i;
export const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);
export const segmentsOf = (path: string) => path.split('/').filter(Boolean);

export interface PathShape {
  collection: string;
  idParam: string | undefined;
}

/** `/pet/{petId}` → { collection: '/pet', idParam: 'petId' }; `/pet` → { collection: '/pet' }. */
export function pathShape(path: string): PathShape | undefined {
  const segments = segmentsOf(path);
  const last = segments.at(-1);
  if (last === undefined) return undefined;
  if (!isParam(last)) return { collection: `/${segments.join('/')}`, idParam: undefined };
  const previous = segments.at(-2);
  if (previous === undefined || isParam(previous)) return undefined;
  return { collection: `/${segments.slice(0, -1).join('/')}`, idParam: last.slice(1, -1) };
}

export function isAuthPath(path: string): boolean {
  const statics = segmentsOf(path).filter((segment) => !isParam(segment));
  return AUTH_SEGMENT.test(statics.at(-1) ?? '');
}

/** Whether a GET answers with a list of `entity` records (or of any records, without one). */
export function listsEntity(operation: SourceOperation, document: Json, entity?: string): boolean {
  if (operation.method !== 'get') return false;
  const items = listItems(operation.success, document);
  return (
    items !== undefined && (entity === undefined || componentName(items.itemSchema) === entity)
  );
}

export interface Draft {
  collection: string;
  itemPath: string | undefined;
  idParam: string | undefined;
  operations: SourceOperation[];
}

export function drafts(operations: readonly SourceOperation[], document: Json): Draft[] {
  const found = new Map<string, Draft>();
  const add = (collection: string, itemPath?: string, idParam?: string) => {
    const draft = found.get(collection) ?? { collection, itemPath, idParam, operations: [] };
    if (draft.itemPath === undefined && itemPath) Object.assign(draft, { itemPath, idParam });
    found.set(collection, draft);
  };
  // Item paths first: `/pet/{petId}` makes `/pet` a resource.
  for (const operation of operations) {
    const shape = pathShape(operation.path);
    if (shape?.idParam && !isAuthPath(shape.collection))
      add(shape.collection, operation.path.replace(/\/+$/, ''), shape.idParam);
  }
  // Then list answers on a path of their own, unless they are a search under a resource
  // (`/pet/findByStatus`); a collection under an item path (`/books/{isbn}/reviews`) is one.
  const underResource = (path: string) =>
    [...found.keys()].some((collection) => {
      const next = segmentsOf(path)[segmentsOf(collection).length];
      return path.startsWith(`${collection}/`) && next !== undefined && !isParam(next);
    });
  for (const operation of operations) {
    const shape = pathShape(operation.path);
    if (!shape || shape.idParam || isAuthPath(shape.collection)) continue;
    if (listsEntity(operation, document) && !underResource(shape.collection)) add(shape.collection);
  }
  return [...found.values()];
}

/** The resource (longest collection path) an operation's path belongs to. */
export function owner(path: string, candidates: readonly Draft[]): Draft | undefined {
  const clean = path.replace(/\/+$/, '');
  return candidates
    .filter((d) => clean === d.collection || clean.startsWith(`${d.collection}/`))
    .sort((a, b) => b.collection.length - a.collection.length)[0];
}
