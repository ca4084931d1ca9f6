/**
 * Uniform CLI failure: the message on stderr, exit 1, no stack trace. A user's mistake (the
 * contract, the output folder, a flag) reads as lines naming what to fix; only an internal
 * error can show a stack, and only on request (--debug or DEBUG=1).
 */
// The errors module alone: reporting must not load the generator (a fast command never does).
import { ContractError, LintError, ModelError, OutputError } from '../generator/errors';

export function failWith(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** Whether the user asked for stack traces of internal errors. */
function debugWanted(): boolean {
  return process.argv.includes('--debug') || ['1', 'true'].includes(process.env.DEBUG ?? '');
}

/** Reports any error thrown by a command and exits 1. */
export function reportError(error: unknown): never {
  // A ModelError's message opens with a count; its problems are the lines to act on.
  if (error instanceof ModelError) failWith(error.problems.join('\n'));
  if (error instanceof ContractError || error instanceof LintError || error instanceof OutputError)
    failWith(error.message);
  if (debugWanted())
    failWith(error instanceof Error ? (error.stack ?? error.message) : String(error));
  const message = error instanceof Error ? error.message : String(error);
  failWith(
    `internal error: ${message.split('\n')[0]} (run again with --debug for the stack trace)`,
  );
}
