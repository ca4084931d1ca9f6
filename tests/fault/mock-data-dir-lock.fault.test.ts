// @vitest-environment node
/**
 * Issue 49 case 7: one `cli mock-server --data-dir D` per folder. A second server on the same
 * folder refuses to start (exit 2, the folder and the first server's pid named) instead of
 * answering 200 and losing one server's writes at the next start; the first one goes on
 * serving. Killed with SIGKILL, the first leaves its lock behind, which the next server takes
 * over (its pid is gone); a graceful stop removes the lock.
 *
 * No fixed sleeps: each step waits for the server's start line or its exit, within a deadline.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCK_FILE } from '@/mocks/data-dir-lock';
import { signInOverHttp } from '../support/http-mock';
import { deadlineOf } from '../support/deadline';

vi.setConfig({ testTimeout: 180_000 });

const REPO = path.resolve(import.meta.dirname, '../..');
const DEADLINE_MS = 60_000;

const running = new Set<ChildProcess>();
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mock-lock-'));
});
afterEach(() => {
  // A failed test leaves no server behind: each is ended by its own process id.
  for (const child of running) child.kill('SIGKILL');
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const within = deadlineOf(DEADLINE_MS);

interface Started {
  child: ChildProcess;
  /** The address it listens on, or undefined when it exited first. */
  url: Promise<string | undefined>;
  exited: Promise<number | null>;
  stderr(): string;
}

/** `cli mock-server --data-dir <dataDir>` in its own process (node + tsx, no wrapper). */
function startCli(): Started {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(REPO, 'cli/index.ts'),
      'mock-server',
      '--port',
      '0',
      '--data-dir',
      dataDir,
    ],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const url = new Promise<string | undefined>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(stdout);
      if (found) resolve(found[1]);
    });
    void exited.then(() => resolve(undefined));
  });
  return { child, url: within(url, 'mock-server start'), exited, stderr: () => stderr };
}

async function addNotice(url: string, token: string, title: string): Promise<number> {
  const response = await fetch(`${url}/api/adminnotice/add`, {
    method: 'POST',
    headers: { 'access-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ notice_title: title, notice_type: 1, notice_content: '锁测试' }),
  });
  return ((await response.json()) as { status: number }).status;
}

describe('the data folder is locked by the server that uses it', () => {
  it('a second server refuses to start naming the folder and the pid; a killed one’s lock is taken over', async () => {
    const first = startCli();
    const firstUrl = await first.url;
    expect(firstUrl).toBeDefined();
    const token = await signInOverHttp(firstUrl!);
    expect(await addNotice(firstUrl!, token, '第一台服务器写入')).toBe(200);

    const second = startCli();
    expect(await second.url).toBeUndefined();
    expect(await within(second.exited, 'the second server exits')).toBe(2);
    expect(second.stderr()).toContain(`the data folder ${dataDir} is in use`);
    expect(second.stderr()).toContain(`(pid ${first.child.pid})`);
    // The first one is untouched and goes on serving.
    expect(await addNotice(firstUrl!, token, '第二台被拒之后')).toBe(200);
    expect((await readFile(path.join(dataDir, LOCK_FILE), 'utf8')).trim()).toBe(
      String(first.child.pid),
    );

    // Killed: no graceful stop, the lock stays behind naming a pid that is gone.
    first.child.kill('SIGKILL');
    await within(first.exited, 'the first server dies');
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);

    const third = startCli();
    const thirdUrl = await third.url;
    expect([thirdUrl, third.stderr()]).toEqual([
      expect.stringMatching(/^http:/),
      expect.any(String),
    ]);
    const list = await fetch(`${thirdUrl}/api/adminnotice/list?pageindex=1&pagesize=100`, {
      headers: { 'access-token': await signInOverHttp(thirdUrl!) },
    });
    const titles = (
      (await list.json()) as { data: { data: { notice_title: string }[] } }
    ).data.data.map((row) => row.notice_title);
    expect(titles).toEqual(expect.arrayContaining(['第一台服务器写入', '第二台被拒之后']));
    expect((await readFile(path.join(dataDir, LOCK_FILE), 'utf8')).trim()).toBe(
      String(third.child.pid),
    );

    // A graceful stop lets the folder go.
    third.child.kill('SIGTERM');
    expect(await within(third.exited, 'the third server stops')).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
