/**
 * The CLI: a thin commander layer over generator/ (one file per command in commands/).
 * Run as `npm run cli -- <command>`.
 */
import { Command } from 'commander';
import { ContractError, LintError, ModelError } from '../generator';
import { registerGenerate } from './commands/generate';
import { registerLint } from './commands/lint';
import { registerMockServer } from './commands/mock-server';
import { registerNewModule } from './commands/new-module';

const program = new Command()
  .name('cli')
  .description('Contract-first tooling of the back-office: generate, lint, new-module, mock-server')
  .showHelpAfterError();

registerGenerate(program);
registerLint(program);
registerNewModule(program);
registerMockServer(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // Contract problems are the user's to fix: print them plainly, without a stack trace.
  if (error instanceof ContractError || error instanceof LintError || error instanceof ModelError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
