/**
 * Public API of the generator (the CLI, tests and the bench use only this).
 *
 * @example
 * import { generate } from './generator';
 * const { files, report } = await generate({ mode: 'dry-run' });
 */
export { generate, renderAll, loadTemplates, REPO_ROOT, LintError } from './generate';
export type { GenerateMode, GenerateOptions, GenerateResult } from './generate';
export { loadContract, ContractError } from './parse/load-contract';
export { lintContract, formatLintProblem } from './parse/lint-contract';
export type { LintProblem } from './parse/lint-contract';
export { buildModules, ModelError } from './model/build-modules';
export { BANNER_TEXT } from './write/banner';
export type * from './types';
