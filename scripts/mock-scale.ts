/**
 * `npm run bench:mock`, its second half (issue 53): the mock server at scale — 50,000 notices
 * and 10,000 members — in memory and on its database (`--data-dir`), each figure the median
 * of 5 and printed beside the journal's, as issue 53 measured them before the database:
 * - one add at 50,000 rows: its time, and the bytes it writes to disk (write(2) bytes of the
 *   process, less those of the same add in memory: its HTTP);
 * - four concurrent adds: how long a call made meanwhile (the captcha) waits;
 * - a list page at 50,000 rows (page 1 of 10, newest first, as the screen asks);
 * - a restart with 50,000 rows: opening the folder in the process (the server's own start), the
 *   whole `cli mock-server` process from spawn to listening, and its memory (RSS) then;
 * - 1,000 concurrent sign-ins, one per member, with 10,000 members.
 * The rows are put in the tables directly (one write), not added one by one over HTTP. Traffic
 * stays on 127.0.0.1. Exit 1 when a figure of the database misses its target (issue 53).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { USER_TABLE } from '../src/mocks/auth';
import { startMockServer, type RunningMockServer } from '../src/mocks/http-server';
import { resetMockDatabase } from '../src/mocks/reset';
import { persist, table } from '../src/mocks/store';
import { printFigures, row, type Figure } from './mock-scale-report';

const NOTICES = 50_000;
const MEMBERS = 10_000;
const SIGN_INS = 1_000;
const ROUNDS = 5;
const PASSWORD = 'Admin@123456';
const REPO = path.resolve(import.meta.dirname, '..');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function rounds(measure: () => Promise<number>): Promise<number> {
  const values: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) values.push(await measure());
  return median(values);
}

/**
 * Bytes this process has handed to write(2) and its kin so far (Linux; NaN elsewhere): files
 * and sockets alike, so the disk's share of an add is the database's count less the in-memory
 * server's (the HTTP traffic of the same add).
 */
function writtenBytes(): number {
  try {
    return Number(/^wchar:\s+(\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))?.[1]);
  } catch {
    return Number.NaN;
  }
}

/** 50,000 notices and 10,000 members, put in the tables and written as one write. */
function fill(): void {
  const notices = table('adminnotice');
  const now = Math.floor(Date.now() / 1000) - NOTICES;
  for (let index = 0; index < NOTICES; index += 1) {
    notices.rows.push({
      id: notices.nextId,
      notice_title: `压测公告 ${index}`,
      notice_type: 1 + (index % 3),
      notice_content: '负载测试的公告内容，一段中等长度的正文。',
      status: 1,
      sort: 1,
      create_time: now + index,
    });
    notices.nextId += 1;
  }
  const users = table(USER_TABLE);
  const template = users.rows.find((row) => row.username !== 'admin') ?? users.rows[0] ?? {};
  for (let index = 0; index < MEMBERS; index += 1) {
    users.rows.push({
      ...template,
      id: users.nextId,
      username: `member${index}`,
      nickname: `成员 ${index}`,
      password: PASSWORD,
      status: 1,
    });
    users.nextId += 1;
  }
  persist();
}

/**
 * fetch, tried once more when the connection was reset before any answer: a kept-alive
 * connection the server closed while idle (its keep-alive timeout), which fetch reused.
 */
async function send(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
    if (!cause || !('code' in cause) || cause.code !== 'ECONNRESET') throw error;
    return fetch(url, init);
  }
}

async function signIn(url: string, username: string): Promise<string> {
  const response = await send(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD, captcha: '8888', captcha_key: 'bench' }),
  });
  const answer = (await response.json()) as {
    status: number;
    msg: string;
    data: { token: string };
  };
  if (answer.status !== 200) throw new Error(`sign-in of ${username} failed: ${answer.msg}`);
  return answer.data.token;
}

async function timed(call: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await call();
  const answer = (await response.json()) as { status?: number; msg?: string };
  if (response.status !== 200 || (answer.status !== undefined && answer.status !== 200))
    throw new Error(`HTTP ${response.status}, status ${answer.status}: ${answer.msg}`);
  return performance.now() - started;
}

/** Add, hold, list and sign-in figures against a running server holding the rows. */
async function measureServer(server: RunningMockServer) {
  const token = await signIn(server.url, 'admin');
  const headers = { 'access-token': token, 'content-type': 'application/json' };
  let added = 0;
  const add = () =>
    send(`${server.url}/api/adminnotice/add`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        notice_title: `规模测试 ${(added += 1)}`,
        notice_type: 1,
        notice_content: '一条新的公告',
      }),
    });
  // Warm-up: the validators of each operation are compiled on first use.
  await timed(add);
  await timed(() =>
    send(`${server.url}/api/adminnotice/list?pageindex=1&pagesize=10`, { headers }),
  );

  const bytes: number[] = [];
  const addMs = await rounds(async () => {
    const before = writtenBytes();
    const ms = await timed(add);
    bytes.push(writtenBytes() - before);
    return ms;
  });
  const holdMs = await rounds(async () => {
    const adds = Array.from({ length: 4 }, () => timed(add));
    const held = timed(() => send(`${server.url}/api/captcha`));
    await Promise.all(adds);
    return held;
  });
  const listMs = await rounds(() =>
    timed(() => send(`${server.url}/api/adminnotice/list?pageindex=1&pagesize=10`, { headers })),
  );
  const signInMs = await rounds(async () => {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: SIGN_INS }, (_, index) => signIn(server.url, `member${index}`)),
    );
    return performance.now() - started;
  });
  return { addMs, addBytes: median(bytes), holdMs, listMs, signInMs };
}

/** `cli mock-server --data-dir folder` from spawn to its start line, and its RSS then. */
async function startProcess(folder: string): Promise<{ ms: number; rssMb: number }> {
  const started = performance.now();
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
      folder,
    ],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (/listening on /.test(stdout)) resolve();
      });
      void exited.then(() => reject(new Error('mock-server exited before listening')));
    });
    const ms = performance.now() - started;
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    return { ms, rssMb: rssKb / 1024 };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** The scale figures in memory and on the database under `folder`; false when a target is missed. */
export async function scaleBench(folder: string): Promise<boolean> {
  // The machine is shared: its load says how far the figures are from an idle one's.
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  console.log(
    `mock server at scale: ${NOTICES} notices, ${MEMBERS} members, medians of ${ROUNDS} (load average ${load()})`,
  );
  resetMockDatabase();
  let server = await startMockServer({ port: 0, host: '127.0.0.1' });
  fill();
  const memory = await measureServer(server).finally(() => server.close());

  resetMockDatabase();
  server = await startMockServer({ port: 0, host: '127.0.0.1', dataDir: folder });
  fill();
  const database = await measureServer(server).finally(() => server.close());
  const restartMs = await rounds(async () => {
    resetMockDatabase();
    const started = performance.now();
    const again = await startMockServer({ port: 0, host: '127.0.0.1', dataDir: folder });
    const ms = performance.now() - started;
    await again.close();
    return ms;
  });
  const processes: { ms: number; rssMb: number }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) processes.push(await startProcess(folder));

  const processMs = median(processes.map((run) => run.ms));
  const rssMb = median(processes.map((run) => run.rssMb));
  // label, target, the journal's figure (issue 53), limit, unit, in memory, database
  const figures: Figure[] = [
    row('one add at 50,000 rows', '≤ 5 ms', '0.7–1.2 s', 5, 'ms', memory.addMs, database.addMs),
    row(
      '… bytes it writes to disk (in memory: its HTTP)',
      '≤ 4 KB',
      '8.1 MB',
      4096,
      'B',
      memory.addBytes,
      database.addBytes - memory.addBytes,
    ),
    row(
      'a call held by four concurrent adds',
      '≤ 50 ms',
      '0.8 s',
      50,
      'ms',
      memory.holdMs,
      database.holdMs,
    ),
    row('a list page at 50,000 rows', '≤ 20 ms', '—', 20, 'ms', memory.listMs, database.listMs),
    row(
      'restart with 50,000 rows (open the folder)',
      '≤ 1 s',
      '9.2 s',
      1000,
      's',
      undefined,
      restartMs,
    ),
    row('… the whole process, spawn to listening', '', '', undefined, 's', undefined, processMs),
    row('… its memory (RSS) then', '≤ 150 MB', '561 MB', 150, 'MB', undefined, rssMb),
    row(
      '1,000 concurrent sign-ins, 10,000 members',
      '≤ 3 s',
      '85 s',
      3000,
      's',
      memory.signInMs,
      database.signInMs,
    ),
  ];
  console.log(`(load average at the end ${load()})`);
  return printFigures(figures);
}
