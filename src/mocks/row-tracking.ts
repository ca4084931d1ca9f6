/**
 * What changed in the mock's tables since the last write, row by row, for a database that
 * keeps one row per record (`cli mock-server --data-dir`, ./sqlite-store). Node-free: the
 * store (./store) imports it and the browser build imports the store.
 *
 * The handlers change tables in place: they push rows, assign `rows` a filtered copy, set a
 * row's fields, bump `nextId`. Serialising every table per write to find out which changed
 * (what the journal did) costs the whole table — 8 MB of JSON at 50,000 rows. Instead:
 * - A row's own fields: every stored row is a Proxy whose only traps are `set`,
 *   `deleteProperty` and `defineProperty`, each marking the row changed. Reads go straight to
 *   the row (no `get` trap).
 * - Rows added, removed, moved between the live list and the recycle bin or reordered: each
 *   table's two lists are compared by identity with their copies from the last write — a
 *   pointer compare per row, and when only rows were appended, nothing more.
 * - A value inside a row (an object or array in a field) can change without touching the row:
 *   rows holding one keep their JSON text, compared again at each write of a table that was
 *   reached (`table()`) since the last one.
 *
 * A row the handlers created (a plain object) is replaced in its list by its Proxy once it is
 * written; a handler holding the plain object after its write and changing it then would go
 * unseen — none does: each request finds its rows through `table()` again.
 */
import type { RowBin, RowDatabase, RowWrite, StoredTable, TableWrite } from './row-database';
import type { MockRow } from './types';
import { changedTargets, holdsNested, watched, watcherOf } from './watched-rows';

/** A table of the store (./store's MockTable; declared here so this module imports nothing of it). */
interface MockTable {
  rows: MockRow[];
  nextId: number;
  recycled: MockRow[];
}

interface RowInfo {
  slot: number;
  bin: RowBin;
  position: number;
  /** The stored JSON text of a row that holds an object or array in a field. */
  nested?: string;
}

interface Shadow {
  /** False for a seeded table never written: it is written whole at its first change. */
  inDatabase: boolean;
  lists: [MockRow[], MockRow[]];
  nextId: number;
  info: Map<MockRow, RowInfo>;
  /** The rows holding an object or array in a field (compared as text). */
  nested: Set<MockRow>;
  nextSlot: number;
}

function listsOf(table: MockTable): [MockRow[], MockRow[]] {
  return [table.rows, table.recycled];
}

/** The rows of `table` as Proxies (in place), with their stored places, as the last write left them. */
function shadowOf(table: MockTable, stored: StoredTable | undefined): Shadow {
  const info = new Map<MockRow, RowInfo>();
  const nested = new Set<MockRow>();
  let nextSlot = 1;
  const lists = listsOf(table);
  lists.forEach((list, bin) => {
    // A stored table's lists are its stored rows in order (tableOfStored), bin by bin.
    const savedRows = stored?.rows.filter((row) => row.bin === bin);
    list.forEach((row, index) => {
      const proxy = watched(row);
      list[index] = proxy;
      const saved = savedRows?.[index]?.value === row ? savedRows[index] : undefined;
      const slot = saved?.slot ?? nextSlot;
      nextSlot = Math.max(nextSlot, slot + 1);
      const inner = holdsNested(row);
      if (inner) nested.add(proxy);
      info.set(proxy, {
        slot,
        bin: bin === 0 ? 0 : 1,
        position: saved?.position ?? index,
        nested: inner ? JSON.stringify(row) : undefined,
      });
    });
  });
  return {
    inDatabase: stored !== undefined,
    lists: [lists[0].slice(), lists[1].slice()],
    nextId: table.nextId,
    info,
    nested,
    nextSlot,
  };
}

/** The stored rows as a table (Proxies in stored order), for the store to serve. */
export function tableOfStored(stored: StoredTable): MockTable {
  const rows: MockRow[] = [];
  const recycled: MockRow[] = [];
  for (const row of stored.rows) (row.bin === 0 ? rows : recycled).push(row.value);
  return { rows, nextId: stored.nextId, recycled };
}

/** The table's rows from `start` on are new ones appended after what was last written. */
function appendedFrom(list: readonly MockRow[], last: readonly MockRow[]): number | undefined {
  if (list.length < last.length) return undefined;
  for (let index = 0; index < last.length; index += 1)
    if (list[index] !== last[index]) return undefined;
  return last.length;
}

export class TrackedTables {
  private readonly shadows = new Map<string, Shadow>();

  constructor(private readonly database: RowDatabase) {}

  /**
   * Takes `table` as what is stored (`stored`, whose row values are the table's rows) or, with
   * nothing stored, as a seed not written yet. Its rows become Proxies in place.
   */
  adopt(name: string, table: MockTable, stored?: StoredTable): void {
    this.shadows.set(name, shadowOf(table, stored));
  }

  /** The table as the database holds it (to put memory back after a failed write). */
  stored(name: string): StoredTable | undefined {
    return this.database.read(name);
  }

  /** Forgets a table (no longer in the store). */
  drop(name: string): void {
    this.shadows.delete(name);
  }

  /** What changed in `table` since the last write, or undefined when nothing did. */
  private diff(name: string, table: MockTable, reached: boolean): TableWrite | undefined {
    let shadow = this.shadows.get(name);
    if (!shadow) {
      shadow = shadowOf({ rows: [], nextId: table.nextId, recycled: [] }, undefined);
      this.shadows.set(name, shadow);
    }
    const lists = listsOf(table);
    const put = new Map<MockRow, RowWrite>();
    const removed: number[] = [];
    const appended = lists.map((list, bin) => appendedFrom(list, shadow.lists[bin] ?? []));
    const record = (row: MockRow, info: RowInfo) => {
      const text = JSON.stringify(row);
      if (info.nested !== undefined || holdsNested(row)) {
        info.nested = text;
        shadow.nested.add(row);
      }
      put.set(row, { slot: info.slot, bin: info.bin, position: info.position, record: text });
    };
    const place = (list: MockRow[], index: number, bin: RowBin, position: number) => {
      const row = watched(list[index]!);
      list[index] = row;
      const known = shadow.info.get(row);
      if (known) {
        known.bin = bin;
        known.position = position;
        if (!put.has(row)) put.set(row, { slot: known.slot, bin, position });
        return;
      }
      const info: RowInfo = { slot: shadow.nextSlot, bin, position };
      shadow.nextSlot += 1;
      shadow.info.set(row, info);
      record(row, info);
    };

    if (appended.every((start) => start !== undefined)) {
      lists.forEach((list, bin) => {
        const start = appended[bin] ?? list.length;
        let position = start > 0 ? (shadow.info.get(list[start - 1]!)?.position ?? start) : 0;
        for (let index = start; index < list.length; index += 1) {
          position += 1;
          place(list, index, bin === 0 ? 0 : 1, position);
        }
      });
    } else {
      this.reorder(shadow, lists, place, removed);
    }

    // Rows whose own fields were set, and (in a table reached since) inner values changed.
    for (const target of changedTargets) {
      const row = watcherOf(target);
      const info = row && shadow.info.get(row);
      if (row && info && put.get(row)?.record === undefined) record(row, info);
    }
    if (reached) {
      for (const row of shadow.nested) {
        const info = shadow.info.get(row);
        if (!info) shadow.nested.delete(row);
        else if (put.get(row)?.record === undefined && JSON.stringify(row) !== info.nested)
          record(row, info);
      }
    }
    const nextIdChanged = table.nextId !== shadow.nextId;
    // A copy only of a list that changed (an add at 50,000 rows copies one list, not both).
    lists.forEach((list, bin) => {
      if (appended[bin] !== list.length) shadow.lists[bin] = list.slice();
    });
    shadow.nextId = table.nextId;
    if (!put.size && !removed.length && !nextIdChanged) return undefined;
    if (!shadow.inDatabase) {
      // A seed's first write: the whole table.
      shadow.inDatabase = true;
      for (const [row, info] of shadow.info)
        if (put.get(row)?.record === undefined) record(row, info);
    }
    return { name, nextId: table.nextId, put: [...put.values()], removed };
  }

  /**
   * Rows removed, moved or inserted anywhere: every row of both lists is matched by identity;
   * a row keeps its position while positions still rise along the list, else gets one between
   * its neighbours.
   */
  private reorder(
    shadow: Shadow,
    lists: [MockRow[], MockRow[]],
    place: (list: MockRow[], index: number, bin: RowBin, position: number) => void,
    removed: number[],
  ): void {
    const present = new Set<MockRow>();
    lists.forEach((list, listIndex) => {
      const bin: RowBin = listIndex === 0 ? 0 : 1;
      // The lowest stored position of this list's rows from each index on: room before it.
      const ahead = new Array<number>(list.length + 1).fill(Number.POSITIVE_INFINITY);
      for (let index = list.length - 1; index >= 0; index -= 1) {
        const info = shadow.info.get(list[index]!);
        const own = info && info.bin === bin ? info.position : Number.POSITIVE_INFINITY;
        ahead[index] = Math.min(own, ahead[index + 1]!);
      }
      let previous = Number.NEGATIVE_INFINITY;
      for (let index = 0; index < list.length; index += 1) {
        const info = shadow.info.get(list[index]!);
        if (info && info.bin === bin && info.position > previous && !present.has(list[index]!)) {
          previous = info.position;
          present.add(list[index]!);
          continue;
        }
        const next = ahead[index + 1]!;
        let position: number;
        if (previous === Number.NEGATIVE_INFINITY) position = Number.isFinite(next) ? next - 1 : 0;
        else if (next > previous && Number.isFinite(next)) position = (previous + next) / 2;
        else position = previous + 1;
        // Halved past what a double tells apart: the rows after it move on instead.
        if (!(position > previous)) position = previous + 1;
        place(list, index, bin, position);
        present.add(list[index]!);
        previous = position;
      }
    });
    for (const [row, info] of shadow.info) {
      if (present.has(row)) continue;
      removed.push(info.slot);
      shadow.info.delete(row);
    }
  }

  /**
   * Writes what changed in `tables` since the last write, in one transaction. `reached`: the
   * tables handed out since (their rows' inner values are compared again). On failure nothing
   * is kept and the names of the tables that changed are thrown with the error (the store puts
   * them back from what is stored).
   */
  commit(tables: ReadonlyMap<string, MockTable>, reached: ReadonlySet<string>): void {
    const writes: TableWrite[] = [];
    for (const [name, table] of tables) {
      const write = this.diff(name, table, reached.has(name));
      if (write) writes.push(write);
    }
    for (const name of [...this.shadows.keys()]) {
      // A table the store no longer has: nothing removes tables but a reset, which replaces all.
      if (!tables.has(name)) this.shadows.delete(name);
    }
    changedTargets.clear();
    if (!writes.length) return;
    try {
      this.database.commit(writes);
    } catch (error) {
      throw new UnsavedWriteError(
        writes.map((write) => write.name),
        error,
      );
    }
  }

  /** Every table as the new starting point (the demo's reset), all or nothing. */
  replaceAll(tables: ReadonlyMap<string, MockTable>): void {
    const next = new Map<string, Shadow>();
    const writes: TableWrite[] = [];
    for (const [name, table] of tables) {
      const shadow = shadowOf(table, undefined);
      shadow.inDatabase = true;
      next.set(name, shadow);
      const put: RowWrite[] = [];
      for (const [row, info] of shadow.info)
        put.push({
          slot: info.slot,
          bin: info.bin,
          position: info.position,
          record: JSON.stringify(row),
        });
      writes.push({ name, nextId: table.nextId, put, removed: [] });
    }
    this.database.replaceAll(writes);
    changedTargets.clear();
    this.shadows.clear();
    for (const [name, shadow] of next) this.shadows.set(name, shadow);
  }
}

/** A write the database did not take; `tables` changed in memory and must be put back. */
export class UnsavedWriteError extends Error {
  override readonly name = 'UnsavedWriteError';
  constructor(
    readonly tables: readonly string[],
    readonly reason: unknown,
  ) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}
