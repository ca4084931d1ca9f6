/**
 * The mock backend's state: named tables of rows, persisted in the browser (localStorage)
 * so data survives a reload, on disk under `cli mock-server --data-dir` (a journal, see
 * ./journal), in memory otherwise (vitest, the HTTP mock server without a data folder); and
 * the bytes of kept files (see "file bytes" below).
 * Every handler reads and writes through here; `resetMockDatabase()` restores the seeds.
 *
 * Each table is its own storage entry and `persist()` writes only the tables whose content
 * changed: an edit does not rewrite the uploaded files' bytes. A write that cannot be stored
 * (the browser's storage is full, the disk under the journal failed) is never answered as a
 * success: `persist()` puts every table of that write back to what storage holds — memory and
 * storage agree — and throws `StorageFullError`, which ./http-wrapper answers with its message.
 */
import { base64ToBytes } from '@/core/base64';
import { mockMessages } from '@/locale/mock';
import type { MockRow } from './types';
import { nowSeconds } from './util';

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

/**
 * Restores every table to its seed and forgets every file (the demo's "reset data"). With a
 * journal the seeds become its snapshot first; when that cannot be written nothing changes
 * and `StorageFullError` is thrown.
 */
export function resetMockDatabase(): void {
  const seeded = seedAll();
  if (journal) {
    const texts = new Map([...seeded].map(([name, value]) => [name, JSON.stringify(value)]));
    try {
      journal.compact(texts);
    } catch (error) {
      console.error(
        `mock backend: the reset could not be saved to the data folder (${error instanceof Error ? error.message : String(error)})`,
      );
      throw new StorageFullError(mockMessages.serverStorageFailed);
    }
    tables = seeded;
    stored.clear();
    for (const [name, text] of texts) stored.set(name, text);
  } else {
    tables = seeded;
    stored.clear();
    const storage = browserStorage();
    if (storage) for (const [, key] of storedEntries(storage)) storage.removeItem(key);
  }
  // After the tables: a crash in between leaves files no row names, which the mock server
  // removes when it starts (http-server.ts), never rows without their files.
  byteStore.clear().catch((error: unknown) => {
    console.warn('mock backend: the kept files could not be removed', error);
  });
}

// --- file bytes ----------------------------------------------------------------------------
// The `mock_files` table keeps each file's metadata row (name, type, size); the bytes live in
// a byte store keyed by the file id: IndexedDB in the browser (they survive a reload and are
// not bound by localStorage's few megabytes), memory under vitest, a data folder on disk for
// `cli mock-server --data-dir` (http-server.ts). All files together are bounded by a limit.

export const FILE_TABLE = 'mock_files';

/** A file's bytes and content type as the byte store keeps them. */
export interface FileBytes {
  bytes: Uint8Array;
  mime: string;
}

/** Where file bytes live, keyed by file id (a positive integer: never a name, never a path). */
export interface ByteStore {
  get(id: number): Promise<FileBytes | undefined>;
  put(id: number, value: FileBytes): Promise<void>;
  delete(id: number): Promise<void>;
  /** Forgets every file (the demo's reset). */
  clear(): Promise<void>;
  /** The highest id held, so ids are not handed out twice after a restart; 0 when empty. */
  maxId(): Promise<number>;
  /** Bytes held; undefined when the store does not know (the metadata rows are summed). */
  used(): Promise<number | undefined>;
}

const MB = 1024 * 1024;
/** All files together, by default: 1 GB. */
export const DEFAULT_STORAGE_LIMIT = 1024 * MB;

/** Memory: vitest (msw/node) and the HTTP mock server without a data folder. */
export function memoryByteStore(): ByteStore {
  const files = new Map<number, FileBytes>();
  return {
    get: (id) => Promise.resolve(files.get(id)),
    put: (id, value) => {
      files.set(id, value);
      return Promise.resolve();
    },
    delete: (id) => {
      files.delete(id);
      return Promise.resolve();
    },
    clear: () => Promise.resolve(files.clear()),
    maxId: () => Promise.resolve(Math.max(0, ...files.keys())),
    used: () =>
      Promise.resolve([...files.values()].reduce((sum, file) => sum + file.bytes.length, 0)),
  };
}

/** IndexedDB (idb-keyval, loaded on first use): the browser demo. */
function indexedDbByteStore(): ByteStore {
  const idb = import('idb-keyval').then((module) => ({
    ...module,
    store: module.createStore('admin-mock-files', 'bytes'),
  }));
  return {
    get: async (id) => {
      const { get, store } = await idb;
      return get<FileBytes>(id, store);
    },
    put: async (id, value) => {
      const { set, store } = await idb;
      await set(id, value, store);
    },
    delete: async (id) => {
      const { del, store } = await idb;
      await del(id, store);
    },
    clear: async () => {
      const { clear, store } = await idb;
      await clear(store);
    },
    maxId: async () => {
      const { keys, store } = await idb;
      return Math.max(0, ...(await keys<number>(store)).filter(Number.isSafeInteger));
    },
    // Reading every file to count it would be slow: the metadata rows are summed instead.
    used: () => Promise.resolve(undefined),
  };
}

function defaultByteStore(): ByteStore {
  const browser = typeof window !== 'undefined' && typeof indexedDB !== 'undefined';
  return browser ? indexedDbByteStore() : memoryByteStore();
}

let byteStore: ByteStore = defaultByteStore();
let storageLimit = DEFAULT_STORAGE_LIMIT;

/** Chooses where file bytes live and how many bytes all files may take together. */
export function setByteStore(store: ByteStore, limit = DEFAULT_STORAGE_LIMIT): void {
  byteStore = store;
  storageLimit = limit;
}

/** A file id from an address or path segment: a positive integer, or undefined. */
export function fileIdOf(text: string): number | undefined {
  if (!/^[1-9]\d{0,15}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}

async function bytesInUse(): Promise<number> {
  const known = await byteStore.used();
  if (known !== undefined) return known;
  return table(FILE_TABLE).rows.reduce((sum, row) => sum + (Number(row.size) || 0), 0);
}

let keeping: Promise<unknown> = Promise.resolve();

/**
 * Keeps bytes in the byte store with a metadata row in `mock_files` (`extra` fields added to
 * it); answers the new file id, or the message when the storage limit would be passed.
 */
export function keepBytes(
  bytes: Uint8Array,
  name: string,
  mime: string,
  extra: MockRow = {},
): Promise<number | string> {
  // One file at a time: the limit check, the id and the write await the byte store, and two
  // uploads interleaving there would take the same id (one file overwriting the other).
  const kept = keeping.then(() => keepBytesNow(bytes, name, mime, extra));
  keeping = kept.catch(() => undefined);
  return kept;
}

async function keepBytesNow(
  bytes: Uint8Array,
  name: string,
  mime: string,
  extra: MockRow,
): Promise<number | string> {
  if ((await bytesInUse()) + bytes.length > storageLimit)
    return mockMessages.storageFull(`${Math.round(storageLimit / MB)} MB`);
  // Bytes may outlive the table (the HTTP mock server restarted on its data folder).
  const held = await byteStore.maxId();
  // The table is looked up again after every await: a write refused meanwhile (storage full)
  // puts the stored table back as a new object, and a row pushed to the old one would be
  // answered as kept yet stored nowhere.
  const id = Math.max(table(FILE_TABLE).nextId, held + 1);
  table(FILE_TABLE).nextId = id + 1;
  const type = mime || 'application/octet-stream';
  await byteStore.put(id, { bytes, mime: type });
  const files = table(FILE_TABLE);
  files.nextId = Math.max(files.nextId, id + 1);
  files.rows.push({
    ...extra,
    id,
    name,
    mime: type,
    size: bytes.length,
    create_time: nowSeconds(),
  });
  try {
    persist();
  } catch (error) {
    // The row was not kept: neither are the bytes (no file without its row).
    await byteStore.delete(id).catch(() => undefined);
    throw error;
  }
  return id;
}

/**
 * Forgets a kept file for good: its metadata row, then its bytes, so the storage it took
 * counts no more (an attachment deleted from the library). In that order: a row whose removal
 * could not be stored keeps its bytes, and bytes left behind by a crash in between name no
 * row, which the mock server removes when it starts.
 */
export async function releaseFile(id: number): Promise<void> {
  const files = table(FILE_TABLE);
  files.rows = files.rows.filter((row) => row.id !== id);
  persist();
  await byteStore.delete(id);
}

/** The bytes and type of a kept file. */
export async function fileById(id: number): Promise<FileBytes | undefined> {
  const found = await byteStore.get(id);
  if (found) return found;
  // Rows written before the byte store kept their bytes inline as base64.
  const legacy = table(FILE_TABLE).rows.find((row) => row.id === id);
  return legacy && typeof legacy.data === 'string'
    ? { bytes: base64ToBytes(legacy.data), mime: String(legacy.mime) }
    : undefined;
}
