/**
 * `cli mock-server --data-dir`: the folder is locked for this server (./data-dir-lock), then
 * its tables (./journal) and its files' bytes (./disk-byte-store) are attached, in that order.
 * Whatever fails on the way lets the folder go as it was found, the lock included.
 */
import { mkdirSync } from 'node:fs';
import { diskByteStore, reconcileFiles } from './disk-byte-store';
import { lockDataDir } from './data-dir-lock';
import { setByteStore } from './file-bytes';
import { openJournal, type OpenedJournal } from './journal';
import { attachJournal, detachJournal } from './store';

export interface OpenedDataDir {
  /** Folds the journal into its snapshot, closes it and releases the lock (a graceful stop). */
  close(): void;
}

/** Opens `dir` (an absolute path) for one server; throws ./data-dir-lock `DataDirLockedError` when another holds it. */
export async function openDataDir(dir: string, storageLimit: number): Promise<OpenedDataDir> {
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dir);
  let journal: OpenedJournal | undefined;
  try {
    // Tables first: the files are checked against the rows the journal holds.
    journal = openJournal(dir);
    attachJournal(journal, journal.saved);
    const bytes = await diskByteStore(dir);
    await reconcileFiles(bytes);
    setByteStore(bytes, storageLimit);
  } catch (error) {
    if (journal) journal.close(detachJournal());
    release();
    throw error;
  }
  const opened = journal;
  return {
    close() {
      try {
        opened.close(detachJournal());
      } finally {
        release();
      }
    },
  };
}
