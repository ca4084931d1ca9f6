// @vitest-environment node
/**
 * The database of `cli mock-server --data-dir` (src/mocks/sqlite-store, row-tracking) under the
 * real handlers: what was answered is what a restart reads back, row by row (an add, an edit,
 * a delete to the recycle bin); a write the database refuses is answered as an error and kept
 * nowhere, and the next one works; a second opening of the folder's database is refused,
 * naming the folder; a journal folder from before the database is moved in once.
 */
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataDirLockedError } from '@/mocks/data-dir-lock';
import { JOURNAL_FILE, openJournal, SNAPSHOT_FILE } from '@/mocks/journal';
import { migrateJournal } from '@/mocks/journal-migration';
import type { RowDatabase } from '@/mocks/row-database';
import { TrackedTables } from '@/mocks/row-tracking';
import { openSqliteStore, type SqliteStore } from '@/mocks/sqlite-store';
import { attachDatabase, attachJournal, detachDatabase, detachJournal } from '@/mocks/store';
import { call, signIn, withMockServer } from './harness';

withMockServer();

const DISK_FAILED = '服务器数据写入磁盘失败（磁盘已满或无法写入），本次保存未成功，请稍后再试';

interface Notice {
  id: number;
  notice_title: string;
  notice_content: string;
}

let dir: string;
let database: SqliteStore | undefined;
let warnings: string[];

/** Opens the folder's database as a server start does; `failing` refuses commits while true. */
async function start(failing?: () => boolean): Promise<SqliteStore> {
  const opened = await openSqliteStore(dir, (line) => warnings.push(line));
  database = opened;
  migrateJournal(dir, opened, (line) => warnings.push(line));
  const sink: RowDatabase = {
    commit(writes) {
      if (failing?.()) throw new Error('SQLITE_FULL: database or disk is full');
      opened.commit(writes);
    },
    replaceAll: (writes) => opened.replaceAll(writes),
    read: (name) => opened.read(name),
  };
  attachDatabase(new TrackedTables(sink), opened.readAll());
  return opened;
}

/** A stop (graceful or not: every commit is already in the database file or its WAL). */
function stop(): void {
  detachDatabase();
  database?.close();
  database = undefined;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mock-sqlite-'));
  warnings = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  stop();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

function addNotice(token: string, title: string) {
  return call<Notice>('POST', '/api/adminnotice/add', {
    token,
    body: { notice_title: title, notice_type: 1, notice_content: '内容' },
  });
}

async function notices(token: string, list: 'list' | 'recycle' = 'list'): Promise<Notice[]> {
  const page = await call<{ data: Notice[] }>('GET', `/api/adminnotice/${list}`, {
    token,
    query: { pageindex: 1, pagesize: 100 },
  });
  return page.data.data;
}

const titles = (rows: Notice[]) => rows.map((row) => row.notice_title);

describe('the database of mock-server --data-dir', () => {
  it('reads back every answered add, edit and delete after a restart, with the session', async () => {
    await start();
    const token = await signIn();
    const first = await addNotice(token, '公告一');
    const second = await addNotice(token, '公告二');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(
      (
        await call('POST', '/api/adminnotice/edit', {
          token,
          body: { id: first.data.id, notice_title: '公告一（改）', notice_content: '改过的内容' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('POST', '/api/adminnotice/delete', {
          token,
          body: { id: { id: second.data.id } },
        })
      ).status,
    ).toBe(200);
    stop();

    await start();
    const listed = await notices(token);
    expect(listed.find((row) => row.id === first.data.id)).toMatchObject({
      notice_title: '公告一（改）',
      notice_content: '改过的内容',
    });
    expect(titles(listed)).not.toContain('公告二');
    expect(titles(await notices(token, 'recycle'))).toContain('公告二');
    // The id counter was kept: the next add gets a new id.
    const third = await addNotice(token, '公告三');
    expect(third.data.id).toBeGreaterThan(second.data.id);
    expect(warnings).toEqual([]);
  });

  it('answers a write the database refuses as an error, keeps nothing of it, and takes the next one', async () => {
    let failing = false;
    await start(() => failing);
    const token = await signIn();
    expect((await addNotice(token, '失败之前')).status).toBe(200);
    failing = true;
    expect(await addNotice(token, '写不进去的公告')).toEqual({
      status: 201,
      msg: DISK_FAILED,
      data: null,
    });
    expect(titles(await notices(token))).not.toContain('写不进去的公告');
    failing = false;
    expect((await addNotice(token, '恢复之后')).status).toBe(200);
    stop();

    await start();
    const after = titles(await notices(token));
    expect(after).toEqual(expect.arrayContaining(['失败之前', '恢复之后']));
    expect(after).not.toContain('写不进去的公告');
  });

  it('refuses a second opening of the database, naming the folder', async () => {
    await start();
    const second = openSqliteStore(dir);
    await expect(second).rejects.toThrow(DataDirLockedError);
    await expect(openSqliteStore(dir)).rejects.toThrow(`the data folder ${dir} is in use`);
    // The first one still writes.
    expect((await addNotice(await signIn(), '仍可写入')).status).toBe(200);
  });

  it('moves a journal folder in once, a line cut short named, and keeps its files as *.migrated', async () => {
    // A folder kept by the journal: two notices, then a line cut short by a crash.
    const journal = openJournal(dir, { warn: (line) => warnings.push(line) });
    attachJournal(journal, journal.saved);
    const token = await signIn();
    await addNotice(token, '日志里的公告一');
    await addNotice(token, '日志里的公告二');
    detachJournal();
    appendFileSync(
      path.join(dir, JOURNAL_FILE),
      '{"seq":99,"tables":[["adminnotice",{"rows":[{"notice_ti',
    );

    await start();
    expect(titles(await notices(token))).toEqual(
      expect.arrayContaining(['日志里的公告一', '日志里的公告二']),
    );
    expect(warnings).toEqual([
      expect.stringMatching(/journal\.jsonl: line \d+ is incomplete/),
      `mock backend: the journal of ${dir} (${warnings[1]?.match(/\((\d+) tables\)/)?.[1]} tables) was moved into its database; the old files are kept as *.migrated`,
    ]);
    expect(existsSync(path.join(dir, JOURNAL_FILE))).toBe(false);
    expect(readdirSync(dir)).toEqual(
      expect.arrayContaining([`${JOURNAL_FILE}.migrated`, `${SNAPSHOT_FILE}.migrated`]),
    );
    await addNotice(token, '迁移之后的公告');
    stop();

    // Once: the next start reads the database only.
    warnings = [];
    await start();
    expect(titles(await notices(token))).toEqual(
      expect.arrayContaining(['日志里的公告一', '日志里的公告二', '迁移之后的公告']),
    );
    expect(warnings).toEqual([]);
  });
});
