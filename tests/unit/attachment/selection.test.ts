// @vitest-environment node
/** Attachment selection (spec sections 4 and 5) and the two-level category rule (section 3). */
import { describe, expect, it } from 'vitest';
import { canActOnSelection, toggleSelection } from '@/components/attachment-library/selection';
import { canAddChild, categoryPath } from '@/components/attachment-library/category-rules';
import type { AttachmentValue } from '@/core/attachment';

const item = (id: number): AttachmentValue => ({
  att_id: id,
  att_title: `图片${id}`,
  att_url: `/storage/mock/${id}`,
});

describe('selection', () => {
  it('a click adds an item; a second click on it removes it', () => {
    const first = toggleSelection([], item(1), 9, 'image');
    expect(first).toEqual({ ok: true, selected: [item(1)] });
    const second = toggleSelection(first.selected, item(2), 9, 'image');
    expect(second.selected.map((value) => value.att_id)).toEqual([1, 2]);
    // The id may come back as text from a stored value: still the same attachment.
    const again = toggleSelection(second.selected, { ...item(1), att_id: '1' }, 9, 'image');
    expect(again).toEqual({ ok: true, selected: [item(2)] });
  });

  it('choosing past the limit is refused with the limit in the message; the selection stays', () => {
    const two = [item(1), item(2)];
    expect(toggleSelection(two, item(3), 2, 'image')).toEqual({
      ok: false,
      selected: two,
      message: '最多只能选择2张图片',
    });
    expect(toggleSelection([item(1)], item(3), 1, 'file')).toEqual({
      ok: false,
      selected: [item(1)],
      message: '最多只能选择1个文件',
    });
    // At the limit an item can still be removed.
    expect(toggleSelection(two, item(2), 2, 'image')).toEqual({ ok: true, selected: [item(1)] });
  });

  it('delete and use-selected are enabled only when something is selected', () => {
    expect(canActOnSelection([])).toBe(false);
    expect(canActOnSelection([item(1)])).toBe(true);
  });
});

describe('two-level categories', () => {
  const categories = [
    { ac_id: 1, ac_parent: 0 },
    { ac_id: 2, ac_parent: 1 },
    { ac_id: 4, ac_parent: 0 },
  ];

  it('the root (一级分类) and a first-level category may receive children', () => {
    expect(canAddChild(0, categories)).toBe(true);
    expect(canAddChild(1, categories)).toBe(true);
    expect(canAddChild(4, categories)).toBe(true);
  });

  it('a category that has a parent cannot receive children', () => {
    expect(canAddChild(2, categories)).toBe(false);
    expect(canAddChild(99, categories)).toBe(false);
  });

  it('a new category stores its ancestor path', () => {
    expect(categoryPath(0)).toBe('0');
    expect(categoryPath(4)).toBe('0,4');
  });
});
