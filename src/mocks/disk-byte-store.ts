/**
 * The bytes of uploaded files on disk for `cli mock-server --data-dir`: `<dataDir>/files/<id>`
 * and `<id>.json` for the type, each synced before its row is written; names are ids only, never
 * a name from a request. On start, files and their rows are reconciled after a crash.
 */
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { table } from './store';
import { FILE_TABLE, type ByteStore, type FileBytes } from './file-bytes';

/** A byte store on disk, which can also list the ids it holds (the check at start). */
export interface DiskByteStore extends ByteStore {
  readonly folder: string;
  ids(): Promise<number[]>;
}

/** Writes a file and syncs it: on disk, not in the page cache, once this resolves. */
async function writeSynced(file: string, data: Uint8Array | string): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => undefined);
  // Some platforms cannot open a folder (Windows); the rename itself still happened.
  if (!handle) return;
  try {
    await handle.sync().catch(() => undefined);
  } finally {
    await handle.close();
  }
}

/**
 * File bytes on disk: `<dir>/files/<id>` and `<id>.json` ({ mime }). Paths are built from
 * the integer id alone; a write goes to a temporary file, synced, then renamed into place, so
 * a crash never leaves half a file under a served id, and the bytes are on disk before the
 * row naming them is written. What a put cut short leaves (a temporary file, a type without
 * its bytes) is removed when the store opens.
 */
export async function diskByteStore(dir: string): Promise<DiskByteStore> {
  const folder = path.resolve(dir, 'files');
  await mkdir(folder, { recursive: true });
  const pathOf = (id: number, suffix = '') => {
    if (!Number.isSafeInteger(id) || id < 1) throw new Error(`not a file id: ${id}`);
    return path.join(folder, `${id}${suffix}`);
  };
  const ids = async () => {
    // The folder may have been removed by hand while the server runs: nothing is kept then.
    const names = await readdir(folder).catch(() => []);
    return names.filter((name) => /^[1-9]\d*$/.test(name)).map(Number);
  };
  const names = await readdir(folder);
  const held = new Set(await ids());
  for (const name of names) {
    const leftover = /^([1-9]\d*)(\.tmp|\.json)$/.exec(name);
    if (leftover && (leftover[2] === '.tmp' || !held.has(Number(leftover[1]))))
      await rm(path.join(folder, name), { force: true });
  }
  let used = 0;
  for (const id of held) used += (await stat(pathOf(id))).size;

  const remove = async (id: number) => {
    const size = await stat(pathOf(id)).then(
      (found) => found.size,
      () => 0,
    );
    await rm(pathOf(id), { force: true });
    await rm(pathOf(id, '.json'), { force: true });
    used -= size;
  };
  return {
    folder,
    ids,
    get: async (id): Promise<FileBytes | undefined> => {
      try {
        const [bytes, meta] = await Promise.all([
          readFile(pathOf(id)),
          readFile(pathOf(id, '.json'), 'utf8'),
        ]);
        const parsed: unknown = JSON.parse(meta);
        const mime =
          typeof parsed === 'object' && parsed !== null && 'mime' in parsed
            ? parsed.mime
            : undefined;
        return {
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
          mime: typeof mime === 'string' ? mime : 'application/octet-stream',
        };
      } catch {
        return undefined;
      }
    },
    put: async (id, value) => {
      await remove(id);
      await mkdir(folder, { recursive: true });
      const temporary = pathOf(id, '.tmp');
      await writeSynced(temporary, value.bytes);
      await writeSynced(pathOf(id, '.json'), JSON.stringify({ mime: value.mime }));
      await rename(temporary, pathOf(id));
      await syncFolder(folder);
      used += value.bytes.length;
    },
    delete: remove,
    clear: async () => {
      for (const id of await ids()) await remove(id);
      used = 0;
    },
    maxId: async () => Math.max(0, ...(await ids())),
    used: () => Promise.resolve(used),
  };
}

/**
 * Files and their rows agree after a crash: byte files no `mock_files` row names (a crash
 * between the bytes and the row, or after a row was deleted) are removed — nobody could reach
 * or delete them, yet they count against the limit — and rows whose bytes are missing are
 * listed (they answer 404). One line on stderr each, naming the ids.
 */
export async function reconcileFiles(store: DiskByteStore): Promise<void> {
  const rows = table(FILE_TABLE).rows;
  const named = new Set(rows.map((row) => row.id));
  const onDisk = await store.ids();
  const orphans = onDisk.filter((id) => !named.has(id));
  for (const id of orphans) await store.delete(id);
  if (orphans.length)
    console.warn(
      `mock backend: removed ${orphans.length} file(s) in ${store.folder} that no row names: ${orphans.join(', ')}`,
    );
  const present = new Set(onDisk);
  // Rows from before the byte store kept their bytes inline (`data`) need no file.
  const missing = rows
    .filter(
      (row) => typeof row.id === 'number' && !present.has(row.id) && typeof row.data !== 'string',
    )
    .map((row) => row.id);
  if (missing.length)
    console.warn(
      `mock backend: ${missing.length} file row(s) have no bytes in ${store.folder} and answer 404: ${missing.join(', ')}`,
    );
}
