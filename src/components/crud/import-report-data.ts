/**
 * What a refused import's answer says, read from its envelope: small and without UI, so the
 * import dialog reads it at once while the report's view (./import-report) loads on first use.
 */
import { isApiError } from '@/lib/request';
import { isRecord } from '@/core/guards';

/** One problem: the row as the user sees it in the sheet, the column's header, the message. */
export interface ImportProblem {
  row: number;
  field: string;
  label: string;
  message: string;
}

export interface ImportReport {
  /** Rows with a problem (the answer lists the first of their problems only). */
  problemRows: number;
  problems: ImportProblem[];
}

function problemOf(value: unknown): ImportProblem | undefined {
  if (!isRecord(value)) return undefined;
  const { row, field, label, message } = value;
  if (typeof row !== 'number' || typeof message !== 'string') return undefined;
  return {
    row,
    field: typeof field === 'string' ? field : '',
    label: typeof label === 'string' ? label : '',
    message,
  };
}

/**
 * The report carried by a refused import's envelope (`data: {problemRows, problems}`); undefined
 * for any other failure (a bad file, a wrong header: the message alone says it).
 */
export function importReportOf(error: unknown): ImportReport | undefined {
  if (!isApiError(error)) return undefined;
  const data = error.envelope?.data;
  if (!isRecord(data) || !Array.isArray(data.problems)) return undefined;
  const problems = data.problems.flatMap((item) => problemOf(item) ?? []);
  if (!problems.length) return undefined;
  const rows = new Set(problems.map((problem) => problem.row)).size;
  const problemRows =
    typeof data.problemRows === 'number' && data.problemRows >= rows ? data.problemRows : rows;
  return { problemRows, problems };
}
