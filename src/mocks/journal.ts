/**
 * The tables of `cli mock-server --data-dir` on disk: every write is in the journal, synced,
 * before it is answered; nothing acknowledged is lost to a crash, a `kill -9` or a stop.
 *
 * Two files in the data folder, both JSON lines (plain Node, no database: the mock's state is
 * a few named tables that `persist()` already turns into JSON text per changed table, so the
 * journal writes that text as it is, and anyone can read the files):
 * - `journal.jsonl`: one line per write, `{"seq":n,"tables":[[name, table], …]}` with every
 *   table that write changed, whole. One line per write makes a write all or nothing on
 *   replay (a report and its approval row, a file row and its attachment row). Appended with
 *   writeSync + fsyncSync before `persist()` returns, so before the handler's answer exists.
 * - `snapshot.jsonl`: `{"snapshot":1,"seq":n}`, then one `{"table":name,"value":table}` line
 *   per table — the state up to record n. Written to a temporary file, synced, renamed over
 *   the old one and the folder synced: a crash leaves the old snapshot or the new one, whole.
 *
 * On start the snapshot is read, then the journal records after its `seq` are replayed in
 * order, then both are folded into a new snapshot (the journal starts empty). The journal is
 * folded the same way when it grows past `compactAt` bytes (and twice the snapshot), and on a
 * graceful stop. Records carry `seq` so a crash between the snapshot's rename and the journal's
 * truncation replays nothing twice (a reset would otherwise come undone).
 *
 * A line that does not read — the last one cut short by a crash mid-write (that write was never
 * answered), or a damaged one — is skipped with one line on stderr naming the file and the
 * line; the server always starts with everything else. A damaged line in the middle also keeps
 * a copy of the journal beside it, since the fold at start drops it.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { tableFrom, type MockTable, type TableJournal } from './store';

export const JOURNAL_FILE = 'journal.jsonl';
export const SNAPSHOT_FILE = 'snapshot.jsonl';
/** The journal is folded into the snapshot past this size (and twice the snapshot's). */
export const COMPACT_AT_BYTES = 8 * 1024 * 1024;

/** The calls that put bytes on disk; a test replaces them to play a full disk or an I/O error. */
export interface JournalIo {
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  fsyncSync(fd: number): void;
}

export interface JournalOptions {
  compactAt?: number;
  /** One line per problem found or met (stderr by default). */
  warn?: (line: string) => void;
  io?: Partial<JournalIo>;
}

export interface OpenedJournal extends TableJournal {
  /** The tables as the data folder holds them (those never written are not listed). */
  readonly saved: ReadonlyMap<string, MockTable>;
  /** A graceful stop: folds everything into the snapshot and closes the journal. */
  close(all: ReadonlyMap<string, string>): void;
}

interface JournalRecord {
  seq: number;
  tables: [string, MockTable][];
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** A journal line, or undefined when it does not read as one (cut short, damaged). */
function parseRecord(line: string): JournalRecord | undefined {
  const value = parseJson(line);
  if (typeof value !== 'object' || value === null) return undefined;
  if (!('seq' in value) || typeof value.seq !== 'number') return undefined;
  if (!('tables' in value) || !Array.isArray(value.tables)) return undefined;
  const entries: unknown[] = value.tables;
  const tables: [string, MockTable][] = [];
  for (const entry of entries) {
    if (!Array.isArray(entry)) return undefined;
    const pair: unknown[] = entry;
    const [name, content] = pair;
    const parsed = tableFrom(content);
    if (pair.length !== 2 || typeof name !== 'string' || !parsed) return undefined;
    tables.push([name, parsed]);
  }
  return { seq: value.seq, tables };
}

/** The lines of a text file, each with its 1-based number; the empty piece after a final newline is not a line. */
function linesOf(text: string): { line: string; number: number; last: boolean }[] {
  const pieces = text.split('\n');
  if (pieces[pieces.length - 1] === '') pieces.pop();
  return pieces.map((line, index) => ({
    line,
    number: index + 1,
    last: index === pieces.length - 1,
  }));
}

function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch (error) {
    // Some platforms cannot open or sync a folder (Windows); the rename itself still happened.
    if (
      !(
        error instanceof Error &&
        'code' in error &&
        ['EISDIR', 'EPERM', 'EINVAL'].includes(String(error.code))
      )
    )
      throw error;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Opens the data folder's tables: reads the snapshot and replays the journal (see above), then
 * folds them into a new snapshot. Throws only when the folder cannot be written at all.
 */
export function openJournal(dir: string, options: JournalOptions = {}): OpenedJournal {
  const warn = options.warn ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const compactAt = options.compactAt ?? COMPACT_AT_BYTES;
  const io: JournalIo = {
    writeSync: options.io?.writeSync ?? writeSync,
    fsyncSync: options.io?.fsyncSync ?? fsyncSync,
  };
  mkdirSync(dir, { recursive: true });
  const journalPath = path.join(dir, JOURNAL_FILE);
  const snapshotPath = path.join(dir, SNAPSHOT_FILE);
  const saved = new Map<string, MockTable>();
  let seq = 0;

  if (existsSync(snapshotPath)) {
    for (const { line, number } of linesOf(readFileSync(snapshotPath, 'utf8'))) {
      const value = parseJson(line);
      if (typeof value === 'object' && value !== null && 'snapshot' in value) {
        if ('seq' in value && typeof value.seq === 'number') seq = value.seq;
        continue;
      }
      const parsed =
        typeof value === 'object' && value !== null && 'table' in value && 'value' in value
          ? { name: value.table, table: tableFrom(value.value) }
          : undefined;
      if (parsed && typeof parsed.name === 'string' && parsed.table)
        saved.set(parsed.name, parsed.table);
      else warn(`mock backend: ${snapshotPath}: line ${number} is damaged and was skipped`);
    }
  }
  const snapshotSeq = seq;

  let damaged = false;
  if (existsSync(journalPath)) {
    const text = readFileSync(journalPath, 'utf8');
    const lines = linesOf(text);
    for (const { line, number, last } of lines) {
      const record = parseRecord(line);
      if (!record) {
        if (last && !text.endsWith('\n')) {
          warn(
            `mock backend: ${journalPath}: line ${number} is incomplete (a write cut short, never answered) and was dropped; the ${number - 1} lines before it are loaded`,
          );
        } else {
          damaged = true;
          warn(`mock backend: ${journalPath}: line ${number} is damaged and was skipped`);
        }
        continue;
      }
      // Already in the snapshot: the fold was cut short before the journal was emptied.
      if (record.seq <= snapshotSeq) continue;
      for (const [name, value] of record.tables) saved.set(name, value);
      seq = Math.max(seq, record.seq);
    }
    if (damaged) {
      const copy = path.join(dir, `journal.damaged-${Date.now()}.jsonl`);
      copyFileSync(journalPath, copy);
      warn(`mock backend: the damaged journal is kept as ${copy}`);
    }
  }

  rmSync(`${snapshotPath}.tmp`, { force: true });
  const fd = openSync(journalPath, 'a');
  let journalBytes = statSync(journalPath).size;
  let snapshotBytes = 0;
  let nextFoldAt = compactAt;
  let closed = false;
  /** A failed append could not be cut back: the next one starts on a fresh line. */
  let tailDirty = false;

  const writeAll = (target: number, data: Uint8Array) => {
    let offset = 0;
    while (offset < data.length) offset += io.writeSync(target, data, offset, data.length - offset);
  };

  const fold = (all: ReadonlyMap<string, string>) => {
    if (closed) throw new Error('the journal is closed');
    const parts = [`{"snapshot":1,"seq":${seq}}`];
    for (const [name, text] of all) parts.push(`{"table":${JSON.stringify(name)},"value":${text}}`);
    const data = Buffer.from(`${parts.join('\n')}\n`);
    const temporary = `${snapshotPath}.tmp`;
    const tmpFd = openSync(temporary, 'w');
    try {
      writeAll(tmpFd, data);
      io.fsyncSync(tmpFd);
    } finally {
      closeSync(tmpFd);
    }
    renameSync(temporary, snapshotPath);
    syncFolder(dir);
    // The snapshot holds every record up to `seq`: the journal can start again.
    ftruncateSync(fd, 0);
    io.fsyncSync(fd);
    journalBytes = 0;
    tailDirty = false;
    snapshotBytes = data.length;
    nextFoldAt = Math.max(compactAt, 2 * snapshotBytes);
  };

  const initial = new Map([...saved].map(([name, value]) => [name, JSON.stringify(value)]));
  try {
    fold(initial);
  } catch (error) {
    closeSync(fd);
    throw new Error(`the data folder ${dir} cannot be written: ${describe(error)}`);
  }

  return {
    saved,
    append(changed) {
      if (closed) throw new Error('the journal is closed');
      const next = seq + 1;
      const entries = [...changed].map(([name, text]) => `[${JSON.stringify(name)},${text}]`);
      const data = Buffer.from(
        `${tailDirty ? '\n' : ''}{"seq":${next},"tables":[${entries.join(',')}]}\n`,
      );
      const before = journalBytes;
      try {
        writeAll(fd, data);
        io.fsyncSync(fd);
      } catch (error) {
        // Nothing of an unanswered write may stay: cut the journal back to where it was.
        try {
          ftruncateSync(fd, before);
          tailDirty = false;
        } catch {
          tailDirty = true;
        }
        throw error;
      }
      seq = next;
      journalBytes += data.length;
    },
    compact: fold,
    compactIfDue(all) {
      if (journalBytes < nextFoldAt) return;
      try {
        fold(all);
      } catch (error) {
        // The journal still holds every write: only the fold waits (until it grew again).
        nextFoldAt = journalBytes + compactAt;
        warn(
          `mock backend: the journal could not be folded into ${snapshotPath}: ${describe(error)}`,
        );
      }
    },
    close(all) {
      if (closed) return;
      try {
        fold(all);
      } catch (error) {
        warn(
          `mock backend: the final snapshot could not be written (the journal keeps every write): ${describe(error)}`,
        );
      } finally {
        closed = true;
        closeSync(fd);
      }
    },
  };
}
