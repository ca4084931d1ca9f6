/**
 * `generate [--check [--json]] [--dry-run] [--prune] [--from-scratch] [--contract <dir>] [--out <dir>]`
 */
import path from 'node:path';
import { Option, type Command } from 'commander';
import type { GenerateMode, GenerateReport } from '../../generator';
import { upToDate } from '../../generator/cache';
import { EXIT, failWith, UsageError, existingFolder } from '../fail';
import { printJsonReport } from '../report';
import { progressLines } from '../progress';
import { cliProgressMessages } from '../../src/locale/cli-progress';

const FIX_COMMAND = 'npm run cli -- generate';

interface GenerateFlags {
  check?: boolean;
  dryRun?: boolean;
  prune?: boolean;
  fromScratch?: boolean;
  json?: boolean;
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
  shown: (file: string) => string,
  verb: { created: string; updated: string; deleted: string },
): void {
  printList(verb.created, report.created.map(shown));
  printList(verb.updated, report.updated.map(shown));
  printList(verb.deleted, report.deleted.map(shown));
  console.log(summaryLine(report));
}

/** The last line of a run: what the contract holds and what the run changed. */
export function summaryLine(report: GenerateReport): string {
  return (
    `${report.modules.length} module(s), ${report.operations} operation(s); ` +
    `${report.created.length} created, ${report.updated.length} updated, ` +
    `${report.unchanged.length} unchanged, ${report.deleted.length} deleted; ` +
    `lint ${report.lint.errors} error(s), ${report.lint.warnings} warning(s); ${report.durationMs} ms`
  );
}

function strayLine(file: string): string {
  return `stray file not written by the generator: ${file}`;
}

type CheckKind = 'differing' | 'missing' | 'extra' | 'stray';

/** One finding of `generate --check --json`: what is wrong with which file, and the fix. */
interface CheckFinding {
  kind: CheckKind;
  file: string;
  fix: string;
}

function checkFindings(
  report: GenerateReport,
  stray: string[],
  outName: string,
  shown: (file: string) => string,
  pruneReason: string | undefined,
): CheckFinding[] {
  const fix = `${FIX_COMMAND}${pruneReason ? ' --prune' : ''}`;
  const strayFix = `move the file out of ${outName}/ or delete it (generate never touches a file without its banner)`;
  const of = (kind: CheckKind, files: string[], fixed: string) =>
    files.map((file) => ({ kind, file: shown(file), fix: fixed }));
  return [
    ...of('differing', report.updated, fix),
    ...of('missing', report.created, fix),
    ...of('extra', report.deleted, fix),
    ...of('stray', stray, strayFix),
  ];
}

/** --check's verdict: every difference and every stray file, then the fix. */
function checkProblems(
  report: GenerateReport,
  stray: string[],
  outName: string,
  shown: (file: string) => string,
  pruneReason: string | undefined,
): string[] {
  const lines: string[] = [];
  const differences = [
    ...report.updated.map((file) => `  differing: ${shown(file)}`),
    ...report.created.map((file) => `  missing: ${shown(file)}`),
    ...report.deleted.map((file) => `  extra: ${shown(file)}`),
  ];
  if (differences.length > 0)
    lines.push(`${outName}/ differs from what the contract produces:`, ...differences);
  lines.push(...stray.map((file) => strayLine(shown(file))));
  if (differences.length > 0)
    lines.push(`Fix: ${FIX_COMMAND}${pruneReason ? ` --prune (${pruneReason})` : ''}`);
  if (stray.length > 0)
    lines.push(
      `Fix: move the stray file(s) out of ${outName}/ or delete them (generate never touches a file without its banner)`,
    );
  return lines;
}

export function registerGenerate(program: Command): void {
  program
    .command('generate')
    .description(
      'Generate types, hooks, mocks, modules, pages, screens and menu rows from the contract',
    )
    .addOption(
      new Option(
        '--check',
        'regenerate in memory and fail if the output differs (CI drift gate)',
      ).conflicts('dryRun'),
    )
    .option('--dry-run', 'write nothing, print what would change')
    .addOption(
      new Option(
        '--prune',
        'also delete the generated files of modules and tags that left the contract',
      ).conflicts('check'),
    )
    .option(
      '--json',
      'with --check: print one JSON document, one object per finding (schemas/cli-report.schema.json)',
    )
    .option(
      '--from-scratch',
      'run orval, openapi-typescript and prettier anew, reading nothing from the generator cache',
    )
    .option('--contract <dir>', 'contract directory', existingFolder, 'openapi')
    .option('--out <dir>', 'output directory', 'generated')
    .action(async (flags: GenerateFlags) => {
      const mode: GenerateMode = flags.check ? 'check' : flags.dryRun ? 'dry-run' : 'write';
      if (flags.json && mode !== 'check') throw new UsageError('--json goes with --check');
      const outDir = path.resolve(flags.out);
      const outName = path.relative(process.cwd(), outDir) || '.';
      const shown = (file: string) => path.join(outName, file);
      const options = {
        contractDir: path.resolve(flags.contract),
        outDir,
        mode,
        prune: flags.prune === true,
        fromScratch: flags.fromScratch === true,
      };
      const step = progressLines(cliProgressMessages.generating, { json: flags.json === true });
      // Unchanged inputs and output (the usual pre-commit case) are answered from the cache's
      // run record without loading the generator; anything else is a full run that names each
      // file (its steps still come from the cache when their inputs did not change).
      const known = options.fromScratch ? undefined : await upToDate(options);
      const { report, stray, pruneReason } = known
        ? { report: known, stray: [], pruneReason: undefined }
        : await (
            await import('../../generator')
          ).generate({
            ...options,
            onStep: step
              ? (name, index, total) => step(cliProgressMessages.generateSteps[name], index, total)
              : undefined,
          });
      if (mode === 'check') {
        if (flags.json) {
          const findings = checkFindings(report, stray, outName, shown, pruneReason);
          const count = (kind: CheckKind) => findings.filter((f) => f.kind === kind).length;
          printJsonReport({
            command: 'generate --check',
            exitCode: findings.length > 0 ? EXIT.failed : EXIT.ok,
            summary: {
              unchanged: report.unchanged.length,
              differing: count('differing'),
              missing: count('missing'),
              extra: count('extra'),
              stray: count('stray'),
            },
            findings,
          });
          return;
        }
        const problems = checkProblems(report, stray, outName, shown, pruneReason);
        if (problems.length > 0) failWith(problems.join('\n'), EXIT.failed);
        console.log(`${outName}/ is up to date (${report.unchanged.length} files).`);
        return;
      }
      const dry = mode === 'dry-run';
      printReport(report, shown, {
        created: dry ? 'would create' : 'created',
        updated: dry ? 'would update' : 'updated',
        deleted: dry ? 'would delete' : 'deleted',
      });
      if (dry && pruneReason && flags.prune !== true)
        console.log(`deleting needs --prune: ${pruneReason}`);
      // Left alone on purpose, but --check (CI) will fail on it: say so now.
      for (const file of stray) console.error(`warning: ${strayLine(shown(file))} (left alone)`);
    });
}
