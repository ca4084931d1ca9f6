// @vitest-environment node
/**
 * Several files chosen at once upload side by side; the control lists them in the order they
 * were chosen whatever order their uploads finish in, and a file that drops out (refused,
 * failed, removed) holds up none after it. A file that finished early stays in FilePond, shown
 * as uploaded, until its turn in the list comes.
 */
import { describe, expect, it } from 'vitest';
import { arrivalOrder } from '@/components/upload/arrival-order';
import { listedInOrderWith } from '@/components/upload/use-listed-in-order';

function chosen(...names: string[]) {
  const order = arrivalOrder<string, string>();
  for (const name of names) order.expect(name);
  return order;
}

describe('files chosen together', () => {
  it('are listed in the order chosen when the last one finishes first', () => {
    const order = chosen('相册1.png', '相册2.png', '相册3.png');
    expect(order.settle('相册3.png', '相册3')).toEqual([]);
    expect(order.settle('相册1.png', '相册1')).toEqual(['相册1']);
    expect(order.settle('相册2.png', '相册2')).toEqual(['相册2', '相册3']);
  });

  it('are listed at once when they finish in the order chosen', () => {
    const order = chosen('a', 'b');
    expect(order.settle('a', 'A')).toEqual(['A']);
    expect(order.settle('b', 'B')).toEqual(['B']);
  });

  it('do not wait for one that failed or was removed before it finished', () => {
    const order = chosen('a', 'b', 'c');
    expect(order.settle('c', 'C')).toEqual([]);
    expect(order.settle('b', 'B')).toEqual([]);
    expect(order.settle('a')).toEqual(['B', 'C']);
  });

  it('list a later choice after the earlier ones still uploading', () => {
    const order = chosen('a');
    order.expect('b');
    expect(order.settle('b', 'B')).toEqual([]);
    expect(order.settle('a', 'A')).toEqual(['A', 'B']);
  });

  it('ignore a second word on a file already settled, and list one nobody expected at once', () => {
    const order = chosen('a', 'b');
    expect(order.settle('a', 'A')).toEqual(['A']);
    // An upload cancelled after it ended (FilePond's remove after the value list took it).
    expect(order.settle('a')).toEqual([]);
    expect(order.settle('x', 'X')).toEqual(['X']);
    expect(order.settle('b', 'B')).toEqual(['B']);
  });

  it('keep two choices of the same file apart', () => {
    const order = chosen('same', 'other', 'same');
    expect(order.settle('same', 'first')).toEqual(['first']);
    expect(order.settle('same', 'third')).toEqual([]);
    expect(order.settle('other', 'second')).toEqual(['second', 'third']);
  });
});

describe('FilePond hands uploaded files to the value list', () => {
  function pond() {
    const shown: string[] = [];
    const removed: string[] = [];
    const inOrder = listedInOrderWith(
      (item) => shown.push(item.att_title),
      (id) => removed.push(id),
    );
    const files = new Map(['相册1', '相册2'].map((name) => [name, new Blob([name])]));
    const file = (name: string) => files.get(name) ?? new Blob();
    const item = (name: string) => ({ att_id: 1, att_title: name, att_url: `/storage/${name}` });
    for (const name of files.keys()) inOrder.expect(file(name));
    return { inOrder, shown, removed, file, item };
  }

  it('keeps a file that finished early in FilePond until the one before it is listed', () => {
    const { inOrder, shown, removed, file, item } = pond();
    inOrder.settle(file('相册2'), item('相册2'));
    inOrder.uploaded(file('相册2'), 'pond-2');
    expect(shown).toEqual([]);
    expect(removed).toEqual([]);
    inOrder.settle(file('相册1'), item('相册1'));
    expect(shown).toEqual(['相册1', '相册2']);
    expect(removed).toEqual(['pond-2']);
    inOrder.uploaded(file('相册1'), 'pond-1');
    expect(removed).toEqual(['pond-2', 'pond-1']);
  });

  it('takes a file out of FilePond once listed, whichever of the two is told first', () => {
    const { inOrder, shown, removed, file, item } = pond();
    inOrder.uploaded(file('相册1'), 'pond-1');
    expect(removed).toEqual([]);
    inOrder.settle(file('相册1'), item('相册1'));
    expect(shown).toEqual(['相册1']);
    expect(removed).toEqual(['pond-1']);
  });

  it('lists the next file when the one before it fails', () => {
    const { inOrder, shown, removed, file, item } = pond();
    inOrder.settle(file('相册2'), item('相册2'));
    inOrder.uploaded(file('相册2'), 'pond-2');
    inOrder.settle(file('相册1'));
    expect(shown).toEqual(['相册2']);
    expect(removed).toEqual(['pond-2']);
  });
});
