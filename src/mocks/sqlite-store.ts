/**
 * The tables of `cli mock-server --data-dir` in SQLite (`node:sqlite`, built into Node ≥ 22.13;
 * no native module): `<dataDir>/mock.sqlite`, one SQLite table per mock table (`records_<n>`,
 * named by a number from the `collections` catalog, never by text from a request) and one row
 * per record — its slot, whether it is live or in the recycle bin, its place in the list and
 * its JSON. Each write of the server (./row-tracking says what changed) is one transaction,
 * committed before `commit` returns, so before the handler's answer exists.
 *
 * Durability: WAL with `synchronous=NORMAL`. A commit appends its pages to the WAL with write(2)
 * before it returns; the WAL is synced to disk at each checkpoint, not at each commit. What
 * the process has written is the kernel's from then on, so a crash of the server — `kill -9`,
 * an exception, the OOM killer — loses nothing acknowledged (tests/fault/mock-durability). A
 * power cut or a crash of the machine itself can lose the commits since the last checkpoint;
 * the database stays consistent (WAL replay stops at the last whole commit). That is the
 * trade for a development and demo server: `synchronous=FULL` syncs the WAL per commit, measured
 * on this machine at 3.6 ms per commit against 0.01 ms, which alone puts 1,000 sign-ins past
 * the 3 s they are given (issue 53).
 *
 * The file is held by its server: `locking_mode=EXCLUSIVE` (set before WAL, so no shared-memory
 * index either) takes SQLite's lock on the first write, made while opening, and keeps it until
 * the database is closed; a second server on the folder — even one started after the folder's
 * lock file (./data-dir-lock) was removed by hand — cannot open it and is refused, naming the
 * folder. 1 KB pages: an add writes two of them to the WAL (its row's page and the catalog's
 * id counter), about 2 KB.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { DataDirLockedError } from './data-dir-lock';
import type { MockRow } from './types';
import type { RowDatabase, StoredRow, StoredTable, TableWrite } from './row-database';

export const DATABASE_FILE = 'mock.sqlite';

/** The database of a data folder, open and locked. */
export interface SqliteStore extends RowDatabase {
  /** Every table as stored. */
  readAll(): Map<string, StoredTable>;
  /** Whether anything was ever written (a new database may take a journal's tables). */
  isEmpty(): boolean;
  /** Checkpoints the WAL into the database file and closes it (the lock goes with it). */
  close(): void;
}

interface Collection {
  id: number;
  nextId: number;
  upsert: StatementSync;
  move: StatementSync;
  remove: StatementSync;
}

function codeOf(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : '';
}

function isBusy(error: unknown): boolean {
  return (
    codeOf(error) === 'ERR_SQLITE_ERROR' &&
    error instanceof Error &&
    /database is locked|SQLITE_BUSY/i.test(error.message)
  );
}

function isRecordValue(value: unknown): value is MockRow {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The list order: live rows, then the bin, each by position (the slot breaks a tie). */
function compareRows(a: StoredRow, b: StoredRow): number {
  return a.bin - b.bin || a.position - b.position || a.slot - b.slot;
}

/** A stored record's JSON as a row; undefined when it is not one (a damaged file). */
function rowOf(text: unknown): MockRow | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isRecordValue(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens (creating it when new) the database of `dir`. Throws DataDirLockedError when another
 * process holds it.
 */
export async function openSqliteStore(
  dir: string,
  warn: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
): Promise<SqliteStore> {
  // Loaded here, not at the top: the module only exists from Node 22.13 on, and only the
  // `--data-dir` server needs it.
  const { DatabaseSync: Database } = await import('node:sqlite');
  const file = path.join(dir, DATABASE_FILE);
  const isNew = !existsSync(file);
  const db: DatabaseSync = new Database(file, { timeout: 0 });
  try {
    // The order matters: page size before the first table, exclusive locking before WAL.
    if (isNew) db.exec('PRAGMA page_size = 1024');
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    // A write now takes the lock for as long as the database is open.
    db.exec(`BEGIN IMMEDIATE;
      CREATE TABLE IF NOT EXISTS collections (
        id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, next_id REAL NOT NULL);
      CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      INSERT INTO settings (key, value) VALUES ('format', '1')
        ON CONFLICT (key) DO UPDATE SET value = excluded.value;
      COMMIT`);
  } catch (error) {
    db.close();
    if (isBusy(error)) throw new DataDirLockedError(dir, 0, file);
    throw error;
  }

  const collections = new Map<string, Collection>();
  const statementsOf = (id: number, nextId: number): Collection => ({
    id,
    nextId,
    upsert: db.prepare(
      `INSERT INTO records_${id} (slot, bin, position, record) VALUES (?, ?, ?, ?)
       ON CONFLICT (slot) DO UPDATE SET bin = excluded.bin, position = excluded.position, record = excluded.record`,
    ),
    move: db.prepare(`UPDATE records_${id} SET bin = ?, position = ? WHERE slot = ?`),
    remove: db.prepare(`DELETE FROM records_${id} WHERE slot = ?`),
  });
  for (const row of db.prepare('SELECT id, name, next_id FROM collections').all()) {
    if (typeof row.name !== 'string') continue;
    collections.set(row.name, statementsOf(Number(row.id), Number(row.next_id)));
  }
  const insertCollection = db.prepare(
    'INSERT INTO collections (name, next_id) VALUES (?, ?) RETURNING id',
  );
  const updateNextId = db.prepare('UPDATE collections SET next_id = ? WHERE id = ?');

  const create = (name: string, nextId: number): Collection => {
    const id = Number(insertCollection.get(name, nextId)?.id);
    db.exec(`CREATE TABLE records_${id} (
      slot INTEGER PRIMARY KEY, bin INTEGER NOT NULL, position REAL NOT NULL, record TEXT NOT NULL)`);
    return statementsOf(id, nextId);
  };

  /** Every record one by one, a damaged one skipped and named. */
  const readEach = (name: string, collection: Collection): StoredRow[] => {
    const rows: StoredRow[] = [];
    const query = db.prepare(
      `SELECT slot, bin, position, record FROM records_${collection.id} ORDER BY bin, position, slot`,
    );
    for (const stored of query.iterate()) {
      const value = rowOf(stored.record);
      if (!value) {
        warn(
          `mock backend: ${file}: record ${String(stored.slot)} of table ${name} is damaged and was skipped`,
        );
        continue;
      }
      rows.push({
        slot: Number(stored.slot),
        bin: Number(stored.bin) === 1 ? 1 : 0,
        position: Number(stored.position),
        value,
      });
    }
    return rows;
  };

  /**
   * A table's records as one JSON array, parsed at once (60,000 separate parses took most of a
   * restart), beside their places, both in slot order (no sort in SQLite: appended rows are
   * in list order already, any others are sorted here); record by record when that array does
   * not read.
   */
  const readTable = (name: string, collection: Collection): StoredTable => {
    const places = db.prepare(`SELECT slot, bin, position FROM records_${collection.id}`);
    places.setReturnArrays(true);
    const texts = db.prepare(
      `SELECT '[' || group_concat(record, ',') || ']' AS records FROM records_${collection.id}`,
    );
    const whole = { nextId: collection.nextId };
    let values: unknown;
    try {
      const text = texts.get()?.records;
      values = typeof text === 'string' ? JSON.parse(text) : [];
    } catch {
      return { ...whole, rows: readEach(name, collection) };
    }
    const placed = places.all();
    if (!Array.isArray(values) || values.length !== placed.length)
      return { ...whole, rows: readEach(name, collection) };
    const rows: StoredRow[] = [];
    let sorted = true;
    for (let index = 0; index < placed.length; index += 1) {
      const value: unknown = values[index];
      const place: unknown = placed[index];
      if (!isRecordValue(value) || !Array.isArray(place))
        return { ...whole, rows: readEach(name, collection) };
      const columns: unknown[] = place;
      const row: StoredRow = {
        slot: Number(columns[0]),
        bin: Number(columns[1]) === 1 ? 1 : 0,
        position: Number(columns[2]),
        value,
      };
      const previous = rows[rows.length - 1];
      if (previous && compareRows(previous, row) > 0) sorted = false;
      rows.push(row);
    }
    return { ...whole, rows: sorted ? rows : rows.sort(compareRows) };
  };

  /** Runs `work` in one transaction; on failure rolls back, forgets collections it made, rethrows. */
  const transaction = (work: (made: string[]) => void) => {
    const made: string[] = [];
    const before = new Map([...collections].map(([name, found]) => [name, found.nextId]));
    db.exec('BEGIN IMMEDIATE');
    try {
      work(made);
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      for (const name of made) collections.delete(name);
      for (const [name, found] of collections) found.nextId = before.get(name) ?? found.nextId;
      throw error;
    }
  };

  const apply = (write: TableWrite, made: string[]) => {
    let collection = collections.get(write.name);
    if (!collection) {
      collection = create(write.name, write.nextId);
      collections.set(write.name, collection);
      made.push(write.name);
    } else if (collection.nextId !== write.nextId) {
      updateNextId.run(write.nextId, collection.id);
      collection.nextId = write.nextId;
    }
    for (const put of write.put) {
      if (put.record === undefined) collection.move.run(put.bin, put.position, put.slot);
      else collection.upsert.run(put.slot, put.bin, put.position, put.record);
    }
    for (const slot of write.removed) collection.remove.run(slot);
  };

  return {
    commit(writes) {
      transaction((made) => {
        for (const write of writes) apply(write, made);
      });
    },
    replaceAll(writes) {
      const dropped = [...collections];
      try {
        transaction((made) => {
          for (const [, found] of dropped) db.exec(`DROP TABLE records_${found.id}`);
          db.exec('DELETE FROM collections');
          collections.clear();
          for (const write of writes) apply(write, made);
        });
      } catch (error) {
        // Rolled back: the tables dropped are there again.
        collections.clear();
        for (const [name, found] of dropped) collections.set(name, found);
        throw error;
      }
    },
    read(name) {
      const collection = collections.get(name);
      return collection && readTable(name, collection);
    },
    readAll() {
      const all = new Map<string, StoredTable>();
      for (const [name, collection] of collections) all.set(name, readTable(name, collection));
      return all;
    },
    isEmpty() {
      return collections.size === 0;
    },
    close() {
      try {
        db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      } finally {
        db.close();
      }
    },
  };
}
