/**
 * Files chosen together upload side by side and finish in any order, but the control lists them
 * in the order they were chosen (相册1, 相册2, 相册3 — not whichever upload answered first).
 * Each accepted file takes the next place; a finished upload waits until every file before it
 * has finished or dropped out (refused, failed, cancelled, removed).
 */
export interface ArrivalOrder<Key, Value> {
  /** `key` was accepted: it takes the next place. */
  expect(key: Key): void;
  /**
   * `key` finished with `value`, or dropped out (no value): the values now due, in order. A
   * key that holds no place (never expected, or settled before) is due at once.
   */
  settle(key: Key, value?: Value): Value[];
}

type Place<Key, Value> = { key: Key } & (
  | { state: 'waiting' }
  | { state: 'done'; value: Value }
  | { state: 'dropped' }
);

export function arrivalOrder<Key, Value>(): ArrivalOrder<Key, Value> {
  const places: Place<Key, Value>[] = [];
  return {
    expect(key) {
      places.push({ key, state: 'waiting' });
    },
    settle(key, value) {
      const index = places.findIndex((place) => place.key === key && place.state === 'waiting');
      if (index < 0) return value === undefined ? [] : [value];
      places[index] =
        value === undefined ? { key, state: 'dropped' } : { key, state: 'done', value };
      const due: Value[] = [];
      while (places[0] && places[0].state !== 'waiting') {
        const first = places.shift();
        if (first?.state === 'done') due.push(first.value);
      }
      return due;
    },
  };
}
