/**
 * The verify step of `npm run bench:real` (scripts/real-documents.ts): the source's REST mock
 * (`cli mock-server --source <name>`, on a free port) checked by `cli verify --source <name>
 * --writes`, a credential given for whatever security scheme the document declares (the mock
 * takes any non-empty one). The server is stopped whatever happens.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT as ROOT } from '../generator/repo-root';

export interface VerifyStep {
  exitCode: number;
  output: string;
  seconds: number;
}

/** The environment variable `cli verify --token-env` reads the credential from. */
const TOKEN_ENV = 'BENCH_REAL_VERIFY_TOKEN';
/** How long the mock server may take to say where it listens. */
const MOCK_START_MS = 120_000;
/** How long verify may take against it (DigitalOcean: ≈ 700 operations). */
const VERIFY_MS = 10 * 60_000;
const CLI = path.join(ROOT, 'cli/run.mjs');

/** Runs the CLI to its end (killed after `ms`) and collects what it printed; never throws. */
function runCli(args: string[], env: NodeJS.ProcessEnv, ms: number): Promise<VerifyStep> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    const done = (exitCode: number, extra = '') => {
      clearTimeout(timer);
      const output = Buffer.concat(chunks).toString('utf8') + extra;
      resolve({ exitCode, output, seconds: (performance.now() - started) / 1000 });
    };
    child.on('error', (error) => done(127, String(error)));
    child.on('close', (code, signal) => done(code ?? 128, signal ? `\nstopped by ${signal}` : ''));
  });
}

/** The mock server's address once it prints it; undefined when it ends or takes too long. */
function listeningAt(server: ReturnType<typeof spawn>): Promise<{ url?: string; printed: string }> {
  let printed = '';
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ printed }), MOCK_START_MS);
    const read = (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const url = /listening on (http:\/\/\S+)/.exec(printed)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      resolve({ url, printed });
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    server.once('close', () => {
      clearTimeout(timer);
      resolve({ printed });
    });
  });
}

/** `cli mock-server --source <name>`, then `cli verify --source <name> --writes` against it. */
export async function verifyAgainstMock(contract: string, name: string): Promise<VerifyStep> {
  const started = performance.now();
  const server = spawn(
    process.execPath,
    [CLI, 'mock-server', '--port', '0', '--source', name, '--contract', contract],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  try {
    const { url, printed } = await listeningAt(server);
    if (url === undefined)
      return {
        exitCode: 1,
        output: `mock-server --source ${name} did not start:\n${printed}`,
        seconds: (performance.now() - started) / 1000,
      };
    const args = ['verify', '--source', name, '--base-url', url, '--writes'];
    return await runCli(
      [...args, '--contract', contract, '--token-env', TOKEN_ENV],
      { ...process.env, [TOKEN_ENV]: 'bench-real-token' },
      VERIFY_MS,
    );
  } finally {
    server.kill('SIGTERM');
  }
}

/**
 * The table cell: verify's exit code and time, its counts (`521 ok, 0 schema, 0 failed, 155
 * skipped`), what it wrote and how many warnings it gave; '–' where it did not run.
 */
export function verifyCell(step: VerifyStep | undefined): string {
  if (!step) return '–';
  const counts =
    /(\d+) operation\(s\): (\d+) ok, (\d+) schema error\(s\), (\d+) failed, (\d+) skipped/.exec(
      step.output,
    );
  const summary = counts
    ? `${counts[2]} ok, ${counts[3]} schema, ${counts[4]} failed, ${counts[5]} skipped`
    : 'no report';
  const written = /^written: (.*)$/m.exec(step.output)?.[1];
  const warnings = (step.output.match(/^warning: /gm) ?? []).length;
  const parts = [
    `${step.exitCode} (${step.seconds.toFixed(0)} s): ${summary}`,
    ...(written ? [`written: ${written}`] : []),
    ...(warnings > 0 ? [`${warnings} warning(s)`] : []),
  ];
  return parts.join('; ');
}
