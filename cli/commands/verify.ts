/**
 * `verify --base-url <url> [--user <u>] [--password <p>] [--captcha <c>]`: checks a running
 * server against the contract (every safe operation's answer validated against its schema) and
 * prints one line per operation and a summary; exit 1 on any schema error or failed call.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { failWith } from '../fail';

interface VerifyFlags {
  baseUrl: string;
  user: string;
  password: string;
  captcha: string;
  contract: string;
}

export function registerVerify(program: Command): void {
  program
    .command('verify')
    .description(
      'Sign in to a running server, call every safe operation and check each answer against the contract',
    )
    .requiredOption('--base-url <url>', 'the server, e.g. http://127.0.0.1:3001')
    .option('--user <username>', 'account to sign in with', 'admin')
    .option('--password <password>', 'its password', 'Admin@123456')
    .option('--captcha <code>', 'captcha answer the server accepts for automated sign-in', '8888')
    .option('--contract <dir>', 'contract directory', 'openapi')
    .action(async (flags: VerifyFlags) => {
      let baseUrl: URL;
      try {
        baseUrl = new URL(flags.baseUrl);
      } catch {
        failWith(`invalid --base-url ${flags.baseUrl}: expected e.g. http://127.0.0.1:3001`);
      }
      if (baseUrl.protocol !== 'http:' && baseUrl.protocol !== 'https:')
        failWith(`invalid --base-url ${flags.baseUrl}: only http and https`);
      const [{ loadContract }, { formatVerifyReport, verifyServer, VerifyError }] =
        await Promise.all([
          import('../../generator'),
          import('../../generator/verify/verify-server'),
        ]);
      const { document } = await loadContract(path.resolve(flags.contract));
      try {
        const report = await verifyServer({
          baseUrl: baseUrl.href,
          username: flags.user,
          password: flags.password,
          captcha: flags.captcha,
          document,
        });
        console.log(formatVerifyReport(report));
        if (report.counts.schema > 0 || report.counts.failed > 0) process.exit(1);
      } catch (error) {
        if (error instanceof VerifyError) failWith(error.message);
        throw error;
      }
    });
}
