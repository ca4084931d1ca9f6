/**
 * Runs npm scripts side by side and fails if any fails: the gate's static checks (tsc, ESLint,
 * prettier, the contract lint, the drift check) are each one thread, and one after another they
 * left the second core idle for minutes. Each script's output is held back and printed whole
 * when it ends, under a line with its name, outcome and time, so two logs never interleave.
 *
 * Usage: tsx scripts/run-parallel.ts typecheck lint "cli -- lint"
 */
import { spawn } from 'node:child_process';

interface Outcome {
  script: string;
  code: number;
  seconds: number;
  output: string;
}

function runScript(script: string): Promise<Outcome> {
  const started = performance.now();
  // One string for the shell: a script given with its own arguments ("cli -- lint").
  const child = spawn(`npm run --silent ${script}`, {
    shell: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours as on a terminal when the gate's own output is one.
    env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
  });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    const finish = (code: number) =>
      resolve({
        script,
        code,
        seconds: (performance.now() - started) / 1000,
        output: Buffer.concat(chunks).toString('utf8'),
      });
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

async function main(scripts: readonly string[]): Promise<number> {
  if (scripts.length === 0) {
    console.error('usage: tsx scripts/run-parallel.ts <npm script> [<npm script> …]');
    return 2;
  }
  const started = performance.now();
  let failed = 0;
  await Promise.all(
    scripts.map(async (script) => {
      const outcome = await runScript(script);
      const verdict = outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`;
      const text = outcome.output.trimEnd();
      process.stdout.write(
        `── npm run ${script}: ${verdict} in ${outcome.seconds.toFixed(1)} s\n${text ? `${text}\n` : ''}`,
      );
      if (outcome.code !== 0) failed += 1;
    }),
  );
  const total = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `── ${scripts.length} scripts side by side in ${total} s${failed ? `, ${failed} failed` : ''}`,
  );
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
