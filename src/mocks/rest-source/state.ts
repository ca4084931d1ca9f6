/**
 * A source's records as data that can be stored and read back: the demo keeps them in browser
 * storage and `cli mock-server --data-dir` in its database, like the backend's own tables, so a
 * write the mock acknowledged survives a reload or a restart. A stored state that does not have
 * this shape (an older build's, a hand-edited file) is ignored and the source is seeded afresh.
 */
import { isRecord } from '@/core/guards';
import type { ResourceTable, Row } from './records';

export type SourceState = Record<string, { rows: Row[]; nextId: number }>;

export function stateOf(tables: ReadonlyMap<string, ResourceTable>): SourceState {
  const state: SourceState = {};
  for (const [key, table] of tables)
    state[key] = { rows: structuredClone(table.rows), nextId: table.nextId };
  return state;
}

function rowsOf(value: unknown): Row[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const rows: Row[] = [];
  for (const item of value) {
    if (!isRecord(item) || !isRecord(item.value)) return undefined;
    if (item.parent !== undefined && typeof item.parent !== 'string') return undefined;
    rows.push(
      item.parent === undefined
        ? { value: item.value }
        : { parent: item.parent, value: item.value },
    );
  }
  return rows;
}

/** Puts stored records back into the seeded tables; false (nothing changed) when unreadable. */
export function restoreState(tables: ReadonlyMap<string, ResourceTable>, state: unknown): boolean {
  if (!isRecord(state)) return false;
  const restored = new Map<string, { rows: Row[]; nextId: number }>();
  for (const key of tables.keys()) {
    const saved = state[key];
    const rows = isRecord(saved) ? rowsOf(saved.rows) : undefined;
    if (!isRecord(saved) || !rows || typeof saved.nextId !== 'number') return false;
    restored.set(key, { rows, nextId: saved.nextId });
  }
  for (const [key, saved] of restored) {
    const table = tables.get(key);
    if (!table) continue;
    table.rows = saved.rows;
    table.nextId = saved.nextId;
  }
  return true;
}
