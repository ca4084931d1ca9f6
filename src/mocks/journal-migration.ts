/**
 * A data folder kept by an older `cli mock-server --data-dir` holds its tables as a journal
 * (`snapshot.jsonl` and `journal.jsonl`, ./journal). The first start on the database reads them
 * with the journal's own reader (a line cut short or damaged is skipped and named, as before),
 * writes every table into the new database in one transaction, then renames the two files to
 * `*.migrated`, kept for whoever wants them. A crash before the commit leaves the journal as
 * it was and the database empty: the next start moves it again. A crash after it leaves the
 * files unrenamed beside a database that is no longer empty: they are not read again.
 */
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { JOURNAL_FILE, openJournal, SNAPSHOT_FILE } from './journal';
import { TrackedTables } from './row-tracking';
import type { SqliteStore } from './sqlite-store';

/** The suffix the journal's files get once their tables are in the database. */
export const MIGRATED_SUFFIX = '.migrated';

/**
 * Moves the journal of `dir` into `database` when the database is new and a journal is
 * there; returns how many tables were moved (undefined: nothing to move).
 */
export function migrateJournal(
  dir: string,
  database: SqliteStore,
  warn: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
): number | undefined {
  const files = [SNAPSHOT_FILE, JOURNAL_FILE].map((name) => path.join(dir, name));
  if (!database.isEmpty() || !files.some((file) => existsSync(file))) return undefined;
  const journal = openJournal(dir, { warn });
  const saved = journal.saved;
  journal.close(new Map([...saved].map(([name, table]) => [name, JSON.stringify(table)])));
  new TrackedTables(database).replaceAll(saved);
  for (const file of files) if (existsSync(file)) renameSync(file, `${file}${MIGRATED_SUFFIX}`);
  warn(
    `mock backend: the journal of ${dir} (${saved.size} tables) was moved into its database; the old files are kept as *${MIGRATED_SUFFIX}`,
  );
  return saved.size;
}
