// @vitest-environment node
/**
 * The journal of `cli mock-server --data-dir` (src/mocks/journal) under the real handlers:
 * what was answered is what a restart reads back; a line cut short or damaged is skipped and
 * said; a disk that fails (full, I/O error) answers the write as an error and leaves nothing
 * of it, and the next write works; the journal is folded into a snapshot as it grows.
 */
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync as realWriteSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  JOURNAL_FILE,
  openJournal,
  SNAPSHOT_FILE,
  type JournalOptions,
  type OpenedJournal,
} from '@/mocks/journal';
import { attachJournal, detachJournal } from '@/mocks/store';
import { call, signIn, withMockServer } from './harness';

withMockServer();

const DISK_FAILED = '服务器数据写入磁盘失败（磁盘已满或无法写入），本次保存未成功，请稍后再试';

interface Page<T> {
  data: T[];
}
interface Notice {
  notice_title: string;
}

let dir: string;
let journal: OpenedJournal | undefined;
let warnings: string[];

/** Opens the data folder as a server start does (the tables come from it from now on). */
function start(options: JournalOptions = {}): OpenedJournal {
  journal = openJournal(dir, { warn: (line) => warnings.push(line), ...options });
  attachJournal(journal, journal.saved);
  return journal;
}

/** A graceful stop. */
function stop(): void {
  journal?.close(detachJournal());
  journal = undefined;
}

/** What `kill -9` leaves: the files as they are, nothing folded. */
function crash(): void {
  detachJournal();
  journal = undefined;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mock-journal-'));
  warnings = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  if (journal) stop();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

async function addNotice(token: string, title: string) {
  return call('POST', '/api/adminnotice/add', {
    token,
    body: { notice_title: title, notice_type: 1, notice_content: '内容' },
  });
}

async function noticeTitles(token: string): Promise<string[]> {
  const page = await call<Page<Notice>>('GET', '/api/adminnotice/list', {
    token,
    query: { pageindex: 1, pagesize: 100 },
  });
  return page.data.data.map((notice) => notice.notice_title);
}

const journalText = () => readFileSync(path.join(dir, JOURNAL_FILE), 'utf8');

describe('the journal of mock-server --data-dir', () => {
  it('has every answered write after a crash, and the session still signs in', async () => {
    start();
    const token = await signIn();
    for (const title of ['公告一', '公告二', '公告三'])
      expect((await addNotice(token, title)).status).toBe(200);
    // One line per write, synced before the answer.
    expect(journalText().trim().split('\n').length).toBeGreaterThanOrEqual(4);
    crash();

    start();
    expect(await noticeTitles(token)).toEqual(
      expect.arrayContaining(['公告一', '公告二', '公告三']),
    );
    expect(warnings).toEqual([]);
  });

  it('loads everything before a line cut short, says which line, and goes on', async () => {
    start();
    const token = await signIn();
    await addNotice(token, '完整的公告');
    crash();
    const lines = journalText().trim().split('\n').length;
    appendFileSync(
      path.join(dir, JOURNAL_FILE),
      '{"seq":99,"tables":[["adminnotice",{"rows":[{"notice_ti',
    );

    start();
    expect(await noticeTitles(token)).toContain('完整的公告');
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `${JOURNAL_FILE}: line ${lines + 1} is incomplete .*the ${lines} lines before it are loaded`,
        ),
      ),
    ]);
    // Writing goes on after the cut line, and a restart reads both.
    await addNotice(token, '之后的公告');
    crash();
    warnings = [];
    start();
    expect(await noticeTitles(token)).toEqual(expect.arrayContaining(['完整的公告', '之后的公告']));
    expect(warnings).toEqual([]);
  });

  it('skips a damaged line in the middle, keeps the lines after it and a copy of the journal', async () => {
    start();
    const token = await signIn();
    await addNotice(token, '第一条');
    await addNotice(token, '第二条');
    crash();
    const lines = journalText().trim().split('\n');
    // The damage sits just before the last record (the one adding 第二条).
    lines.splice(lines.length - 1, 0, 'not a record');
    writeFileSync(path.join(dir, JOURNAL_FILE), `${lines.join('\n')}\n`);

    start();
    expect(await noticeTitles(token)).toEqual(expect.arrayContaining(['第一条', '第二条']));
    expect(warnings[0]).toMatch(
      new RegExp(`${JOURNAL_FILE}: line ${lines.length - 1} is damaged and was skipped`),
    );
    expect(readdirSync(dir).some((name) => name.startsWith('journal.damaged-'))).toBe(true);
  });

  it('answers a write the disk cannot take as an error, keeps nothing of it, and takes the next one', async () => {
    let failing = false;
    start({
      io: {
        writeSync: (fd, buffer, offset, length) => {
          if (!failing) return realWriteSync(fd, buffer, offset, length);
          // Half the line reaches the file, then the disk is full.
          realWriteSync(fd, buffer, offset, Math.floor(length / 2));
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
            code: 'ENOSPC',
          });
        },
      },
    });
    const token = await signIn();
    await addNotice(token, '磁盘满之前');
    failing = true;
    expect(await addNotice(token, '写不进去的公告')).toEqual({
      status: 201,
      msg: DISK_FAILED,
      data: null,
    });
    expect(await noticeTitles(token)).not.toContain('写不进去的公告');
    failing = false;
    expect((await addNotice(token, '磁盘恢复之后')).status).toBe(200);
    crash();

    start();
    const titles = await noticeTitles(token);
    expect(titles).toEqual(expect.arrayContaining(['磁盘满之前', '磁盘恢复之后']));
    expect(titles).not.toContain('写不进去的公告');
    // The half line was cut back: nothing to skip.
    expect(warnings).toEqual([]);
  });

  it('folds a grown journal into a snapshot, and a stop leaves only the snapshot', async () => {
    start({ compactAt: 4 * 1024 });
    const token = await signIn();
    for (let index = 0; index < 40; index += 1) await addNotice(token, `公告 ${index}`);
    expect(journalText().length).toBeLessThan(60 * 1024);
    stop();
    expect(existsSync(path.join(dir, SNAPSHOT_FILE))).toBe(true);
    expect(journalText()).toBe('');

    start();
    const titles = await noticeTitles(token);
    for (let index = 0; index < 40; index += 1) expect(titles).toContain(`公告 ${index}`);
  });

  it('a reset stays done even when the journal still holds what came before it', async () => {
    start();
    const token = await signIn();
    await addNotice(token, '重置前的公告');
    const before = journalText();
    await call('POST', '/api/mock/reset', { token });
    crash();
    // A crash between the snapshot's rename and the journal's truncation: the old records
    // are still there, numbered at or below the snapshot's.
    writeFileSync(path.join(dir, JOURNAL_FILE), before);

    start();
    const fresh = await signIn();
    expect(await noticeTitles(fresh)).not.toContain('重置前的公告');
  });
});
