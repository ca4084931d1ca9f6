/**
 * `import-openapi`: an arbitrary OpenAPI 3.0/3.1 document → an annotated copy under
 * `<contract>/sources/<name>/` with an import report. Steps, one file each: read-document
 * (file or URL, $refs across files), resources, fields, lists, conventions, actions → annotate
 * (the x-admin edits) → report → write-source. It only imports: `generate` and the request
 * adapters do not read sources/ yet; `cli mock-server --source` serves one (src/mocks/rest-source).
 */
import { isJson } from '../json';
import { annotate } from './annotate';
import { menuIdFor } from './menu-id';
import { ImportOpenApiError } from './errors';
import { readSourceDocument } from './read-document';
import { formatReport, importSummary, type ImportReport } from './report';
import { annotatedText, writeSource, type WrittenSource } from './write-source';

export { ImportOpenApiError } from './errors';
export {
  importFindings,
  leftOutLine,
  summaryLine,
  type ImportFinding,
  type ImportReport,
} from './report';

export interface ImportOpenApiOptions {
  /** A file path or an http(s) URL. */
  source: string;
  /** Source name: the folder under sources/, lower-case (petstore). */
  name: string;
  /** Title of the source's menu group (default: the document's info.title). */
  title?: string;
  /** The menu group the screens go in (default: the name). */
  menuGroup?: string;
  /** Contract directory (default openapi). */
  contractDir: string;
  force?: boolean;
  /** Follow `$ref`s to http(s) addresses (listed in the report); refused without it. */
  allowRemoteRefs?: boolean;
}

export interface ImportOpenApiResult {
  report: ImportReport;
  reportText: string;
  written: WrittenSource;
  /** Milliseconds from reading to written files. */
  elapsedMs: number;
}

const NAME = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * @example
 * const { report } = await importOpenApi({ source: 'petstore.yaml', name: 'petstore', contractDir: 'openapi' });
 * report.annotation.resources.map((r) => r.key); // ['pet', 'store-order', 'user']
 */
export async function importOpenApi(options: ImportOpenApiOptions): Promise<ImportOpenApiResult> {
  const started = performance.now();
  if (!NAME.test(options.name))
    throw new ImportOpenApiError(
      `--name ${JSON.stringify(options.name)}: a lower-case name like petstore (letters, digits, -)`,
      'usage',
    );
  if (options.menuGroup !== undefined && !/^[A-Za-z][A-Za-z0-9]*$/.test(options.menuGroup))
    throw new ImportOpenApiError(
      `--menu-group ${JSON.stringify(options.menuGroup)}: a menu routername like system (letters and digits)`,
      'usage',
    );
  const source = await readSourceDocument(options.source, {
    allowRemoteRefs: options.allowRemoteRefs === true,
  });
  const info = isJson(source.document.info) ? source.document.info : {};
  const documentTitle = typeof info.title === 'string' ? info.title : options.name;
  const annotation = annotate(source.document, {
    name: options.name,
    title: options.title ?? documentTitle,
    menuGroup: options.menuGroup ?? options.name.replace(/-/g, ''),
    menuId: await menuIdFor(options.contractDir, options.name),
  });
  const report: ImportReport = {
    name: options.name,
    source: source.label,
    version: source.version,
    title: documentTitle,
    warnings: source.warnings,
    remoteRefs: source.remoteRefs,
    annotation,
    summary: importSummary(annotation),
  };
  const reportText = formatReport(report);
  const header = `Imported by \`cli import-openapi\` from ${source.label}: the document as published plus x-admin (edit the x-admin keys; see import-report.txt).`;
  const text = annotatedText(source.document, source.yaml, annotation.edits, header);
  const written = await writeSource(
    options.contractDir,
    options.name,
    { document: text, report: reportText },
    options.force === true,
  );
  return { report, reportText, written, elapsedMs: performance.now() - started };
}
