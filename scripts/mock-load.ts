/**
 * `npm run bench:mock`: a bounded load run against the HTTP mock server, twice — in memory, then
 * with `--data-dir` (the database: every write committed before it is answered). Each run
 * starts the server on loopback (port chosen by the system) from the seeds, signs in, sends
 * 2,000 requests (list, info and add mixed) with 50 in flight after a warm-up of 100, prints
 * the count, errors, p50/p99 latency and requests per second, then stops the server; last the
 * database's cost as a ratio of the p50s (at most 2×). Traffic stays on 127.0.0.1; each run ends
 * by itself after the last request or after a time limit, whichever comes first. Not a timed
 * test.
 *
 * An error is a failed connection, an HTTP status other than 200, or an envelope status
 * other than 200. The target is 0.
 *
 * Then the server at scale, 50,000 rows and 10,000 members, in memory and on its database,
 * beside the journal's figures from before it (./mock-scale).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startMockServer } from '../src/mocks/http-server';
import { resetMockDatabase } from '../src/mocks/reset';
import { scaleBench } from './mock-scale';

const TOTAL = 2_000;
const CONCURRENCY = 50;
/** Requests sent (and not counted) before the measured ones: two waves. */
const WARM_UP = 2 * CONCURRENCY;
/** No request is started after this… */
const TIME_LIMIT_MS = 120_000;
/** …and none waits longer than this. */
const REQUEST_TIMEOUT_MS = 30_000;
/** The most the database may cost: its p50 over the in-memory p50. */
const MAX_DATABASE_COST = 2;

type Kind = 'list' | 'info' | 'add';

/** 60 % list, 25 % info, 15 % add: the mix of a back office with a few editors. */
function kindOf(index: number): Kind {
  const slot = index % 20;
  if (slot < 12) return 'list';
  if (slot < 17) return 'info';
  return 'add';
}

function percentile(sorted: number[], fraction: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, rank)]!;
}

interface RunResult {
  p50: number;
  ok: boolean;
}

async function run(label: string, dataDir?: string): Promise<RunResult> {
  // Both runs start from the seeds (the database's empty folder gives them too).
  resetMockDatabase();
  const server = await startMockServer({ port: 0, host: '127.0.0.1', dataDir });
  const deadline = Date.now() + TIME_LIMIT_MS;
  const signal = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  try {
    const login = (await (
      await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'admin',
          password: 'Admin@123456',
          captcha: '8888',
          captcha_key: 'load',
        }),
        signal: signal(),
      })
    ).json()) as { status: number; msg: string; data: { token: string } };
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.msg}`);
    const headers = { 'access-token': login.data.token, 'content-type': 'application/json' };

    const call = (index: number): Promise<Response> => {
      const kind = kindOf(index);
      if (kind === 'list') {
        const page = (index % 3) + 1;
        return fetch(`${server.url}/api/adminnotice/list?pageindex=${page}&pagesize=10`, {
          headers,
          signal: signal(),
        });
      }
      const body =
        kind === 'info'
          ? { id: { id: (index % 3) + 1 } }
          : { notice_title: `压测公告 ${index}`, notice_type: 1, notice_content: '负载测试' };
      return fetch(`${server.url}/api/adminnotice/${kind}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: signal(),
      });
    };

    const latencies: number[] = [];
    const errors = new Map<string, number>();
    const countError = (reason: string) => errors.set(reason, (errors.get(reason) ?? 0) + 1);
    let next = 0;
    const worker = async () => {
      while (next < TOTAL && Date.now() < deadline) {
        const index = next;
        next += 1;
        const started = performance.now();
        try {
          const response = await call(index);
          const answer = (await response.json()) as { status?: number; msg?: string };
          latencies.push(performance.now() - started);
          if (response.status !== 200) countError(`HTTP ${response.status}`);
          else if (answer.status !== 200) countError(`status ${answer.status}: ${answer.msg}`);
        } catch (error) {
          latencies.push(performance.now() - started);
          countError(error instanceof Error ? error.message : String(error));
        }
      }
    };

    // A warm-up wave, not counted: it opens the connections, compiles each operation's
    // validators (on first use) and lets the JIT settle, which the first wave otherwise
    // shows as a one-off queue of about a second.
    await Promise.all(
      Array.from({ length: WARM_UP }, async (_, index) => (await call(index)).arrayBuffer()),
    );

    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;

    const sorted = [...latencies].sort((a, b) => a - b);
    const errorCount = [...errors.values()].reduce((sum, count) => sum + count, 0);
    console.log(
      `mock server load, ${label}: ${server.url}, concurrency ${CONCURRENCY}, mix 60% list / 25% info / 15% add, after ${WARM_UP} warm-up requests`,
    );
    console.log(
      `requests   ${latencies.length} of ${TOTAL}${latencies.length < TOTAL ? ' (time limit reached)' : ''}`,
    );
    console.log(`errors     ${errorCount}`);
    for (const [reason, count] of errors) console.log(`  ${count} × ${reason}`);
    console.log(`p50        ${percentile(sorted, 0.5).toFixed(1)} ms`);
    console.log(`p99        ${percentile(sorted, 0.99).toFixed(1)} ms`);
    console.log(
      `throughput ${(latencies.length / seconds).toFixed(0)} requests/s (${seconds.toFixed(2)} s)`,
    );
    return {
      p50: percentile(sorted, 0.5),
      ok: errorCount === 0 && latencies.length === TOTAL,
    };
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const memory = await run('in memory');
  console.log('');
  const folder = await mkdtemp(path.join(tmpdir(), 'mock-load-'));
  let database: RunResult;
  try {
    database = await run(`--data-dir ${folder} (SQLite, committed per write)`, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  const cost = database.p50 / memory.p50;
  console.log('');
  console.log(
    `database cost: p50 ${database.p50.toFixed(1)} ms vs ${memory.p50.toFixed(1)} ms in memory = ${cost.toFixed(2)}× (at most ${MAX_DATABASE_COST}×)`,
  );
  console.log('');
  const scaleFolder = await mkdtemp(path.join(tmpdir(), 'mock-scale-'));
  let scaled: boolean;
  try {
    scaled = await scaleBench(scaleFolder);
  } finally {
    await rm(scaleFolder, { recursive: true, force: true });
  }
  process.exitCode = memory.ok && database.ok && cost <= MAX_DATABASE_COST && scaled ? 0 : 1;
}

await main();
