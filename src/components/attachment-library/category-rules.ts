/**
 * The category rule (spec section 3): root id 0 is labelled 一级分类 and only two levels exist —
 * a category that has a parent cannot receive children. The server refuses it too; the client
 * offers no add-child action on such a category.
 */
import type { AttachmentCate } from '@generated/api/model/attachmentCate';

/** The root the tree shows above the first-level categories. */
export const ROOT_CATEGORY_ID = 0;

/** True when a child may be added under the category `id` (the root or a first-level one). */
export function canAddChild(
  id: number,
  categories: readonly Pick<AttachmentCate, 'ac_id' | 'ac_parent'>[],
): boolean {
  if (id === ROOT_CATEGORY_ID) return true;
  const category = findCategory(categories, id);
  return category !== undefined && category.ac_parent === ROOT_CATEGORY_ID;
}

/** Depth-first search of a category tree by id. */
export function findCategory<T extends { ac_id: number; children?: T[] }>(
  categories: readonly T[],
  id: number,
): T | undefined {
  for (const category of categories) {
    if (category.ac_id === id) return category;
    const found = findCategory(category.children ?? [], id);
    if (found) return found;
  }
  return undefined;
}

/** The same tree flattened (parents before their children). */
export function flattenCategories<T extends { children?: T[] }>(categories: readonly T[]): T[] {
  return categories.flatMap((category) => [
    category,
    ...flattenCategories(category.children ?? []),
  ]);
}

/** The ancestor path the contract stores with a category ('0' or '0,{parent}'). */
export function categoryPath(parent: number): string {
  return parent === ROOT_CATEGORY_ID ? '0' : `0,${parent}`;
}
