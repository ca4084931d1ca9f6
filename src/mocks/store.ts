/**
 * The mock backend's state: named tables of rows, persisted in the browser (localStorage)
 * so data survives a reload, kept in memory under Node (vitest, `cli mock-server`); and the
 * bytes of kept files (see "file bytes" below).
 * Every handler reads and writes through here; `resetMockDatabase()` restores the seeds.
 *
 * Each table is its own storage entry and `persist()` writes only the tables whose content
 * changed: an edit does not rewrite the uploaded files' bytes, and full storage (large
 * uploads) loses only the table that did not fit.
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
    try {
      tables.set(name, JSON.parse(event.newValue) as MockTable);
      stored.set(name, event.newValue);
    } catch {
      // A corrupt entry: this tab keeps what it had.
    }
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

/** Restores every table to its seed and forgets every file (the demo's "reset data"). */
export function resetMockDatabase(): void {
  tables = seedAll();
  stored.clear();
  byteStore.clear().catch((error: unknown) => {
    console.warn('mock backend: the kept files could not be removed', error);
  });
  const storage = browserStorage();
  if (storage) for (const [, key] of storedEntries(storage)) storage.removeItem(key);
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
    get: async (id) => files.get(id),
    put: async (id, value) => void files.set(id, value),
    delete: async (id) => void files.delete(id),
    clear: async () => files.clear(),
    maxId: async () => Math.max(0, ...files.keys()),
    used: async () => [...files.values()].reduce((sum, file) => sum + file.bytes.length, 0),
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
    used: async () => undefined,
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
  const files = table(FILE_TABLE);
  // Bytes may outlive the table (the HTTP mock server restarted on its data folder).
  const id = Math.max(files.nextId, (await byteStore.maxId()) + 1);
  files.nextId = id + 1;
  const type = mime || 'application/octet-stream';
  await byteStore.put(id, { bytes, mime: type });
  files.rows.push({
    ...extra,
    id,
    name,
    mime: type,
    size: bytes.length,
    create_time: nowSeconds(),
  });
  persist();
  return id;
}

/**
 * Forgets a kept file for good: its bytes and its metadata row, so the storage it took counts
 * no more (an attachment deleted from the library).
 */
export async function releaseFile(id: number): Promise<void> {
  await byteStore.delete(id);
  const files = table(FILE_TABLE);
  files.rows = files.rows.filter((row) => row.id !== id);
  persist();
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
