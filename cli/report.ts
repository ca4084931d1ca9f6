/**
 * The machine-readable output of `generate --check --json`, `lint --json`, `verify --json` and
 * `import-openapi --json`:
 * one JSON document on stdout with the same top-level keys for every command and one object
 * per finding, each with a fixed set of keys (null where one does not apply).
 * schemas/cli-report.schema.json describes it; the CLI tests validate against it.
 */
import manifest from '../package.json' with { type: 'json' };
import type { ExitCode } from './fail';

export const CLI_VERSION: string = manifest.version;

export interface CliReport<Finding> {
  command: 'generate --check' | 'lint' | 'verify' | 'import-openapi';
  version: string;
  ok: boolean;
  exitCode: ExitCode;
  summary: Record<string, number>;
  findings: Finding[];
}

/** Prints the report and exits with its code (0 lets the process end by itself). */
export function printJsonReport<Finding>(report: Omit<CliReport<Finding>, 'version' | 'ok'>): void {
  const full: CliReport<Finding> = {
    command: report.command,
    version: CLI_VERSION,
    ok: report.exitCode === 0,
    exitCode: report.exitCode,
    summary: report.summary,
    findings: report.findings,
  };
  console.log(JSON.stringify(full, null, 2));
  if (report.exitCode !== 0) process.exitCode = report.exitCode;
}
