/**
 * The generator's user-facing errors (contract, lint, model, output folder), with no
 * dependencies: the CLI reports them without loading the generator's parsers and renderers.
 */

/** A contract problem that stops generation; one line per problem, each naming its file. */
export class ContractError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ContractError';
  }
}

export interface LintProblem {
  severity: 'error' | 'warn';
  ruleId: string;
  message: string;
  /** JSON pointer into the merged document, e.g. #/paths/~1api~1login/post. */
  pointer: string;
  /** The file and line that wrote it, e.g. paths/session.yaml:12 (when known). */
  location?: string;
}

/** One readable line per problem, for the CLI and for error messages. */
export function formatLintProblem(problem: LintProblem): string {
  const where = problem.location ? `${problem.location}: ` : '';
  return `${where}${problem.severity === 'error' ? 'error' : 'warning'} [${problem.ruleId}] ${problem.pointer}: ${problem.message}`;
}

/** The contract failed Redocly's recommended rules (errors only; warnings do not stop generate). */
export class LintError extends Error {
  constructor(readonly problems: LintProblem[]) {
    super(
      problems
        .filter((p) => p.severity === 'error')
        .map(formatLintProblem)
        .join('\n'),
    );
    this.name = 'LintError';
  }
}

/** The contract's x-admin metadata is inconsistent; lists every problem found. */
export class ModelError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `x-admin has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ModelError';
  }
}

/** A problem with the output folder; the message's first line says what, more lines list files. */
export class OutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputError';
  }
}
