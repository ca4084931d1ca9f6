/**
 * `verify --base-url <url> [--user <u>] [--password-env <NAME>] [--captcha <c>]
 * [--reporter text|json|junit] [--json]`: checks a running server against the contract (every
 * safe operation's answer validated against its schema) and reports one entry per operation and
 * a summary; exit 1 on any schema error or failed call, or when the sign-in fails.
 *
 * `verify --source <name> --base-url <url> [--writes] [--token-env <NAME>] [--timeout <ms>]`
 * checks a server of an imported source (`<contract>/sources/<name>/`) under REST conventions
 * instead (generator/verify/source/); same reporters and exit codes, and 2 for an unknown source.
 */
import path from 'node:path';
import { Option, type Command } from 'commander';
import type { OperationResult, VerifyReport } from '../../generator/verify/verify-server';
import { EXIT, failWith, UsageError, existingFolder } from '../fail';
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
  source?: string;
  writes?: boolean;
  tokenEnv?: string;
  timeout?: string;
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

/** Prints the report as the reporter asks, and sets the exit code. */
function printReport(
  report: VerifyReport,
  reporter: Reporter,
  durationMs: number,
  notes: readonly string[],
  format: (report: VerifyReport) => string,
): void {
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
    reporter === 'junit' ? junitReport(report, durationMs) : [format(report), ...notes].join('\n'),
  );
  if (exitCode !== EXIT.ok) process.exitCode = exitCode;
}

/** `verify --source`: the flags read, the run in generator/verify/source/, its errors mapped to exit codes. */
async function verifySourceCommand(
  flags: VerifyFlags & { source: string },
  reporter: Reporter,
  baseUrl: URL,
): Promise<void> {
  const timeoutMs = Number(flags.timeout ?? '10000');
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new UsageError(`invalid --timeout ${flags.timeout}: expected milliseconds, e.g. 10000`);
  const secret = flags.tokenEnv === undefined ? undefined : process.env[flags.tokenEnv];
  if (flags.tokenEnv !== undefined && !secret)
    throw new UsageError(`--token-env ${flags.tokenEnv}: that environment variable is not set`);
  const [{ verifySource, SourceError }, { formatVerifyReport, VerifyError }] = await Promise.all([
    import('../../generator/verify/source'),
    import('../../generator/verify/verify-server'),
  ]);
  const started = Date.now();
  try {
    const report = await verifySource({
      contractDir: path.resolve(flags.contract),
      name: flags.source,
      baseUrl: baseUrl.href,
      writes: flags.writes === true,
      secret,
      timeoutMs,
    });
    const notes = [`checked ${report.baseUrl}`, ...report.notes];
    printReport(report, reporter, Date.now() - started, notes, formatVerifyReport);
  } catch (error) {
    if (error instanceof SourceError)
      failWith(error.message, error.kind === 'usage' ? EXIT.usage : EXIT.contract);
    if (error instanceof VerifyError) failWith(error.message, EXIT.failed);
    throw error;
  }
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
    .option('--contract <dir>', 'contract directory', existingFolder, 'openapi')
    .addOption(
      new Option(
        '--reporter <name>',
        'text (a table), json (schemas/cli-report.schema.json) or junit (JUnit XML)',
      ).choices(REPORTERS),
    )
    .option('--json', 'the same as --reporter json')
    .option(
      '--source <name>',
      "check a server of an imported source (<contract>/sources/<name>/, cli import-openapi) under REST conventions instead; a --base-url without a path gets the source's server path (/v3), or /sources/<name> where that path is the back-office's (/api) or none",
    )
    .option(
      '--writes',
      'with --source: also add, read, edit and delete a record of its own per resource, and send one invalid add; without it nothing is ever written',
    )
    .option(
      '--token-env <NAME>',
      'with --source: environment variable holding the credential its securitySchemes ask for (a bearer token, an API key, or user:password for basic)',
    )
    .option('--timeout <ms>', 'with --source: how long one call may take, body included', '10000')
    .action(async (flags: VerifyFlags) => {
      const reporter = reporterOf(flags);
      const baseUrl = baseUrlOf(flags.baseUrl);
      if (flags.source !== undefined) {
        await verifySourceCommand({ ...flags, source: flags.source }, reporter, baseUrl);
        return;
      }
      if (flags.writes || flags.tokenEnv !== undefined)
        throw new UsageError(`${flags.writes ? '--writes' : '--token-env'} needs --source`);
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
      printReport(report, reporter, Date.now() - started, [], formatVerifyReport);
    });
}
