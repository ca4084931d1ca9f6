/**
 * Lint the merged contract with Redocly's `recommended` ruleset. The merged document is linted
 * (not the fragments) because fragments only make sense together: their $refs are all local.
 */
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import type { OpenApiDocument } from '../types';

export interface LintProblem {
  severity: 'error' | 'warn';
  ruleId: string;
  message: string;
  /** JSON pointer into the merged document, e.g. #/paths/~1api~1login/post. */
  pointer: string;
}

/**
 * Departures from `recommended`, each forced by the spec:
 * - trailing slashes: spec section 7 writes /api/tool/uploadimg/ and the server routes it so;
 * - 4XX responses: every answer is HTTP 200 with the status in the envelope (spec section 8).
 */
const CONTRACT_RULES = {
  'no-path-trailing-slash': 'off',
  'operation-4xx-response': 'off',
} as const;

/** Redocly needs an absolute ref for the in-memory source; nothing is read from it. */
const VIRTUAL_REF = '/virtual/openapi.json';

function toLintProblem(problem: NormalizedProblem): LintProblem {
  const location = problem.location[0];
  return {
    severity: problem.severity === 'error' ? 'error' : 'warn',
    ruleId: problem.ruleId,
    message: problem.message,
    pointer: location?.pointer ?? '#',
  };
}

/**
 * Lints a merged contract; returns problems sorted by pointer (deterministic output).
 *
 * @example
 * const problems = await lintContract(document);
 * problems.filter((p) => p.severity === 'error').length; // 0 for a clean contract
 */
export async function lintContract(document: OpenApiDocument): Promise<LintProblem[]> {
  const config = await createConfig({ extends: ['recommended'], rules: CONTRACT_RULES });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: VIRTUAL_REF,
    config,
  });
  return problems
    .filter((problem) => !problem.ignored)
    .map(toLintProblem)
    .sort((a, b) => a.pointer.localeCompare(b.pointer) || a.ruleId.localeCompare(b.ruleId));
}

/** One readable line per problem, for the CLI and for error messages. */
export function formatLintProblem(problem: LintProblem): string {
  return `${problem.severity === 'error' ? 'error' : 'warning'} [${problem.ruleId}] ${problem.pointer}: ${problem.message}`;
}

/** The contract failed Redocly's recommended rules (errors only; warnings do not stop generate). */
export class LintError extends Error {
  constructor(readonly problems: LintProblem[]) {
    const errors = problems.filter((p) => p.severity === 'error');
    super(
      `The contract has ${errors.length} lint error(s):\n${errors.map((p) => `  - ${formatLintProblem(p)}`).join('\n')}`,
    );
    this.name = 'LintError';
  }
}
