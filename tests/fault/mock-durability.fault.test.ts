// @vitest-environment node
/**
 * "Nothing acknowledged is ever lost", against the real `cli mock-server --data-dir` as a child
 * process on loopback: 200 notices added 20 at a time and the process killed (SIGKILL) once
 * about half were answered — after a restart on the same folder every notice answered 200 is
 * listed, the earlier session still works and an uploaded file's row and bytes are both there;
 * a database whose WAL ends in a write cut short loads every commit before it; a graceful
 * stop (SIGTERM) loses nothing and leaves the database checkpointed (no WAL); byte files no
 * row names are removed and a row whose bytes are gone answers 404 without harming the server.
 *
 * No fixed sleeps: the test waits for the server's own words (its start line), for a count of
 * answers, and for the process to exit, each bounded by a deadline.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInOverHttp } from '../support/http-mock';

vi.setConfig({ testTimeout: 120_000 });

const REPO = path.resolve(import.meta.dirname, '../..');
const START_DEADLINE_MS = 60_000;
const EXIT_DEADLINE_MS = 30_000;

interface Envelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

interface CliServer {
  url: string;
  child: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mock-durability-'));
});
afterEach(() => {
  // A failed test must not leave a server behind: each is ended by its own process id.
  for (const child of running) child.kill('SIGKILL');
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Rejects after `ms` unless `promise` settles first; the timer never outlives it. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** `cli mock-server --data-dir` in its own process (node + tsx, no wrapper process between). */
async function startCli(more: readonly string[] = []): Promise<CliServer> {
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
      ...more,
    ],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const url = await within(
    new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const found = /listening on (http:\/\/\S+)/.exec(stdout);
        if (found) resolve(found[1]!);
      });
      void exited.then(({ code }) => reject(new Error(`mock-server exited (${code}): ${stderr}`)));
    }),
    START_DEADLINE_MS,
    'mock-server start',
  );
  return { url, child, stderr: () => stderr, exited };
}

async function stopWith(server: CliServer, signal: NodeJS.Signals) {
  server.child.kill(signal);
  return within(server.exited, EXIT_DEADLINE_MS, `exit after ${signal}`);
}

async function json<T>(response: Response): Promise<Envelope<T>> {
  return (await response.json()) as Envelope<T>;
}

function addNotice(url: string, token: string, title: string): Promise<Response> {
  return fetch(`${url}/api/adminnotice/add`, {
    method: 'POST',
    headers: { 'access-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ notice_title: title, notice_type: 1, notice_content: '持久化测试' }),
  });
}

/** Every notice title, page by page; the envelope's status too (401 once the session is gone). */
async function noticeTitles(
  url: string,
  token: string,
): Promise<{ status: number; titles: string[] }> {
  const titles: string[] = [];
  for (let page = 1; page <= 20; page += 1) {
    const answer = await json<{ data: { notice_title: string }[] }>(
      await fetch(`${url}/api/adminnotice/list?pageindex=${page}&pagesize=1000`, {
        headers: { 'access-token': token },
      }),
    );
    if (answer.status !== 200) return { status: answer.status, titles };
    titles.push(...answer.data.data.map((row) => row.notice_title));
    if (answer.data.data.length < 1000) break;
  }
  return { status: 200, titles };
}

const PNG = Uint8Array.from({ length: 4000 }, (_, index) =>
  index < 8 ? [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a][index]! : (index * 7) % 256,
);

async function uploadPng(url: string, token: string): Promise<{ address: string; att_id: number }> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), '持久化.png');
  const answer = await json<{ address: string; att_id: number }>(
    await fetch(`${url}/api/tool/uploadimg/`, {
      method: 'POST',
      headers: { 'access-token': token },
      body: form,
    }),
  );
  expect(answer.status).toBe(200);
  return answer.data;
}

async function attachmentIds(url: string, token: string): Promise<number[]> {
  const answer = await json<{ data: { att_id: number }[] }>(
    await fetch(`${url}/api/attachment/list?pageindex=1&pagesize=1000`, {
      headers: { 'access-token': token },
    }),
  );
  expect(answer.status).toBe(200);
  return answer.data.data.map((row) => row.att_id);
}

const TOTAL = 200;
const IN_FLIGHT = 20;
const KILL_AFTER = TOTAL / 2;

let token: string;
let uploaded: { address: string; att_id: number };
const acknowledged: string[] = [];

describe('cli mock-server --data-dir keeps what it answered', () => {
  it('after kill -9 mid-load: every notice answered 200, the session and an uploaded file are there', async () => {
    const server = await startCli();
    token = await signInOverHttp(server.url);
    uploaded = await uploadPng(server.url, token);

    let next = 0;
    let answers = 0;
    let killed = false;
    const worker = async () => {
      while (next < TOTAL) {
        const title = `持久化公告 ${next}`;
        next += 1;
        try {
          const response = await addNotice(server.url, token, title);
          const answer = await json(response);
          if (answer.status === 200) acknowledged.push(title);
        } catch {
          // The connection died with the process: this add was never answered.
        }
        answers += 1;
        if (answers >= KILL_AFTER && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    expect(await within(server.exited, EXIT_DEADLINE_MS, 'exit after SIGKILL')).toEqual({
      code: null,
      signal: 'SIGKILL',
    });
    // Killed mid-load: about half were answered, not all.
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER - IN_FLIGHT);
    expect(acknowledged.length).toBeLessThan(TOTAL);

    const again = await startCli();
    try {
      // The token from before the kill: no new sign-in.
      const listed = await noticeTitles(again.url, token);
      expect(listed.status).toBe(200);
      const missing = acknowledged.filter((title) => !listed.titles.includes(title));
      expect(missing).toEqual([]);

      expect(await attachmentIds(again.url, token)).toContain(uploaded.att_id);
      const served = await fetch(`${again.url}${uploaded.address}`);
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    } finally {
      await stopWith(again, 'SIGKILL');
    }
  });

  it('a database whose WAL ends in a write cut short loads every commit before it and goes on', async () => {
    let server = await startCli();
    expect((await json(await addNotice(server.url, token, '截断前的公告'))).status).toBe(200);
    await stopWith(server, 'SIGKILL');
    const wal = path.join(dataDir, 'mock.sqlite-wal');
    expect((await stat(wal)).size).toBeGreaterThan(0);
    // Part of a frame: what a crash in the middle of a commit's write leaves.
    await appendFile(wal, Buffer.alloc(700, 0xab));

    server = await startCli();
    try {
      const listed = await noticeTitles(server.url, token);
      expect(listed.titles).toContain('截断前的公告');
      expect(acknowledged.filter((title) => !listed.titles.includes(title))).toEqual([]);
      // And it takes writes again.
      expect((await json(await addNotice(server.url, token, '截断后的公告'))).status).toBe(200);
    } finally {
      await stopWith(server, 'SIGKILL');
    }
  });

  it('a graceful stop (SIGTERM) loses nothing and leaves the database checkpointed', async () => {
    let server = await startCli();
    expect((await json(await addNotice(server.url, token, '正常停止前的公告'))).status).toBe(200);
    expect(await stopWith(server, 'SIGTERM')).toEqual({ code: 0, signal: null });
    expect((await stat(path.join(dataDir, 'mock.sqlite'))).size).toBeGreaterThan(0);
    // Everything is in the database file: no WAL is left.
    expect(existsSync(path.join(dataDir, 'mock.sqlite-wal'))).toBe(false);

    server = await startCli();
    try {
      const listed = await noticeTitles(server.url, token);
      expect(listed.titles).toEqual(
        expect.arrayContaining(['截断前的公告', '截断后的公告', '正常停止前的公告']),
      );
      expect(acknowledged.filter((title) => !listed.titles.includes(title))).toEqual([]);
    } finally {
      await stopWith(server, 'SIGTERM');
    }
  });

  it('removes byte files no row names; a row whose bytes are gone answers 404 and the server stays up', async () => {
    const files = path.join(dataDir, 'files');
    const [fileId] = (await readdir(files)).filter((name) => /^\d+$/.test(name));
    expect(fileId).toBeDefined();
    // Bytes no row names (what a crash between the bytes and the row used to leave)…
    await writeFile(path.join(files, '987654'), 'orphan bytes');
    await writeFile(path.join(files, '987654.json'), JSON.stringify({ mime: 'text/plain' }));
    // …and a row whose bytes were removed by hand.
    await rm(path.join(files, fileId!));

    const server = await startCli();
    try {
      expect(server.stderr()).toContain(`removed 1 file(s) in ${files} that no row names: 987654`);
      expect(server.stderr()).toContain(
        `1 file row(s) have no bytes in ${files} and answer 404: ${fileId}`,
      );
      expect(await readdir(files)).not.toContain('987654');
      expect((await fetch(`${server.url}${uploaded.address}`)).status).toBe(404);
      // Still serving.
      expect((await noticeTitles(server.url, token)).status).toBe(200);
    } finally {
      await stopWith(server, 'SIGTERM');
    }
  });

  it('an imported source mounted with --source keeps what it answered through kill -9', async () => {
    const withLibrary = ['--source', 'library'];
    const bearer = { authorization: 'Bearer durability' };
    const server = await startCli(withLibrary);
    const added = await fetch(`${server.url}/v2/authors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer },
      body: JSON.stringify({ name: '断电前的作者' }),
    });
    expect(added.status).toBe(201);
    const location = added.headers.get('location') ?? '';
    // Served under the source's own prefix (issue 50), as the app calls it; /v2 is an alias.
    expect(location).toMatch(/^\/sources\/library\/authors\/\d+$/);
    await stopWith(server, 'SIGKILL');

    const again = await startCli(withLibrary);
    try {
      const read = await fetch(`${again.url}${location}`, { headers: bearer });
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject({ name: '断电前的作者' });
    } finally {
      await stopWith(again, 'SIGKILL');
    }
  });
});
