/** `lint`: merge the contract and lint it with Redocly recommended; non-zero on any problem. */
import path from 'node:path';
import type { Command } from 'commander';
import { failWith } from '../fail';

export function registerLint(program: Command): void {
  program
    .command('lint')
    .description('Lint the merged contract (Redocly recommended); fails on any error or warning')
    .option('--contract <dir>', 'contract directory', 'openapi')
    .action(async (flags: { contract: string }) => {
      const { formatLintProblem, lintContract, loadContract } = await import('../../generator');
      const { document, files, locate } = await loadContract(path.resolve(flags.contract));
      const problems = await lintContract(document, locate);
      for (const problem of problems) console.log(formatLintProblem(problem));
      const summary = `${files.length} file(s) merged; ${problems.length} problem(s)`;
      if (problems.length > 0) failWith(summary);
      console.log(`${summary}. The contract is clean.`);
    });
}
