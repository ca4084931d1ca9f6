/** `generate [--check] [--dry-run] [--contract <dir>] [--out <dir>]` */
import path from 'node:path';
import { Option, type Command } from 'commander';
import { generate, type GenerateMode, type GenerateReport } from '../../generator';
import { failWith } from '../fail';

const FIX_COMMAND = 'npm run cli -- generate';

interface GenerateFlags {
  check?: boolean;
  dryRun?: boolean;
  contract: string;
  out: string;
}

function printList(title: string, files: string[]): void {
  if (files.length === 0) return;
  console.log(`${title} (${files.length}):`);
  for (const file of files) console.log(`  ${file}`);
}

function printReport(
  report: GenerateReport,
  verb: { created: string; updated: string; deleted: string },
): void {
  printList(verb.created, report.created);
  printList(verb.updated, report.updated);
  printList(verb.deleted, report.deleted);
  console.log(
    `${report.modules.length} module(s), ${report.operations} operation(s); ` +
      `${report.created.length} created, ${report.updated.length} updated, ` +
      `${report.unchanged.length} unchanged, ${report.deleted.length} deleted; ` +
      `lint ${report.lint.errors} error(s), ${report.lint.warnings} warning(s); ${report.durationMs} ms`,
  );
}

export function registerGenerate(program: Command): void {
  program
    .command('generate')
    .description('Generate types, hooks, mocks, modules, pages and routes from the contract')
    .addOption(
      new Option(
        '--check',
        'regenerate in memory and fail if generated/ differs (CI drift gate)',
      ).conflicts('dryRun'),
    )
    .option('--dry-run', 'write nothing, print what would change')
    .option('--contract <dir>', 'contract directory', 'openapi')
    .option('--out <dir>', 'output directory', 'generated')
    .action(async (flags: GenerateFlags) => {
      const mode: GenerateMode = flags.check ? 'check' : flags.dryRun ? 'dry-run' : 'write';
      const outDir = path.resolve(flags.out);
      const { report } = await generate({
        contractDir: path.resolve(flags.contract),
        outDir,
        mode,
      });
      if (mode === 'check') {
        const outName = path.relative(process.cwd(), outDir) || '.';
        const drift = report.created.length + report.updated.length + report.deleted.length;
        if (drift > 0) {
          printReport(report, { created: 'missing', updated: 'differing', deleted: 'extra' });
          failWith(`${outName} is out of date with the contract. Fix: ${FIX_COMMAND}`);
        }
        console.log(`${outName} is up to date (${report.unchanged.length} files).`);
        return;
      }
      const dry = mode === 'dry-run';
      printReport(report, {
        created: dry ? 'would create' : 'created',
        updated: dry ? 'would update' : 'updated',
        deleted: dry ? 'would delete' : 'deleted',
      });
    });
}
