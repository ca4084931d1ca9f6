/**
 * The unit run's own mark on its temp dirs (tests/temp-dirs.ts), and the check after it that
 * none is left in the system's temp folder: a test that makes dirs some other way than
 * tempDir(), or a file whose removal did not run, fails the run instead of filling the
 * folder a little more each time.
 */
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { tempDirStem } from './temp-dirs';

export default function setup(): () => Promise<void> {
  // The workers are started after this and inherit it.
  const run = randomBytes(4).toString('hex');
  process.env.ADMIN_TEST_RUN = run;
  return async () => {
    const stem = tempDirStem(run);
    const left = (await readdir(os.tmpdir())).filter((name) => name.startsWith(stem));
    if (left.length === 0) return;
    await Promise.all(
      left.map((name) => rm(path.join(os.tmpdir(), name), { recursive: true, force: true })),
    );
    // Vitest reports an error thrown here and still exits 0: the exit code says it instead.
    console.error(
      `${left.length} temp dirs of this run were left in ${os.tmpdir()} (now removed): ` +
        `${left.slice(0, 5).join(', ')}${left.length > 5 ? ', …' : ''}`,
    );
    process.exitCode = 1;
  };
}
