/**
 * The CLI: a thin commander layer over generator/ (one file per command in commands/).
 * Run as `npm run cli -- <command>`. Each command loads what it needs when it runs (the generator,
 * the mock engine, the verifier), so a command starts with only commander loaded.
 */
import { Command } from 'commander';
import { registerGenerate } from './commands/generate';
import { registerImportModule } from './commands/import-module';
import { registerLint } from './commands/lint';
import { registerMockServer } from './commands/mock-server';
import { registerNewModule } from './commands/new-module';
import { registerVerify } from './commands/verify';
import { reportError } from './fail';

const program = new Command()
  .name('cli')
  .description(
    'Contract-first tooling of the back-office: generate, lint, new-module, mock-server, verify',
  )
  .option('--debug', 'print the stack trace of an internal error (or set DEBUG=1)')
  .showHelpAfterError();

registerGenerate(program);
registerLint(program);
registerNewModule(program);
registerImportModule(program);
registerMockServer(program);
registerVerify(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  reportError(error);
}
