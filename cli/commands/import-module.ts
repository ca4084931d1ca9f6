/** `import-module <file> [--force] [--contract <dir>]` */
import path from 'node:path';
import type { Command } from 'commander';
import { EXIT, failWith, reportError, existingFolder } from '../fail';

export function registerImportModule(program: Command): void {
  program
    .command('import-module <file>')
    .description(
      'Check a fragment exported by the module designer (导出契约) like generate does and write it to openapi/paths/',
    )
    .option('--force', 'replace an existing fragment of the same group')
    .option('--contract <dir>', 'contract directory', existingFolder, 'openapi')
    .action(async (file: string, flags: { force?: boolean; contract: string }) => {
      const { importModule, ImportModuleError } = await import('../../generator');
      try {
        const result = await importModule({
          file: path.resolve(file),
          contractDir: path.resolve(flags.contract),
          force: flags.force === true,
        });
        const written = path.relative(process.cwd(), result.written);
        if (result.menuMoved)
          console.log(
            `menu place ${result.menuMoved[0]} is taken; the screen gets place ${result.menuMoved[1]}`,
          );
        console.log(
          `${result.replaced ? 'replaced' : 'created'} ${written} (module ${result.group}); now run: npm run cli -- generate`,
        );
      } catch (error) {
        // The fragment is a piece of contract: its problems are contract errors; a missing file
        // or a fragment to replace without --force is the call's.
        if (error instanceof ImportModuleError)
          failWith(error.message, error.kind === 'fragment' ? EXIT.contract : EXIT.usage);
        reportError(error);
      }
    });
}
