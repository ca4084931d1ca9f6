/**
 * The bytes of kept files. The `mock_files` table keeps each file's metadata row (name, type,
 * size); the bytes live in a byte store keyed by the file id: IndexedDB in the browser (they
 * survive a reload and are not bound by localStorage's few megabytes), memory under vitest, a
 * data folder on disk for `cli mock-server --data-dir` (http-server.ts). All files together are
 * bounded by a limit.
 */
import { base64ToBytes } from '@/core/base64';
import { mockMessages } from '@/locale/mock';
import { persist, table } from './store';
import type { MockRow } from './types';
import { nowSeconds } from './util';

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

/**
 * Forgets every kept file's bytes (the demo's reset, once the tables are back to their seeds:
 * ./reset). A failure is reported, not thrown: bytes no row names are removed when the mock
 * server next starts.
 */
export function clearFileBytes(): void {
  byteStore.clear().catch((error: unknown) => {
    console.warn('mock backend: the kept files could not be removed', error);
  });
}
