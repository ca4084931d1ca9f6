/**
 * The CLI: a thin commander layer over generator/ (one file per command in commands/).
 * Run as `npm run cli -- <command>`. Each command loads what it needs when it runs (the generator,
 * the mock engine, the verifier), so a command starts with only commander loaded.
 */
import { Command, CommanderError } from 'commander';
import { registerGenerate } from './commands/generate';
import { registerImportModule } from './commands/import-module';
import { registerImportOpenApi } from './commands/import-openapi';
import { registerLint } from './commands/lint';
import { registerMockServer } from './commands/mock-server';
import { registerNewModule } from './commands/new-module';
import { registerVerify } from './commands/verify';
import { registerWatch } from './commands/watch';
import { EXIT, EXIT_CODES_HELP, failureReport, jsonWanted, reportError } from './fail';
import { CLI_VERSION } from './report';

const program = new Command()
  .name('cli')
  .description(
    'Contract-first tooling of the back-office: generate, watch, lint, new-module, import-openapi, mock-server, verify',
  )
  .version(CLI_VERSION, '-V, --version', 'print the version and exit')
  .option('--debug', 'print the stack trace of an internal error (or set DEBUG=1)')
  .showHelpAfterError()
  // Commander exits 1 on a bad call; it throws instead, so that a usage error exits 2 (set
  // before the commands are added: they inherit it).
  .exitOverride()
  .addHelpText('after', `\n${EXIT_CODES_HELP}`);

registerGenerate(program);
registerLint(program);
registerNewModule(program);
registerImportModule(program);
registerImportOpenApi(program);
registerMockServer(program);
registerVerify(program);
registerWatch(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // Commander has printed its message (or the help, or the version) already.
  if (error instanceof CommanderError) {
    if (error.exitCode !== 0 && jsonWanted()) console.log(failureReport(error.message, EXIT.usage));
    process.exit(error.exitCode === 0 ? EXIT.ok : EXIT.usage);
  }
  reportError(error);
}
