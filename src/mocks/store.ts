/**
 * The mock backend's state: named tables of rows, persisted in the browser (localStorage)
 * so data survives a reload, kept in memory under Node (vitest, `cli mock-server`).
 * Every handler reads and writes through here; `resetMockDatabase()` restores the seeds.
 *
 * Each table is its own storage entry and `persist()` writes only the tables whose content
 * changed: an edit does not rewrite the uploaded files' bytes, and full storage (large
 * uploads) loses only the table that did not fit.
 */
import type { MockRow } from './types';

const STORAGE_PREFIX = 'admin-mock-db-v2:';
/** The single-entry format before v2; removed on load. */
const LEGACY_KEY = 'admin-mock-db-v1';

export interface MockTable {
  rows: MockRow[];
  /** Next id to hand out for tables with numeric keys. */
  nextId: number;
  /** Rows deleted to the recycle bin. */
  recycled: MockRow[];
}

/** A Map: table names come from requests (`/api/{method}/getkeyval`), never object keys. */
type Tables = Map<string, MockTable>;

type Seeder = () => Record<string, readonly MockRow[]>;

const seeders: Seeder[] = [];
let tables: Tables | undefined;

/** What storage holds per table, so an unchanged table is not written again. */
const stored = new Map<string, string>();

function browserStorage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

/** Every table entry in storage, as [table name, storage key]. */
function storedEntries(storage: Storage): [string, string][] {
  const entries: [string, string][] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(STORAGE_PREFIX)) entries.push([key.slice(STORAGE_PREFIX.length), key]);
  }
  return entries;
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
  const seeded: Tables = new Map();
  for (const seeder of seeders) {
    for (const [name, rows] of Object.entries(seeder())) {
      seeded.set(name, buildTable(rows, primaryKeys.get(name)));
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
      if (!tables.has(name)) tables.set(name, buildTable(rows, primaryKeys.get(name)));
    }
  }
}

function load(): Tables {
  if (tables) return tables;
  // Tables added to the seeds since the last save appear without a reset.
  tables = seedAll();
  const storage = browserStorage();
  if (!storage) return tables;
  storage.removeItem(LEGACY_KEY);
  for (const [name, key] of storedEntries(storage)) {
    const text = storage.getItem(key);
    if (!text) continue;
    try {
      tables.set(name, JSON.parse(text) as MockTable);
      stored.set(name, text);
    } catch {
      // A corrupt entry falls back to the table's seed.
    }
  }
  return tables;
}

/** Writes the tables that changed since the last write to browser storage (no-op under Node). */
export function persist(): void {
  const storage = browserStorage();
  if (!tables || !storage) return;
  for (const [name, current] of tables) {
    const text = JSON.stringify(current);
    if (stored.get(name) === text) continue;
    try {
      storage.setItem(STORAGE_PREFIX + name, text);
      stored.set(name, text);
    } catch {
      // Storage full (large uploads): this table stays in memory until the page reloads.
      console.warn(`mock backend: browser storage is full; table ${name} is kept in memory only`);
    }
  }
}

/** The named table, created empty if no seed declared it. */
export function table(name: string): MockTable {
  const all = load();
  let found = all.get(name);
  if (!found) {
    found = { rows: [], nextId: 1, recycled: [] };
    all.set(name, found);
  }
  return found;
}

/**
 * The named table when it exists. Read-only look-ups keyed by request data use this, so a
 * stream of made-up names does not create (and persist) a table per name.
 */
export function existingTable(name: string): MockTable | undefined {
  return load().get(name);
}

/** Restores every table to its seed (the demo's "reset data"). */
export function resetMockDatabase(): void {
  tables = seedAll();
  stored.clear();
  const storage = browserStorage();
  if (storage) for (const [, key] of storedEntries(storage)) storage.removeItem(key);
}
