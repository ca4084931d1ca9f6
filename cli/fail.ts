/**
 * Uniform CLI failure: the message on stderr, a documented exit code, no stack trace. A user's
 * mistake (the contract, the output folder, a flag) reads as lines naming what to fix; only an
 * internal error can show a stack, and only on request (--debug or DEBUG=1).
 */
// The errors module alone: reporting must not load the generator (a fast command never does).
import { ContractError, LintError, ModelError, OutputError } from '../generator/errors';
import { existsSync, statSync } from 'node:fs';
import { InvalidArgumentError } from 'commander';
import { CLI_VERSION } from './report';

/**
 * The exit codes of every command: CI tells drift from a broken contract, a bad flag or a bug.
 * `cli --help` prints EXIT_CODES_HELP; tests/generator/cli-exit-codes.test.ts checks each.
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, contract: 3, internal: 4 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_CODES_HELP = [
  'Exit codes (every command):',
  '  0  ok',
  '  1  drift or verification failure: generate --check found a difference or a stray file;',
  '     verify found a schema error or a failed call, or could not sign in',
  '  2  usage error: unknown command or option, a missing or invalid flag value, or a refusal',
  '     that a flag lifts (--force, --prune, --out)',
  '  3  contract error: the contract or an imported fragment is invalid, or lint found a problem',
  '  4  internal error: a bug (run again with --debug for the stack trace)',
].join('\n');

/** A mistake in how the CLI was called (a flag's value, a missing input): exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Whether this run was asked for machine-readable output (`--json`, `--reporter json`): then
 * every failure also prints one JSON document on stdout (schemas/cli-report.schema.json), so a
 * script reading stdout learns why the command failed, whatever the failure.
 */
export function jsonWanted(argv: readonly string[] = process.argv): boolean {
  return argv.some(
    (arg, at) =>
      arg === '--json' ||
      arg === '--reporter=json' ||
      (arg === '--reporter' && argv[at + 1] === 'json'),
  );
}

/** The command as the report names it: its name, and `--check` for generate's check. */
export function commandOf(argv: readonly string[] = process.argv): string {
  const name = argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (!name) return 'cli';
  return name === 'generate' && argv.includes('--check') ? 'generate --check' : name;
}

/** A failure as the JSON report of its command: one error finding per line of the message. */
export function failureReport(message: string, code: ExitCode, argv = process.argv): string {
  const lines = message.split('\n').filter((line) => line.trim() !== '');
  return JSON.stringify(
    {
      command: commandOf(argv),
      version: CLI_VERSION,
      ok: false,
      exitCode: code,
      summary: { errors: Math.max(lines.length, 1) },
      findings: (lines.length > 0 ? lines : [message || 'failed']).map((line) => ({
        severity: 'error',
        kind: code === EXIT.usage ? 'usage' : code === EXIT.internal ? 'internal' : 'failure',
        message: line.trim(),
      })),
    },
    null,
    2,
  );
}

export function failWith(message: string, code: ExitCode): never {
  console.error(message);
  if (jsonWanted()) console.log(failureReport(message, code));
  process.exit(code);
}

/** Whether the user asked for stack traces of internal errors. */
function debugWanted(): boolean {
  return process.argv.includes('--debug') || ['1', 'true'].includes(process.env.DEBUG ?? '');
}

/** What to print for an error thrown by a command, and the code to exit with. */
export function describeError(error: unknown): { message: string; code: ExitCode } {
  // A ModelError's message opens with a count; its problems are the lines to act on.
  if (error instanceof ModelError)
    return { message: error.problems.join('\n'), code: EXIT.contract };
  if (error instanceof ContractError || error instanceof LintError)
    return { message: error.message, code: EXIT.contract };
  // The output folder given (--out) or a deletion to confirm (--prune): the call is what to fix.
  if (error instanceof OutputError || error instanceof UsageError)
    return { message: error.message, code: EXIT.usage };
  if (debugWanted())
    return {
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      code: EXIT.internal,
    };
  const message = error instanceof Error ? error.message : String(error);
  return {
    message: `internal error: ${message.split('\n')[0]} (run again with --debug for the stack trace)`,
    code: EXIT.internal,
  };
}

/** Reports any error thrown by a command and exits with its code. */
export function reportError(error: unknown): never {
  const { message, code } = describeError(error);
  failWith(message, code);
}

/**
 * `--contract <dir>`'s check: a folder that is not there is a mistake in the call (exit 2),
 * named as it was typed, before any command loads the generator.
 */
export function existingFolder(value: string): string {
  if (!existsSync(value) || !statSync(value).isDirectory())
    throw new InvalidArgumentError(`contract folder ${value} not found`);
  return value;
}
