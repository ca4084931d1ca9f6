/**
 * The import report: what was found (resources and their capabilities, the conventions), each
 * choice made (one line), each thing left out (one line: where, why) and a summary. The same
 * content as text (import-report.txt) and as findings of `--json`.
 */
import type { Annotation } from './annotate';
import type { LeftOut } from './resources';

export interface ImportSummary {
  resources: number;
  operations: number;
  mapped: number;
  capabilities: number;
  actions: number;
  leftOut: number;
}

export interface ImportReport {
  name: string;
  source: string;
  version: string;
  title: string;
  /** Structural slips of the document read past (see read-document.ts). */
  warnings: string[];
  /** Remote $refs followed with --allow-remote-refs. */
  remoteRefs: string[];
  annotation: Annotation;
  summary: ImportSummary;
}

/** One finding of `import-openapi --json`: every key always present. */
export interface ImportFinding {
  kind: 'resource' | 'inferred' | 'left-out';
  where: string;
  message: string;
}

/** `POST /user/createWithList: body is an array — left out` */
export function leftOutLine(item: LeftOut): string {
  return `${item.where}: ${item.reason} — left out`;
}

export function importSummary(annotation: Annotation): ImportSummary {
  const capabilities = annotation.resources.reduce((n, r) => n + r.capabilities.length, 0);
  const actions = annotation.resources.reduce((n, r) => n + r.actions.length, 0);
  const leftOutOperations = annotation.leftOut.filter((item) =>
    /^[A-Z]+ \//.test(item.where),
  ).length;
  // `actions` counts the buttons generate makes; an action it cannot render is in leftOut.
  return {
    resources: annotation.resources.length,
    operations: annotation.operations,
    mapped: capabilities + actions,
    capabilities,
    actions,
    leftOut: leftOutOperations,
  };
}

export function summaryLine(summary: ImportSummary): string {
  return `${summary.resources} resource(s); ${summary.operations} operation(s): ${summary.mapped} mapped (${summary.capabilities} capabilities${summary.actions > 0 ? `, ${summary.actions} action buttons` : ''}), ${summary.leftOut} left out`;
}

export function importFindings(report: ImportReport): ImportFinding[] {
  const { annotation } = report;
  return [
    ...annotation.resources.map((r) => ({
      kind: 'resource' as const,
      where: r.key,
      message: `${r.entity} at ${r.path}: ${r.capabilities.join(', ')}${r.actions.length > 0 ? `; action buttons: ${r.actions.join(', ')}` : ''}`,
    })),
    ...annotation.notes.map((note) => ({
      kind: 'inferred' as const,
      where: note.split(': ')[0] ?? '',
      message: note,
    })),
    ...annotation.leftOut.map((item) => ({
      kind: 'left-out' as const,
      where: item.where,
      message: leftOutLine(item),
    })),
  ];
}

/** The text of import-report.txt. */
export function formatReport(report: ImportReport): string {
  const { annotation } = report;
  const conventions = annotation.conventions;
  const lines = [
    `import-openapi ${report.name}: ${report.source} (OpenAPI ${report.version}, ${report.title})`,
    `conventions: rest — 2xx is success; errors ${conventions.errors}; auth ${conventions.auth.length > 0 ? conventions.auth.join(', ') : 'none supported'}`,
    '',
    'resources:',
    ...annotation.resources.flatMap((r) => [
      `  ${r.key} (${r.entity}; ${r.path}): ${r.capabilities.join(', ')}`,
      ...(r.list ? [`    list: ${r.list}`] : []),
      ...r.actions.map((action) => `    action button: ${action}`),
    ]),
    '',
    'inferred:',
    ...annotation.notes.map((note) => `  ${note}`),
    '',
    'left out:',
    ...(annotation.leftOut.length > 0
      ? annotation.leftOut.map((item) => `  ${leftOutLine(item)}`)
      : ['  (nothing)']),
    '',
    ...(report.remoteRefs.length > 0
      ? [
          'remote $refs followed (--allow-remote-refs):',
          ...report.remoteRefs.map((ref) => `  ${ref}`),
          '',
        ]
      : []),
    ...(report.warnings.length > 0
      ? [
          `read past (the document's own slips, ${report.warnings.length}):`,
          ...report.warnings.slice(0, 20).map((warning) => `  ${warning}`),
          ...(report.warnings.length > 20 ? [`  … and ${report.warnings.length - 20} more`] : []),
          '',
        ]
      : []),
    `summary: ${summaryLine(report.summary)}`,
  ];
  return `${lines.join('\n')}\n`;
}
