// @vitest-environment node
/**
 * orval prints a banner on every run; the generator silences stdout while orval runs. The
 * backend's and each source's orval run at the same time and end in any order: afterwards stdout
 * must write as it did before, or everything printed after the runs (the CLI's report) is lost.
 */
import { expect, it } from 'vitest';
import { withoutStdout } from '../../generator/render/render-api';

/** A task that ends when `end` is called. */
function task() {
  let end = () => {};
  const done = new Promise<void>((resolve) => {
    end = resolve;
  });
  return { run: () => done, end: () => end() };
}

it.each([
  ['the first one started ends first', [0, 1]],
  ['the last one started ends first', [1, 0]],
])(
  'overlapping silenced runs print nothing, and stdout writes again after them: %s',
  async (_, order) => {
    const printed: string[] = [];
    // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was below
    const original = process.stdout.write;
    process.stdout.write = (chunk: unknown) => (printed.push(String(chunk)), true);
    try {
      const tasks = [task(), task()];
      const runs = tasks.map((one) =>
        withoutStdout(async () => {
          process.stdout.write('banner\n');
          await one.run();
        }),
      );
      for (const index of order) tasks[index]!.end();
      await Promise.all(runs);
      process.stdout.write('after the runs\n');
    } finally {
      process.stdout.write = original;
    }
    expect(printed).toEqual(['after the runs\n']);
  },
);
