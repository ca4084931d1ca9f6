/**
 * Long-running and concurrent CLI processes for the tests: a server started as a user starts
 * it (waited for until it prints its address, with a deadline), and a CLI run that does not
 * block the test's event loop (so a server in the test process can answer it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { CLI_NODE_ARGS, REPO, type CliResult } from './helpers';

export interface RunningProcess {
  child: ChildProcess;
  /** What the process printed so far (stdout and stderr), for failure messages. */
  output: () => string;
  /**
   * Resolves with the first match of `pattern` (group 1, else all of it) in what was printed
   * from offset `from` on, waiting up to 60 s for it.
   */
  printed: (pattern: RegExp, from: number) => Promise<string>;
  stop: () => Promise<void>;
}

/** Rejects with `what` when `promise` has not settled within `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Starts `command args` and resolves with the first match of `ready` in its output (group 1),
 * e.g. the address a server listens on; fails if it exits first or prints nothing within `ms`.
 */
export async function startProcess(
  command: string,
  args: string[],
  ready: RegExp,
  ms: number,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = REPO,
): Promise<RunningProcess & { found: string }> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const matchFrom = (pattern: RegExp, from: number) => {
    const match = pattern.exec(output.slice(from));
    return match ? (match[1] ?? match[0]) : undefined;
  };
  const printed = (pattern: RegExp, from: number) =>
    within(
      new Promise<string>((resolve, reject) => {
        const read = () => {
          const found = matchFrom(pattern, from);
          if (found === undefined) return;
          child.stdout.off('data', read);
          child.stderr.off('data', read);
          resolve(found);
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        void exited.then((code) => reject(new Error(`${command} exited (${code}):\n${output}`)));
        read();
      }),
      60_000,
      `${pattern} in:\n${output.slice(from)}`,
    );
  const found = await within(
    new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = ready.exec(output);
        if (match) resolve(match[1] ?? match[0]);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      void exited.then((code) => reject(new Error(`${command} exited (${code}):\n${output}`)));
    }),
    ms,
    `${path.basename(command)} ${args.slice(0, 2).join(' ')} start`,
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    child,
    found,
    output: () => output,
    printed,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await within(exited, 10_000, 'stop').catch(() => {
        child.kill('SIGKILL');
      });
    },
  };
}

/** `cli mock-server --port 0 [options]` in its own process; resolves with its base URL. */
export function startMockServerProcess(
  options: readonly string[] = [],
): Promise<RunningProcess & { found: string }> {
  return startProcess(
    process.execPath,
    [...CLI_NODE_ARGS, 'mock-server', '--port', '0', ...options],
    /listening on (http:\/\/\S+)/,
    60_000,
  );
}

/** Runs the CLI without blocking the event loop; gives up (and fails) after `ms`. */
export function runCliAsync(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; ms?: number } = {},
): Promise<CliResult> {
  const child = spawn(process.execPath, [...CLI_NODE_ARGS, ...args], {
    cwd: options.cwd ?? REPO,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return within(
    new Promise<CliResult>((resolve) =>
      child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr })),
    ),
    options.ms ?? 120_000,
    `cli ${args[0] ?? ''}`,
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
}
