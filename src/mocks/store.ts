/**
 * The mock backend's state: named tables of rows, persisted in the browser (localStorage)
 * so data survives a reload, kept in memory under Node (vitest, `cli mock-server`).
 * Every handler reads and writes through here; `resetMockDatabase()` restores the seeds.
 */
import type { MockRow } from './types';

const STORAGE_KEY = 'admin-mock-db-v1';

export interface MockTable {
  rows: MockRow[];
  /** Next id to hand out for tables with numeric keys. */
  nextId: number;
  /** Rows deleted to the recycle bin. */
  recycled: MockRow[];
}

type Tables = Record<string, MockTable>;

type Seeder = () => Record<string, readonly MockRow[]>;

const seeders: Seeder[] = [];
let tables: Tables | undefined;

function hasBrowserStorage(): boolean {
  try {
    return typeof window !== 'undefined' && typeof window.localStorage !== 'undefined';
  } catch {
    return false;
  }
}

function buildTable(rows: readonly MockRow[], primaryKey = 'id'): MockTable {
  const copy = rows.map((row) => ({ ...row }));
  const maxId = copy.reduce((max, row) => {
    const id = Number(row[primaryKey]);
    return Number.isFinite(id) && id > max ? id : max;
  }, 0);
  return { rows: copy, nextId: maxId + 1, recycled: [] };
}

function seedAll(): Tables {
  const seeded: Tables = {};
  for (const seeder of seeders) {
    for (const [name, rows] of Object.entries(seeder())) {
      seeded[name] = buildTable(rows, primaryKeys.get(name));
    }
  }
  return seeded;
}

const primaryKeys = new Map<string, string>();

/**
 * Registers seed data for some tables. Call at module load, before the first request.
 * `primaryKey` per table decides how new ids are numbered.
 */
export function registerSeed(seeder: Seeder, keys: Record<string, string> = {}): void {
  seeders.push(seeder);
  for (const [name, key] of Object.entries(keys)) primaryKeys.set(name, key);
  if (tables) {
    // A late registration (lazy module) adds its tables without touching existing state.
    for (const [name, rows] of Object.entries(seeder())) {
      tables[name] ??= buildTable(rows, primaryKeys.get(name));
    }
  }
}

function load(): Tables {
  if (tables) return tables;
  const seeded = seedAll();
  if (hasBrowserStorage()) {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    if (saved) {
      try {
        // Tables added to the seeds since the save appear without a reset.
        tables = { ...seeded, ...(JSON.parse(saved) as Tables) };
        return tables;
      } catch {
        // A corrupt save falls back to the seeds.
      }
    }
  }
  tables = seeded;
  return tables;
}

/** Writes the state to browser storage (no-op under Node). */
export function persist(): void {
  if (!tables || !hasBrowserStorage()) return;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(tables));
  } catch {
    // Storage full (large uploads): the state stays in memory until the page reloads.
    console.warn('mock backend: browser storage is full; recent changes are kept in memory only');
  }
}

/** The named table, created empty if no seed declared it. */
export function table(name: string): MockTable {
  const all = load();
  all[name] ??= { rows: [], nextId: 1, recycled: [] };
  return all[name];
}

/** Restores every table to its seed (the demo's "reset data"). */
export function resetMockDatabase(): void {
  tables = seedAll();
  if (hasBrowserStorage()) window.localStorage.removeItem(STORAGE_KEY);
}
