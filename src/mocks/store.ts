/**
 * The mock backend's state: named tables of rows, persisted in the browser (localStorage)
 * so data survives a reload, on disk under `cli mock-server --data-dir` (SQLite, one row per
 * record: ./row-tracking finds the rows a write changed, ./sqlite-store keeps them; the older
 * table journal, ./journal, is still read once to move a data folder over), in memory
 * otherwise (vitest, the HTTP mock server without a data folder). The bytes of kept files are
 * ./file-bytes's.
 * Every handler reads and writes through here; `resetTables()` restores the seeds (./reset:
 * with the files).
 *
 * Each table is its own storage entry and `persist()` writes only the tables whose content
 * changed: an edit does not rewrite the uploaded files' bytes. A write that cannot be stored
 * (the browser's storage is full, the disk under the journal failed) is never answered as a
 * success: `persist()` puts every table of that write back to what storage holds — memory and
 * storage agree — and throws `StorageFullError`, which ./http-wrapper answers with its message.
 */
import { mockMessages } from '@/locale/mock';
import type { StoredTable } from './row-database';
import { tableOfStored, UnsavedWriteError, type TrackedTables } from './row-tracking';
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

/**
 * A write that storage could not take: nothing of it was kept, in storage or in memory. The
 * message is the one the caller is answered with (./http-wrapper).
 */
export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';
}

export function isRowList(value: unknown): value is MockRow[] {
  return (
    Array.isArray(value) &&
    value.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))
  );
}

/**
 * A table read back from storage or a journal (text from outside the program, so checked):
 * rows are required; a missing id counter or recycle bin (older entries) is filled in.
 */
export function tableFrom(value: unknown): MockTable | undefined {
  if (typeof value !== 'object' || value === null || !('rows' in value)) return undefined;
  if (!isRowList(value.rows)) return undefined;
  const nextId =
    'nextId' in value && typeof value.nextId === 'number' && Number.isFinite(value.nextId)
      ? value.nextId
      : buildTable(value.rows).nextId;
  const recycled = 'recycled' in value && isRowList(value.recycled) ? value.recycled : [];
  return { rows: value.rows, nextId, recycled };
}

function parseTable(text: string): MockTable | undefined {
  try {
    return tableFrom(JSON.parse(text));
  } catch {
    return undefined;
  }
}

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

/**
 * Puts the named tables back to what storage holds (`textOf`): the stored table, or, with
 * nothing (readable) stored, its seed — what a reload would read — or no table at all.
 */
function rollBack(
  current: Tables,
  names: Iterable<string>,
  textOf: (name: string) => string | undefined,
) {
  let seeds: Tables | undefined;
  for (const name of names) {
    const text = textOf(name);
    const saved = text === undefined ? undefined : parseTable(text);
    if (text !== undefined && saved) {
      current.set(name, saved);
      stored.set(name, text);
      continue;
    }
    stored.delete(name);
    seeds ??= seedAll();
    const seeded = seeds.get(name);
    if (seeded) current.set(name, seeded);
    else current.delete(name);
  }
}

/**
 * Another tab of the demo wrote (or reset) a table: this tab's mock answers from the same data
 * from then on, as two administrators on one server would see each other's saves.
 */
function followOtherTabs(): void {
  window.addEventListener('storage', (event) => {
    if (!tables || !event.key?.startsWith(STORAGE_PREFIX)) return;
    const name = event.key.slice(STORAGE_PREFIX.length);
    stored.delete(name);
    if (event.newValue === null) {
      const seeded = seedAll().get(name);
      if (seeded) tables.set(name, seeded);
      else tables.delete(name);
      return;
    }
    // A corrupt entry: this tab keeps what it had.
    const saved = parseTable(event.newValue);
    if (!saved) return;
    tables.set(name, saved);
    stored.set(name, event.newValue);
  });
}

function load(): Tables {
  if (tables) return tables;
  // Tables added to the seeds since the last save appear without a reset.
  tables = seedAll();
  const storage = browserStorage();
  if (!storage) return tables;
  followOtherTabs();
  storage.removeItem(LEGACY_KEY);
  for (const [name, key] of storedEntries(storage)) {
    const text = storage.getItem(key);
    // A corrupt entry falls back to the table's seed.
    const saved = text ? parseTable(text) : undefined;
    if (!text || !saved) continue;
    tables.set(name, saved);
    stored.set(name, text);
  }
  return tables;
}

// --- the journal (`cli mock-server --data-dir`) -----------------------------------------------

/**
 * Where changed tables go under `cli mock-server --data-dir` (./journal implements it with the
 * file system; this module stays free of Node so the browser build can import it).
 */
export interface TableJournal {
  /**
   * One write's changed tables (name → JSON text) as one record, on disk before it returns;
   * throws when it cannot, leaving nothing of that record behind.
   */
  append(changed: ReadonlyMap<string, string>): void;
  /** Every table as the new starting point (the demo's reset); throws when it cannot. */
  compact(all: ReadonlyMap<string, string>): void;
  /** After each append: folds a grown journal into a snapshot. Never throws. */
  compactIfDue(all: ReadonlyMap<string, string>): void;
}

let journal: TableJournal | undefined;

/** The tables' database under `--data-dir`; the tables handed out since its last write. */
let database: TrackedTables | undefined;
const reached = new Set<string>();

/**
 * Serves the tables from the database's (over the seeds: a table added to the seeds since
 * appears, written at its first change) and writes every change to it from now on.
 */
export function attachDatabase(
  tracked: TrackedTables,
  saved: ReadonlyMap<string, StoredTable>,
): void {
  const loaded = seedAll();
  for (const [name, value] of saved) loaded.set(name, tableOfStored(value));
  for (const [name, value] of loaded) tracked.adopt(name, value, saved.get(name));
  tables = loaded;
  stored.clear();
  reached.clear();
  journal = undefined;
  database = tracked;
}

/** Stops writing to the database (the server stops); the tables stay in memory. */
export function detachDatabase(): void {
  database = undefined;
  reached.clear();
}

/**
 * Serves the tables from a journal's saved state (over the seeds: a table added to the seeds
 * since appears) and writes every change through the journal from now on.
 */
export function attachJournal(next: TableJournal, saved: ReadonlyMap<string, MockTable>): void {
  const loaded = seedAll();
  for (const [name, value] of saved) loaded.set(name, value);
  tables = loaded;
  stored.clear();
  for (const [name, value] of loaded) stored.set(name, JSON.stringify(value));
  database = undefined;
  journal = next;
}

/**
 * Stops writing through the journal (the server stops); answers every table as last written,
 * for the journal's final snapshot. The tables stay in memory.
 */
export function detachJournal(): Map<string, string> {
  const last = new Map(stored);
  journal = undefined;
  stored.clear();
  return last;
}

// --- persist -----------------------------------------------------------------------------------

/** The tables whose content differs from what storage holds, as name → JSON text. */
function changedTables(current: Tables): Map<string, string> {
  const changed = new Map<string, string>();
  for (const [name, value] of current) {
    const text = JSON.stringify(value);
    if (stored.get(name) !== text) changed.set(name, text);
  }
  return changed;
}

function persistToJournal(current: Tables, sink: TableJournal): void {
  const changed = changedTables(current);
  if (!changed.size) return;
  try {
    sink.append(changed);
  } catch (error) {
    rollBack(current, changed.keys(), (name) => stored.get(name));
    console.error(
      `mock backend: a write could not be saved to the data folder (${error instanceof Error ? error.message : String(error)}); it was answered as an error and undone`,
    );
    throw new StorageFullError(mockMessages.serverStorageFailed);
  }
  for (const [name, text] of changed) stored.set(name, text);
  sink.compactIfDue(stored);
}

function persistToDatabase(current: Tables, tracked: TrackedTables): void {
  try {
    tracked.commit(current, reached);
  } catch (error) {
    if (!(error instanceof UnsavedWriteError)) throw error;
    // Memory goes back to what the database holds: the stored table, else its seed.
    let seeds: Tables | undefined;
    for (const name of error.tables) {
      const saved = tracked.stored(name);
      seeds ??= saved ? undefined : seedAll();
      const restored = saved ? tableOfStored(saved) : seeds?.get(name);
      if (restored) {
        current.set(name, restored);
        tracked.adopt(name, restored, saved);
      } else {
        current.delete(name);
        tracked.drop(name);
      }
    }
    console.error(
      `mock backend: a write could not be saved to the data folder (${error.message}); it was answered as an error and undone`,
    );
    throw new StorageFullError(mockMessages.serverStorageFailed);
  } finally {
    reached.clear();
  }
}

function persistToStorage(current: Tables, storage: Storage): void {
  const changed = changedTables(current);
  const written: string[] = [];
  for (const [name, text] of changed) {
    try {
      storage.setItem(STORAGE_PREFIX + name, text);
      written.push(name);
    } catch {
      // All or nothing: the entries this write already replaced get their old text back (a
      // report and its approval row must not be half saved). Should that fail too, what
      // storage holds is read back below, so memory and storage still agree.
      for (const done of written) {
        const before = stored.get(done);
        try {
          if (before === undefined) storage.removeItem(STORAGE_PREFIX + done);
          else storage.setItem(STORAGE_PREFIX + done, before);
        } catch {
          // Read back below.
        }
      }
      rollBack(
        current,
        changed.keys(),
        (table) => storage.getItem(STORAGE_PREFIX + table) ?? undefined,
      );
      console.warn(
        `mock backend: browser storage is full; the write to table ${name} was refused and undone`,
      );
      throw new StorageFullError(mockMessages.demoStorageFull);
    }
  }
  for (const [name, text] of changed) stored.set(name, text);
}

/** Methods that only read: nothing to persist after them. */
export const READ_ONLY_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes the tables that changed since the last write: to the journal (`--data-dir`), to
 * browser storage, or nowhere (memory only). Throws `StorageFullError` when they cannot be
 * stored, after putting them back to what storage holds.
 */
export function persist(): void {
  if (!tables) return;
  if (database) {
    persistToDatabase(tables, database);
    return;
  }
  if (journal) {
    persistToJournal(tables, journal);
    return;
  }
  const storage = browserStorage();
  if (storage) persistToStorage(tables, storage);
}

/** The named table, created empty if no seed declared it. */
export function table(name: string): MockTable {
  const all = load();
  if (database) reached.add(name);
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
  if (database) reached.add(name);
  return load().get(name);
}

/** Runs a reset's write to the data folder; a failure is logged and refused as storage full. */
function savedOrRefused(write: () => void): void {
  try {
    write();
  } catch (error) {
    console.error(
      `mock backend: the reset could not be saved to the data folder (${error instanceof Error ? error.message : String(error)})`,
    );
    throw new StorageFullError(mockMessages.serverStorageFailed);
  }
}

/**
 * Restores every table to its seed (the demo's "reset data", with the files: ./reset). With a
 * journal the seeds become its snapshot first; when that cannot be written nothing changes
 * and `StorageFullError` is thrown.
 */
export function resetTables(): void {
  const seeded = seedAll();
  if (database) {
    savedOrRefused(() => database?.replaceAll(seeded));
    tables = seeded;
    stored.clear();
    reached.clear();
  } else if (journal) {
    const texts = new Map([...seeded].map(([name, value]) => [name, JSON.stringify(value)]));
    savedOrRefused(() => journal?.compact(texts));
    tables = seeded;
    stored.clear();
    for (const [name, text] of texts) stored.set(name, text);
  } else {
    tables = seeded;
    stored.clear();
    const storage = browserStorage();
    if (storage) for (const [, key] of storedEntries(storage)) storage.removeItem(key);
  }
}
