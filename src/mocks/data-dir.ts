/**
 * `cli mock-server --data-dir`: the folder is locked for this server (./data-dir-lock), then
 * its tables (./sqlite-store, after moving an older journal in once: ./journal-migration) and
 * its files' bytes (./disk-byte-store) are attached, in that order. Whatever fails on the way
 * lets the folder go as it was found, the lock included.
 */
import { mkdirSync } from 'node:fs';
import { diskByteStore, reconcileFiles } from './disk-byte-store';
import { lockDataDir } from './data-dir-lock';
import { setByteStore } from './file-bytes';
import { migrateJournal } from './journal-migration';
import { TrackedTables } from './row-tracking';
import { openSqliteStore, type SqliteStore } from './sqlite-store';
import { attachDatabase, detachDatabase } from './store';

export interface OpenedDataDir {
  /** Closes the database (its WAL checkpointed) and releases the lock (a graceful stop). */
  close(): void;
}

/** Opens `dir` (an absolute path) for one server; throws ./data-dir-lock `DataDirLockedError` when another holds it. */
export async function openDataDir(dir: string, storageLimit: number): Promise<OpenedDataDir> {
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dir);
  let database: SqliteStore | undefined;
  try {
    database = await openSqliteStore(dir);
    migrateJournal(dir, database);
    // Tables first: the files are checked against the rows the database holds.
    attachDatabase(new TrackedTables(database), database.readAll());
    const bytes = await diskByteStore(dir);
    await reconcileFiles(bytes);
    setByteStore(bytes, storageLimit);
  } catch (error) {
    detachDatabase();
    database?.close();
    release();
    throw error;
  }
  const opened = database;
  return {
    close() {
      try {
        detachDatabase();
        opened.close();
      } finally {
        release();
      }
    },
  };
}
