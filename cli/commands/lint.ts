/**
 * `lint [--json]`: merge the contract and lint it with Redocly recommended; exit 3 (a contract
 * error) on any problem, warnings included.
 */
import path from 'node:path';
import type { Command } from 'commander';
import type { LintProblem } from '../../generator/errors';
import { EXIT, failWith, existingFolder } from '../fail';
import { printJsonReport } from '../report';

/** One finding of `lint --json`; `file` and `line` are where the contract says it (or null). */
interface LintFinding {
  severity: 'error' | 'warning';
  rule: string;
  message: string;
  pointer: string;
  file: string | null;
  line: number | null;
}

function lintFinding(problem: LintProblem): LintFinding {
  const at = problem.location ? /^(.*):(\d+)$/.exec(problem.location) : null;
  return {
    severity: problem.severity === 'error' ? 'error' : 'warning',
    rule: problem.ruleId,
    message: problem.message,
    pointer: problem.pointer,
    file: at?.[1] ?? problem.location ?? null,
    line: at?.[2] ? Number(at[2]) : null,
  };
}

export function registerLint(program: Command): void {
  program
    .command('lint')
    .description('Lint the merged contract (Redocly recommended); fails on any error or warning')
    .option('--contract <dir>', 'contract directory', existingFolder, 'openapi')
    .option(
      '--json',
      'print one JSON document, one object per problem (schemas/cli-report.schema.json)',
    )
    .action(async (flags: { contract: string; json?: boolean }) => {
      const { formatLintProblem, lintContract, loadContract } = await import('../../generator');
      const { document, files, locate } = await loadContract(path.resolve(flags.contract));
      const problems = await lintContract(document, locate);
      if (flags.json) {
        const findings = problems.map(lintFinding);
        printJsonReport({
          command: 'lint',
          exitCode: findings.length > 0 ? EXIT.contract : EXIT.ok,
          summary: {
            files: files.length,
            errors: findings.filter((finding) => finding.severity === 'error').length,
            warnings: findings.filter((finding) => finding.severity === 'warning').length,
          },
          findings,
        });
        return;
      }
      for (const problem of problems) console.log(formatLintProblem(problem));
      const summary = `${files.length} file(s) merged; ${problems.length} problem(s)`;
      if (problems.length > 0) failWith(summary, EXIT.contract);
      console.log(`${summary}. The contract is clean.`);
    });
}
