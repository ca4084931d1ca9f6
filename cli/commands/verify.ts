/**
 * `verify --base-url <url> [--user <u>] [--password-env <NAME>] [--captcha <c>]
 * [--reporter text|json|junit] [--json]`: checks a running server against the contract (every
 * safe operation's answer validated against its schema) and reports one entry per operation and
 * a summary; exit 1 on any schema error or failed call, or when the sign-in fails.
 */
import path from 'node:path';
import { Option, type Command } from 'commander';
import type { OperationResult } from '../../generator/verify/verify-server';
import { EXIT, failWith, UsageError } from '../fail';
import { junitReport } from '../junit';
import { resolvePassword } from '../password';
import { printJsonReport } from '../report';

type Reporter = 'text' | 'json' | 'junit';
const REPORTERS: readonly Reporter[] = ['text', 'json', 'junit'];

interface VerifyFlags {
  baseUrl: string;
  user: string;
  password?: string;
  passwordEnv?: string;
  captcha: string;
  contract: string;
  reporter?: Reporter;
  json?: boolean;
}

function reporterOf(flags: VerifyFlags): Reporter {
  if (flags.json && flags.reporter && flags.reporter !== 'json')
    throw new UsageError(`--json conflicts with --reporter ${flags.reporter}`);
  return flags.json ? 'json' : (flags.reporter ?? 'text');
}

function baseUrlOf(given: string): URL {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new UsageError(`invalid --base-url ${given}: expected e.g. http://127.0.0.1:3001`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`invalid --base-url ${given}: only http and https`);
  return url;
}

export function registerVerify(program: Command): void {
  program
    .command('verify')
    .description(
      'Sign in to a running server, call every safe operation and check each answer against the contract',
    )
    .requiredOption('--base-url <url>', 'the server, e.g. http://127.0.0.1:3001')
    .option('--user <username>', 'account to sign in with', 'admin')
    .option(
      '--password-env <NAME>',
      'environment variable holding the password (without it, a terminal asks for it)',
    )
    // Kept for old scripts, not offered: argv shows in `ps` and in the shell's history.
    .addOption(new Option('--password <password>').hideHelp())
    .option('--captcha <code>', 'captcha answer the server accepts for automated sign-in', '8888')
    .option('--contract <dir>', 'contract directory', 'openapi')
    .addOption(
      new Option(
        '--reporter <name>',
        'text (a table), json (schemas/cli-report.schema.json) or junit (JUnit XML)',
      ).choices(REPORTERS),
    )
    .option('--json', 'the same as --reporter json')
    .action(async (flags: VerifyFlags) => {
      const reporter = reporterOf(flags);
      const baseUrl = baseUrlOf(flags.baseUrl);
      const password = await resolvePassword(flags, flags.user);
      const [{ loadContract }, { formatVerifyReport, verifyServer, VerifyError }] =
        await Promise.all([
          import('../../generator'),
          import('../../generator/verify/verify-server'),
        ]);
      const { document } = await loadContract(path.resolve(flags.contract));
      const started = Date.now();
      let report;
      try {
        report = await verifyServer({
          baseUrl: baseUrl.href,
          username: flags.user,
          password,
          captcha: flags.captcha,
          document,
        });
      } catch (error) {
        if (error instanceof VerifyError) failWith(error.message, EXIT.failed);
        throw error;
      }
      const exitCode = report.counts.schema > 0 || report.counts.failed > 0 ? EXIT.failed : EXIT.ok;
      if (reporter === 'json') {
        printJsonReport<OperationResult>({
          command: 'verify',
          exitCode,
          summary: { operations: report.results.length, ...report.counts },
          findings: report.results.map((result) => ({
            operationId: result.operationId,
            method: result.method,
            path: result.path,
            outcome: result.outcome,
            detail: result.detail,
          })),
        });
        return;
      }
      console.log(
        reporter === 'junit'
          ? junitReport(report, Date.now() - started)
          : formatVerifyReport(report),
      );
      if (exitCode !== EXIT.ok) process.exitCode = exitCode;
    });
}
