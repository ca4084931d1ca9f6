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
import { describeError, EXIT, failWith } from '../fail';
import type { CheckReport } from '../watch/type-checker';
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
    .option('--contract <dir>', 'contract directory', 'openapi')
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

      await regenerate();
      let running: Promise<void> | undefined;
      let again = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      /** Runs when nothing runs; a change seen meanwhile runs once more after it. */
      const afterwards = (work: Promise<void>): void => {
        running = work.finally(() => {
          running = undefined;
          checker.resume();
          if (again) {
            again = false;
            run();
          }
        });
      };
      const run = (): void => {
        if (running) {
          again = true;
          return;
        }
        checker.pause();
        afterwards(regenerate());
      };
      const changed = (): void => {
        clearTimeout(timer);
        timer = setTimeout(run, QUIET_MS);
      };
      // Watched from here on, so that a save during the start below is not missed.
      const watchers: FSWatcher[] = [contractDir, templatesDir].map((folder) =>
        watchFolder(folder, { recursive: true }, changed),
      );
      // Its first check parses and checks everything (tens of seconds); the later ones do not.
      const checker = startTypeChecker({ tsconfig, onReport: printCheck });
      // A first full run in memory (nothing written) loads and warms up orval, openapi-typescript
      // and prettier, so that the first change is as quick as the ones after it.
      checker.pause();
      afterwards(
        generate({ ...options, mode: 'check', fromScratch: true }).then(
          () => undefined,
          () => undefined,
        ),
      );
      await running;
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
      checker.close();
      clearTimeout(timer);
    });
}
