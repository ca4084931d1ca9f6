/** `new-module <name> [--title <中文>] [--route </x/y>] [--dry-run]` */
import path from 'node:path';
import type { Command } from 'commander';
import { EXIT, failWith, existingFolder } from '../fail';

export function registerNewModule(program: Command): void {
  program
    .command('new-module <name>')
    .description('Scaffold openapi/paths/<name>.yaml: a CRUD group with x-admin fields and seeds')
    .option('--title <title>', 'Chinese screen title, e.g. 文章管理')
    .option('--route <route>', 'list screen route, e.g. /system/article')
    .option('--menu-group <group>', 'top-level menu (amenu_routername) the screen joins', 'system')
    .option('--contract <dir>', 'contract directory', existingFolder, 'openapi')
    .option('--dry-run', 'print the fragment, write nothing')
    .action(
      async (
        name: string,
        flags: {
          title?: string;
          route?: string;
          menuGroup: string;
          contract: string;
          dryRun?: boolean;
        },
      ) => {
        const { writeModuleFragment } = await import('../../generator');
        try {
          const { file, content } = await writeModuleFragment(
            path.resolve(flags.contract),
            {
              name,
              ...(flags.title ? { title: flags.title } : {}),
              ...(flags.route ? { route: flags.route } : {}),
              menuGroup: flags.menuGroup,
            },
            flags.dryRun === true,
          );
          if (flags.dryRun) {
            console.log(content);
            console.log(`(dry run) would create ${path.relative(process.cwd(), file)}`);
            return;
          }
          console.log(
            `created ${path.relative(process.cwd(), file)}; now run: npm run cli -- generate`,
          );
        } catch (error) {
          // A name that is not a /api group, or one whose fragment exists: the call is to fix.
          failWith(error instanceof Error ? error.message : String(error), EXIT.usage);
        }
      },
    );
}
