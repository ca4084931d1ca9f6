// @vitest-environment node
/**
 * Several files chosen at once upload side by side; the control lists them in the order they
 * were chosen whatever order their uploads finish in, and a file that drops out (refused,
 * failed, removed) holds up none after it.
 */
import { describe, expect, it } from 'vitest';
import { arrivalOrder } from '@/components/upload/arrival-order';

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
