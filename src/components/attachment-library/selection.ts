/**
 * Attachment selection (spec section 4): clicking an item toggles it in the selected set;
 * delete and use-selected are enabled only when something is selected; choosing past the
 * limit is refused with 'at most {n} images can be chosen' (spec section 5).
 */
import type { AttachmentValue } from '@/core/attachment';
import type { Attachment } from '@generated/api/model/attachment';
import { attachment as t } from '@/locale/attachment';

export type LibraryKind = 'image' | 'file';

export type ToggleResult =
  | { ok: true; selected: AttachmentValue[] }
  | { ok: false; selected: AttachmentValue[]; message: string };

export function sameAttachment(a: { att_id: number | string }, b: { att_id: number | string }) {
  return String(a.att_id) === String(b.att_id);
}

export function isSelected(
  selected: readonly AttachmentValue[],
  item: { att_id: number | string },
) {
  return selected.some((value) => sameAttachment(value, item));
}

/** The message shown when choosing one more than `limit`. */
export function limitMessage(kind: LibraryKind, limit: number): string {
  return kind === 'image' ? t.limitImages(limit) : t.limitFiles(limit);
}

/**
 * Toggles `item`: a selected item is removed; an unselected one is added unless that would
 * exceed `limit`. A limit of 1 still refuses a second item, so the user sees why.
 */
export function toggleSelection(
  selected: readonly AttachmentValue[],
  item: AttachmentValue,
  limit: number,
  kind: LibraryKind,
): ToggleResult {
  if (isSelected(selected, item))
    return { ok: true, selected: selected.filter((value) => !sameAttachment(value, item)) };
  if (selected.length >= limit)
    return { ok: false, selected: [...selected], message: limitMessage(kind, limit) };
  return { ok: true, selected: [...selected, item] };
}

/** Delete and use-selected are enabled only when the count is above 0. */
export function canActOnSelection(selected: readonly unknown[]): boolean {
  return selected.length > 0;
}

/** The file value of an attachment row (what a control stores). */
export function toAttachmentValue(row: Pick<Attachment, 'att_id' | 'att_title' | 'att_url'>) {
  const value: AttachmentValue = {
    att_id: row.att_id,
    att_title: row.att_title,
    att_url: row.att_url,
  };
  return value;
}
