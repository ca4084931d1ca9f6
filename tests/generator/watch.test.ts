// @vitest-environment node
/**
 * `cli watch`, the warm developer loop: the resident type checker reports a new error in a
 * changed file and its direct importer, holds changes while paused and acts on them at resume;
 * the command regenerates when a fragment changes, says what a broken contract breaks and keeps
 * watching, and regenerates again once it is fixed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTypeChecker, type CheckReport, type TypeChecker } from '../../cli/watch/type-checker';
import { startProcess, type RunningProcess } from './cli-process';
import { CLI_NODE_ARGS, copyFixture, REPO, tempDir } from './helpers';

/** The checker's reports, awaited one by one as they come. */
function reports() {
  const seen: CheckReport[] = [];
  const waiting: ((report: CheckReport) => void)[] = [];
  return {
    onReport: (report: CheckReport) => {
      const next = waiting.shift();
      if (next) next(report);
      else seen.push(report);
    },
    next: () =>
      new Promise<CheckReport>((resolve) => {
        const ready = seen.shift();
        if (ready) resolve(ready);
        else waiting.push(resolve);
      }),
  };
}

async function tinyProject(): Promise<string> {
  const dir = await tempDir('watch-check');
  await writeFile(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        module: 'ESNext',
        moduleResolution: 'Bundler',
      },
      include: ['*.ts'],
    }),
  );
  await writeFile(
    path.join(dir, 'price.ts'),
    'export const price = (n: number): number => n * 2;\n',
  );
  await writeFile(
    path.join(dir, 'order.ts'),
    "import { price } from './price';\nexport const total: number = price(3);\n",
  );
  return dir;
}

describe('the resident type checker', () => {
  let checker: TypeChecker | undefined;
  afterEach(() => checker?.close());

  it('reports the error a change causes in a direct importer, and its fix', async () => {
    const dir = await tinyProject();
    const seen = reports();
    checker = startTypeChecker({
      tsconfig: path.join(dir, 'tsconfig.json'),
      onReport: seen.onReport,
    });
    expect((await seen.next()).errors).toBe(0);

    checker.pause();
    await writeFile(
      path.join(dir, 'price.ts'),
      'export const price = (n: number): string => `${n}`;\n',
    );
    checker.resume();
    const broken = await seen.next();
    expect(broken.errors).toBe(1);
    expect(broken.text).toContain('order.ts');
    expect(broken.text).toContain("Type 'string' is not assignable to type 'number'");

    await writeFile(path.join(dir, 'price.ts'), 'export const price = (n: number): number => n;\n');
    expect((await seen.next()).errors).toBe(0);
  });
});

describe('cli watch', () => {
  let watcher: RunningProcess | undefined;
  afterEach(() => watcher?.stop());

  // A CLI process that generates several times: it can take a minute on a loaded CI machine.
  it('regenerates on a fragment change (one saved while it starts too), reports a broken contract and goes on watching', async () => {
    const dir = await copyFixture('basic');
    // The program to check: one file, so the test waits on the generator, not on tsc.
    await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({ files: ['check.ts'] }));
    await writeFile(path.join(dir, 'check.ts'), 'export const ok: number = 1;\n');
    const started = await startProcess(
      process.execPath,
      [...CLI_NODE_ARGS, 'watch', '--tsconfig', 'tsconfig.json'],
      /^(generated: .*)$/m,
      120_000,
      process.env,
      dir,
    );
    watcher = started;
    expect(started.found).toMatch(/^generated: 1 module\(s\), [^;]*; [1-9]\d* created/);

    // Saved while the watch is still starting (its first type check and warm-up): not missed.
    const fragment = path.join(dir, 'openapi/paths/adminnotice.yaml');
    const original = await readFile(fragment, 'utf8');
    let from = started.output().length;
    await writeFile(fragment, original.replace('label: 公告标题', 'label: 通知标题'));
    expect(await started.printed(/^(watching .*)$/m, 0)).toBe(
      `watching openapi/ and ${path.join(REPO, 'templates')}/ (Ctrl+C to stop)`,
    );
    expect(started.output()).toMatch(/^type check: 0 error\(s\)/m);
    await started.printed(/^generated: 1 module\(s\), [^;]*; 0 created, [1-9]\d* updated/m, from);
    expect(await readFile(path.join(dir, 'generated/modules/notice.ts'), 'utf8')).toContain(
      "cf_name: '通知标题'",
    );

    from = started.output().length;
    await writeFile(fragment, original.replace('operationId: adminnoticeList', 'operationId: [x'));
    const error = await started.printed(/^(.*adminnotice\.yaml.*)$/m, from);
    expect(error).not.toContain('internal error');

    from = started.output().length;
    await writeFile(fragment, original);
    await started.printed(/^generated: 1 module\(s\), [^;]*; 0 created, [1-9]\d* updated/m, from);
    expect(await readFile(path.join(dir, 'generated/modules/notice.ts'), 'utf8')).toContain(
      "cf_name: '公告标题'",
    );
  }, 120_000);
});
