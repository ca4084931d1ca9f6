/**
 * How many test files run at once: the machine's cores (os.availableParallelism()), at least two
 * — a file often waits on a child process or a browser, and two files on two cores measured
 * 391 s → 202 s for the unit run — unless `TEST_WORKERS` names a count. The journeys take one
 * worker per two cores: each drives a Chromium of its own, several processes busy at once.
 */
import os from 'node:os';

export type WorkerKind = 'unit' | 'e2e';

/** The override, when it is a whole number from 1 to 64; anything else is ignored. */
function override(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  const count = Number(value);
  return count >= 1 && count <= 64 ? count : undefined;
}

export function workerCount(
  kind: WorkerKind,
  cores: number = os.availableParallelism(),
  env: NodeJS.ProcessEnv = process.env,
): number {
  const asked = override(env.TEST_WORKERS);
  if (asked !== undefined) return asked;
  return Math.max(2, kind === 'unit' ? cores : Math.floor(cores / 2));
}
