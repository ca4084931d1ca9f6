/**
 * `watch [--contract <dir>] [--out <dir>] [--tsconfig <file>]`: the developer loop kept warm.
 * Every change under the contract or templates/ regenerates (in this process: orval,
 * openapi-typescript and prettier stay loaded) and is then type-checked by a resident checker
 * (../watch/type-checker.ts) that checks what changed and what imports it directly. Edits in
 * src/ and the other code are checked the same way. Stopped with Ctrl+C.
 */
import { existsSync, watch as watchFolder, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { GenerateOptions } from '../../generator';
import { REPO_ROOT } from '../../generator/repo-root';
import { describeError, EXIT, failWith, existingFolder } from '../fail';
import type { CheckReport, TypeChecker } from '../watch/type-checker';
import { summaryLine } from './generate';

interface WatchFlags {
  contract: string;
  out: string;
  tsconfig: string;
}

/** Saving a file often writes it twice; a fragment and its index change together. */
const QUIET_MS = 100;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function printCheck(report: CheckReport): void {
  if (report.errors > 0) console.error(report.text.trimEnd());
  console.log(`type check: ${report.errors} error(s) in ${seconds(report.ms)}`);
}

export function registerWatch(program: Command): void {
  program
    .command('watch')
    .description(
      'Regenerate on every change of the contract or the templates, and type-check each change (kept warm: seconds, not tens of seconds)',
    )
    .option('--contract <dir>', 'contract directory', existingFolder, 'openapi')
    .option('--out <dir>', 'output directory', 'generated')
    .option('--tsconfig <file>', 'the program to type-check', 'tsconfig.watch.json')
    .action(async (flags: WatchFlags) => {
      const contractDir = path.resolve(flags.contract);
      if (!existsSync(contractDir)) failWith(`no contract directory at ${contractDir}`, EXIT.usage);
      const tsconfig = path.resolve(flags.tsconfig);
      if (!existsSync(tsconfig)) failWith(`no tsconfig at ${tsconfig}`, EXIT.usage);
      // Loaded here, not with the CLI: every other command starts without TypeScript.
      const { generate } = await import('../../generator');
      const { startTypeChecker } = await import('../watch/type-checker');
      // generate reads the templates of the repository it belongs to, wherever it is run.
      const templatesDir = path.join(REPO_ROOT, 'templates');
      const options: GenerateOptions = { contractDir, outDir: path.resolve(flags.out) };

      /** One run; an error (a broken contract) is printed and the watch goes on. */
      const regenerate = async (): Promise<void> => {
        try {
          const { report } = await generate(options);
          console.log(`generated: ${summaryLine(report)}`);
        } catch (error) {
          console.error(describeError(error).message);
        }
      };

      // Changes are acted on one at a time, in order; a change seen while a generation waits to
      // start is covered by it, one seen while it runs gets a run of its own afterwards.
      let chain: Promise<void> = Promise.resolve();
      const then = (step: () => Promise<void>): Promise<void> => {
        const next = chain.then(step);
        // A failed step (its error is the caller's) does not stop the ones after it.
        chain = next.catch(() => undefined);
        return next;
      };
      let checker: TypeChecker | undefined;
      /** While generate writes its files one by one, the checker waits, then checks them once. */
      const paused = async (work: Promise<unknown>): Promise<void> => {
        checker?.pause();
        try {
          await work;
        } finally {
          checker?.resume();
        }
      };
      let waiting = false;
      const enqueue = (): void => {
        if (waiting) return;
        waiting = true;
        void then(() => {
          waiting = false;
          return paused(regenerate());
        });
      };
      let timer: ReturnType<typeof setTimeout> | undefined;
      const changed = (): void => {
        clearTimeout(timer);
        timer = setTimeout(enqueue, QUIET_MS);
      };
      // Watched before anything is read, so that no save made while the watch starts is missed.
      const watchers: FSWatcher[] = [contractDir, templatesDir].map((folder) =>
        watchFolder(folder, { recursive: true }, changed),
      );
      enqueue();
      await then(async () => {
        // Its first check parses and checks everything (tens of seconds); the later ones do not.
        checker = startTypeChecker({ tsconfig, onReport: printCheck });
        // A first full run in memory (nothing written) loads and warms up orval,
        // openapi-typescript and prettier, so that the first change is as quick as the later ones.
        await paused(
          generate({ ...options, mode: 'check', fromScratch: true }).catch(() => undefined),
        );
      });
      const shown = [contractDir, templatesDir].map((folder) => {
        const relative = path.relative(process.cwd(), folder);
        return `${relative.startsWith('..') ? folder : relative || '.'}/`;
      });
      console.log(`watching ${shown.join(' and ')} (Ctrl+C to stop)`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      for (const watcher of watchers) watcher.close();
      checker?.close();
      clearTimeout(timer);
    });
}
