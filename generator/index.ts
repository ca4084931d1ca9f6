/**
 * Public API of the generator: the CLI and the bench use only this (unit tests also reach the
 * model's pure functions directly).
 *
 * @example
 * import { generate } from './generator';
 * const { files, report } = await generate({ mode: 'dry-run' });
 */
export { generate, REPO_ROOT } from './generate';
export type { GenerateMode, GenerateOptions, GenerateResult } from './generate';
export { loadContract, ContractError } from './parse/load-contract';
export { lintContract, formatLintProblem, LintError } from './parse/lint-contract';
export type { LintProblem } from './parse/lint-contract';
export { buildModules, ModelError } from './model/build-modules';
export { OutputError } from './write/sync-files';
export { writeModuleFragment } from './scaffold/new-module';
export type { NewModuleOptions } from './scaffold/new-module';
export { importModule, ImportModuleError } from './scaffold/import-module';
export type { ImportModuleOptions, ImportModuleResult } from './scaffold/import-module';
export type * from './types';
