/**
 * One server per data folder: `cli mock-server --data-dir D` holds `D/server.lock` (its pid)
 * while it runs (and SQLite's exclusive lock on its database, ./sqlite-store). Two servers on one
 * folder would each read the tables, then write over each other's writes, and at the next start
 * the writes of one would be gone; so a second server refuses to start, naming the folder and
 * the process that holds it.
 *
 * The lock is taken with `open(…, 'wx')`, which creates the file only if it does not exist (one
 * of two servers starting at once wins). A lock left by a server that died (`kill -9`, a power
 * cut) names a pid that is gone: it is taken over. Taking over renames the old lock out of the
 * way first (a rename happens once, so of two servers taking it over at once one goes on), then
 * reads it again: should it by then be a live server's lock, it is put back and that server
 * named. A pid reused by an unrelated process looks alive: the message says which file to remove.
 */
import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'server.lock';

/** The data folder is in use by another live process. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
    readonly lockPath: string,
  ) {
    super(
      pid > 0
        ? `the data folder ${dir} is in use by another mock server (pid ${pid}): stop that process or choose another --data-dir (if no such server runs, remove ${lockPath})`
        : // The database itself is locked (pid unknown: the lock file is gone or was never read).
          `the data folder ${dir} is in use by another mock server (${lockPath} is locked): stop that process or choose another --data-dir`,
    );
    this.name = 'DataDirLockedError';
  }
}

function codeOf(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : '';
}

/** Whether a process with this pid exists (one of another user counts: it cannot be signalled). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
}

/** The pid a lock file names; 0 when it names none (empty, damaged, or already gone). */
function holderOf(lockPath: string): number {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return 0;
    throw error;
  }
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : 0;
}

/** Creates the lock with our pid; false when a lock exists. */
function create(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx');
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Moves a dead server's lock aside. Throws DataDirLockedError when what was moved turns out to
 * be a live server's lock (created since it was read), after putting it back.
 */
function takeOver(dir: string, lockPath: string): void {
  const aside = `${lockPath}.stale-${process.pid}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    // Another server moved it first: the next round tries to create the lock again.
    if (codeOf(error) === 'ENOENT') return;
    throw error;
  }
  const moved = holderOf(aside);
  if (moved !== 0 && processAlive(moved)) {
    try {
      // Back under its name, unless a third server has made a lock there meanwhile.
      linkSync(aside, lockPath);
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
    }
    rmSync(aside, { force: true });
    throw new DataDirLockedError(dir, moved, lockPath);
  }
  rmSync(aside, { force: true });
}

/**
 * Takes the data folder's lock for this process; returns its release. Throws DataDirLockedError
 * when another live process holds it (this process too: one server per folder).
 */
export function lockDataDir(dir: string): () => void {
  const lockPath = path.join(dir, LOCK_FILE);
  // Each round either creates the lock, finds a live holder, or moves a dead one's lock aside.
  for (let round = 0; round < 5; round += 1) {
    if (create(lockPath)) {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // Only our own lock: never one another server has taken over since.
        if (holderOf(lockPath) === process.pid) rmSync(lockPath, { force: true });
      };
    }
    const holder = holderOf(lockPath);
    if (holder !== 0 && processAlive(holder)) throw new DataDirLockedError(dir, holder, lockPath);
    takeOver(dir, lockPath);
  }
  throw new DataDirLockedError(dir, holderOf(lockPath), lockPath);
}
