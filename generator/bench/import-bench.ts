/**
 * `npm run bench:import`: how long `import-openapi` takes on a document of 500 operations
 * (100 resources × list, add, info, edit, delete; issue 27 asks for under 10 s), min / median /
 * max of five runs in this process, each into a fresh contract folder. Prints figures; not a
 * timed test.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { importOpenApi } from '../import-openapi';
import { syntheticDocument } from './synthetic-openapi';

const RUNS = 5;
const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-import-'));
try {
  const file = path.join(dir, 'big.yaml');
  await writeFile(file, stringify(syntheticDocument(100)));
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const result = await importOpenApi({
      source: file,
      name: 'big',
      contractDir: path.join(dir, `openapi-${run}`),
    });
    times.push((performance.now() - started) / 1000);
    if (result.report.summary.mapped !== 500)
      throw new Error(`mapped ${result.report.summary.mapped} of 500 operations`);
  }
  times.sort((a, b) => a - b);
  const shown = (value: number | undefined) => `${(value ?? 0).toFixed(2)} s`;
  console.log(
    `import-openapi, 500 operations: min ${shown(times[0])} / median ${shown(times[Math.floor(RUNS / 2)])} / max ${shown(times.at(-1))} (goal: under 10 s)`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
