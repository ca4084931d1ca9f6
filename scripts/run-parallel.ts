/**
 * Runs npm scripts side by side and fails if any fails: the gate's static checks (tsc, ESLint,
 * prettier, the contract lint, the drift check) are each one thread, and one after another they
 * left the second core idle for minutes. Each script's output is held back and printed whole
 * when it ends, under a line with its name, outcome and time, so two logs never interleave.
 *
 * One script may be `--live`: its output is passed on line by line as it comes (the others'
 * blocks land between its lines), for a long script one watches — the gate runs ESLint beside
 * the other checks and then the unit tests, which would otherwise leave a core idle for the
 * minute ESLint goes on alone.
 *
 * Usage: tsx scripts/run-parallel.ts typecheck lint "cli -- lint" [--live test:unit]
 */
import { spawn } from 'node:child_process';

interface Outcome {
  script: string;
  code: number;
  seconds: number;
  output: string;
}

/** `onOutput`: the script's output as it comes (then not kept in the outcome). */
function runScript(script: string, onOutput?: (chunk: Buffer) => void): Promise<Outcome> {
  const started = performance.now();
  // One string for the shell: a script given with its own arguments ("cli -- lint").
  const child = spawn(`npm run --silent ${script}`, {
    shell: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours as on a terminal when the gate's own output is one.
    env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
  });
  const chunks: Buffer[] = [];
  const take = onOutput ?? ((chunk: Buffer) => chunks.push(chunk));
  child.stdout.on('data', take);
  child.stderr.on('data', take);
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

/** Passes output on in whole lines, so a block written between two calls never splits one. */
function lineWriter() {
  let partial = '';
  return {
    write(chunk: Buffer) {
      partial += chunk.toString('utf8');
      const end = partial.lastIndexOf('\n');
      if (end < 0) return;
      process.stdout.write(partial.slice(0, end + 1));
      partial = partial.slice(end + 1);
    },
    end() {
      if (partial) process.stdout.write(`${partial}\n`);
      partial = '';
    },
  };
}

async function main(args: readonly string[]): Promise<number> {
  const liveAt = args.indexOf('--live');
  const live = liveAt >= 0 ? args[liveAt + 1] : undefined;
  const scripts = args.filter((_, index) => index !== liveAt);
  if (scripts.length === 0 || (liveAt >= 0 && !live)) {
    console.error(
      'usage: tsx scripts/run-parallel.ts <npm script> [<npm script> …] [--live <npm script>]',
    );
    return 2;
  }
  const started = performance.now();
  let failed = 0;
  await Promise.all(
    scripts.map(async (script) => {
      const writer = script === live ? lineWriter() : undefined;
      const outcome = await runScript(script, writer && ((chunk) => writer.write(chunk)));
      writer?.end();
      const verdict = outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`;
      const text = outcome.output.trimEnd();
      const name = script === live ? `${script} (its output above)` : script;
      process.stdout.write(
        `── npm run ${name}: ${verdict} in ${outcome.seconds.toFixed(1)} s\n${text ? `${text}\n` : ''}`,
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
