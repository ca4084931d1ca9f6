/**
 * The mock's stored rows as Proxies that notice their own changes (./row-tracking): the only
 * traps are `set`, `deleteProperty` and `defineProperty`, each marking the row changed; reads
 * go straight to the row. Node-free, like the store that imports it.
 */
import type { MockRow } from './types';

/** Rows (the Proxies' targets) whose fields were set or deleted since the last write. */
export const changedTargets = new Set<MockRow>();
/**
 * A watched row's Proxy, kept on the row itself under a symbol that is not enumerable: JSON,
 * `Object.keys`, spreads and `Object.assign` never see it, and a row read through its Proxy
 * answers the Proxy itself (a WeakMap per row cost a third of a restart at 50,000 rows).
 */
const WATCHER = Symbol('row watcher');

function isRow(value: unknown): value is MockRow {
  return typeof value === 'object' && value !== null;
}

export function watcherOf(row: MockRow): MockRow | undefined {
  const value: unknown = Reflect.get(row, WATCHER);
  return isRow(value) ? value : undefined;
}

const watchFields: ProxyHandler<MockRow> = {
  set(target, key, value) {
    changedTargets.add(target);
    return Reflect.set(target, key, value);
  },
  deleteProperty(target, key) {
    changedTargets.add(target);
    return Reflect.deleteProperty(target, key);
  },
  defineProperty(target, key, descriptor) {
    changedTargets.add(target);
    return Reflect.defineProperty(target, key, descriptor);
  },
};

export function watched(row: MockRow): MockRow {
  // The row's Proxy when it has one (a row read through its Proxy answers that Proxy too).
  const known = watcherOf(row);
  if (known) return known;
  const proxy = new Proxy(row, watchFields);
  Reflect.defineProperty(row, WATCHER, { value: proxy });
  return proxy;
}

export function holdsNested(row: MockRow): boolean {
  for (const key in row) {
    const value = row[key];
    if (typeof value === 'object' && value !== null) return true;
  }
  return false;
}
