// @vitest-environment node
/**
 * scripts/run-parallel.ts, which runs the gate's static checks side by side: every script runs
 * to its end even when another fails, each log is printed whole under its own line, and the
 * exit code is 1 when any failed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, TSX_NODE_ARGS, tempDir } from '../../generator/helpers';

const RUNNER = path.join(REPO, 'scripts/run-parallel.ts');

async function projectWith(scripts: Record<string, string>): Promise<string> {
  const dir = await tempDir('run-parallel');
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'p', scripts }));
  return dir;
}

const run = (cwd: string, args: string[]) =>
  spawnSync(process.execPath, [...TSX_NODE_ARGS, RUNNER, ...args], { cwd, encoding: 'utf8' });

describe('run-parallel', () => {
  it('runs every script, prints each log whole and fails when one failed', async () => {
    const cwd = await projectWith({
      slow: "node -e \"setTimeout(() => { console.log('slow line 1'); console.log('slow line 2'); }, 300)\"",
      broken: 'node -e "console.error(\'broken said why\'); process.exit(3)"',
      echo: 'node -e "console.log(process.argv[1])"',
    });
    const result = run(cwd, ['slow', 'broken', 'echo -- handed-over']);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(
      /── npm run broken: FAILED \(exit 3\) in [\d.]+ s\nbroken said why\n/,
    );
    expect(result.stdout).toMatch(
      /── npm run slow: passed in [\d.]+ s\nslow line 1\nslow line 2\n/,
    );
    expect(result.stdout).toMatch(
      /── npm run echo -- handed-over: passed in [\d.]+ s\nhanded-over\n/,
    );
    expect(result.stdout).toMatch(/── 3 scripts side by side in [\d.]+ s, 1 failed\n$/);
  });

  it('exits 0 when all passed', async () => {
    const cwd = await projectWith({ a: 'node -e ""', b: 'node -e ""' });
    const result = run(cwd, ['a', 'b']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/── 2 scripts side by side in [\d.]+ s\n$/);
  });

  it('passes a --live script’s output on while it runs, the others’ blocks between its lines', async () => {
    const cwd = await projectWith({
      // Says it started, then waits for the test to answer (a file) before it ends.
      watched:
        "node -e \"console.log('watched started'); const fs = require('fs'); " +
        "const wait = () => fs.existsSync('go') ? console.log('watched ended') : setTimeout(wait, 20); wait()\"",
      quick: 'node -e "console.log(\'quick line\')"',
    });
    const child = spawn(
      process.execPath,
      [...TSX_NODE_ARGS, RUNNER, 'quick', '--live', 'watched'],
      {
        cwd,
      },
    );
    let stdout = '';
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        if (stdout.includes('watched started\n') && stdout.includes('quick line\n')) resolve();
      });
    });
    // Both printed while the live script still runs: its output was not held back.
    expect(stdout).not.toContain('watched ended');
    await writeFile(path.join(cwd, 'go'), '');
    expect(await exited).toBe(0);
    expect(stdout).toMatch(/── npm run quick: passed in [\d.]+ s\nquick line\n/);
    expect(stdout).toMatch(
      /watched ended\n── npm run watched \(its output above\): passed in [\d.]+ s\n/,
    );
    expect(stdout).toMatch(/── 2 scripts side by side in [\d.]+ s\n$/);
  });
});
