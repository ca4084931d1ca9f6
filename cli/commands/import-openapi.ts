/**
 * `import-openapi <file|url> --name <name> [--title …] [--menu-group …] [--force]
 * [--allow-remote-refs] [--json]`:
 * an OpenAPI 3.0/3.1 document → `<contract>/sources/<name>/openapi.yaml` (the document plus
 * inferred x-admin) and `import-report.txt`. Exit 2 for the call (no such file, a bad flag, a
 * source imported before without --force), 3 for a document that is not valid OpenAPI 3.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { EXIT, failWith, reportError, existingFolder } from '../fail';
import { printJsonReport } from '../report';

interface ImportFlags {
  name: string;
  title?: string;
  menuGroup?: string;
  contract: string;
  force?: boolean;
  allowRemoteRefs?: boolean;
  json?: boolean;
}

export function registerImportOpenApi(program: Command): void {
  program
    .command('import-openapi <source>')
    .description(
      'Import an OpenAPI 3.0/3.1 document (file or http(s) URL) as an annotated source under <contract>/sources/<name>/ with an import report',
    )
    .requiredOption('--name <name>', 'source name, lower-case (the folder under sources/)')
    .option('--title <title>', "the source's menu group title (default: the document's info.title)")
    .option('--menu-group <group>', 'menu group routername of the screens (default: the name)')
    .option('--contract <dir>', 'contract directory', existingFolder, 'openapi')
    .option('--force', 'replace a source imported before')
    .option(
      '--allow-remote-refs',
      'follow $refs to http(s) addresses (listed in the report); refused without it',
    )
    .option('--json', 'print the report as one JSON document (schemas/cli-report.schema.json)')
    .action(async (source: string, flags: ImportFlags) => {
      const { importOpenApi, importFindings, ImportOpenApiError, leftOutLine, summaryLine } =
        await import('../../generator/import-openapi');
      try {
        const result = await importOpenApi({
          source,
          name: flags.name,
          title: flags.title,
          menuGroup: flags.menuGroup,
          contractDir: path.resolve(flags.contract),
          force: flags.force === true,
          allowRemoteRefs: flags.allowRemoteRefs === true,
        });
        const { report, written } = result;
        if (flags.json) {
          const { resources, operations, mapped, capabilities, actions, leftOut } = report.summary;
          printJsonReport({
            command: 'import-openapi',
            exitCode: EXIT.ok,
            summary: { resources, operations, mapped, capabilities, actions, leftOut },
            findings: importFindings(report),
          });
          return;
        }
        for (const item of report.annotation.leftOut) console.log(leftOutLine(item));
        const folder = path.relative(process.cwd(), written.folder);
        console.log(
          `${written.replaced ? 'replaced' : 'created'} ${folder}/openapi.yaml and import-report.txt: ${summaryLine(report.summary)} (${Math.round(result.elapsedMs)} ms)`,
        );
      } catch (error) {
        if (error instanceof ImportOpenApiError)
          failWith(error.message, error.kind === 'invalid' ? EXIT.contract : EXIT.usage);
        reportError(error);
      }
    });
}
