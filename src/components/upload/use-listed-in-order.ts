/**
 * FilePond's side of "listed in the order chosen" (./arrival-order.ts): an uploaded file moves
 * from FilePond to the control's value list when its turn comes. A file that finished before
 * the ones chosen ahead of it stays in FilePond, shown as uploaded, until they are done, so
 * nothing vanishes from the screen in between.
 */
import { useState } from 'react';
import type { AttachmentValue } from '@/core/attachment';
import { arrivalOrder } from './arrival-order';

export interface ListedInOrder {
  /** A file FilePond takes to upload: it gets the next place. */
  expect(file: Blob): void;
  /** Its upload answered with `item`, or it dropped out (no item). */
  settle(file: Blob, item?: AttachmentValue): void;
  /** FilePond reports the upload of its item `id` (of `file`) done. */
  uploaded(file: Blob, id: string): void;
}

/**
 * `list` takes an item into the value list; `removeFromPond` takes FilePond's item out once the
 * list shows the file. Both are read once, at the first render: pass functions that reach the
 * current handlers through refs. The object returned stays the same for the component's life.
 */
export function useListedInOrder(
  list: (item: AttachmentValue) => void,
  removeFromPond: (id: string) => void,
): ListedInOrder {
  const [listedInOrder] = useState(() => listedInOrderWith(list, removeFromPond));
  return listedInOrder;
}

export function listedInOrderWith(
  list: (item: AttachmentValue) => void,
  removeFromPond: (id: string) => void,
): ListedInOrder {
  const order = arrivalOrder<Blob, { file: Blob; item: AttachmentValue }>();
  /** Listed before FilePond said its upload was done. */
  const listed = new Set<Blob>();
  /** Done in FilePond, not listed yet: FilePond's item id. */
  const waiting = new Map<Blob, string>();
  return {
    expect: (file) => order.expect(file),
    settle(file, item) {
      for (const due of order.settle(file, item && { file, item })) {
        list(due.item);
        const id = waiting.get(due.file);
        waiting.delete(due.file);
        if (id === undefined) listed.add(due.file);
        else removeFromPond(id);
      }
    },
    uploaded(file, id) {
      if (listed.delete(file)) removeFromPond(id);
      else waiting.set(file, id);
    },
  };
}
