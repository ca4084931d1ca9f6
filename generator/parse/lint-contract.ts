/**
 * Lint the merged contract with Redocly's `recommended` ruleset. The merged document is linted
 * (not the fragments) because fragments only make sense together: their $refs are all local.
 */
import type { NormalizedProblem } from '@redocly/openapi-core';
import type { LintProblem } from '../errors';
import { isJson } from '../json';
import type { OpenApiDocument } from '../types';
import { pointerPath, type ValuePath } from './source-lines';

export { formatLintProblem, LintError, type LintProblem } from '../errors';

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

/** The problem with the file and line that wrote it, when `locate` knows them. */
export function locateLintProblem(
  problem: LintProblem,
  locate: ((at: ValuePath) => string | undefined) | undefined,
): LintProblem {
  const location = locate?.(pointerPath(problem.pointer));
  return location ? { ...problem, location } : problem;
}

function toLintProblem(
  problem: NormalizedProblem,
  locate: ((at: ValuePath) => string | undefined) | undefined,
): LintProblem {
  const lintProblem: LintProblem = {
    severity: problem.severity === 'error' ? 'error' : 'warn',
    ruleId: problem.ruleId,
    message: problem.message,
    pointer: problem.location[0]?.pointer ?? '#',
  };
  return locateLintProblem(lintProblem, locate);
}

/** A cached list of lint problems (generator/cache.ts), checked field by field. */
export function isLintProblems(value: unknown): value is LintProblem[] {
  return (
    Array.isArray(value) &&
    value.every(
      (problem) =>
        isJson(problem) &&
        (problem.severity === 'error' || problem.severity === 'warn') &&
        typeof problem.ruleId === 'string' &&
        typeof problem.message === 'string' &&
        typeof problem.pointer === 'string',
    )
  );
}

/** Plain code-unit order: the listing must not depend on a locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Lints a merged contract; returns problems sorted by pointer (deterministic output). With
 * `locate` (from loadContract) each problem also names the file and line that wrote it.
 *
 * @example
 * const { document, locate } = await loadContract('openapi');
 * const problems = await lintContract(document, locate);
 * problems.filter((p) => p.severity === 'error').length; // 0 for a clean contract
 */
export async function lintContract(
  document: OpenApiDocument,
  locate?: (at: ValuePath) => string | undefined,
): Promise<LintProblem[]> {
  // Loaded here, not on import: a run whose lint comes from the cache never pays for it.
  const { createConfig, lintFromString } = await import('@redocly/openapi-core');
  const config = await createConfig({ extends: ['recommended'], rules: CONTRACT_RULES });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: VIRTUAL_REF,
    config,
  });
  return problems
    .filter((problem) => !problem.ignored)
    .map((problem) => toLintProblem(problem, locate))
    .sort((a, b) => compare(a.pointer, b.pointer) || compare(a.ruleId, b.ruleId));
}
