/**
 * The table `npm run bench:mock` prints at scale (./mock-scale): each figure beside its target,
 * the journal's figure from issue 53, in memory and on the database; a database figure past
 * its target is marked (missed).
 */

export interface Figure {
  label: string;
  target: string;
  /** The journal's figure, as issue 53 measured it. */
  before: string;
  limit?: number;
  memory?: number;
  database?: number;
  unit: string;
}

export function row(
  label: string,
  target: string,
  before: string,
  limit: number | undefined,
  unit: string,
  memory: number | undefined,
  database: number,
): Figure {
  return { label, target, before, limit, unit, memory, database };
}

function cell(value: number | undefined, unit: string): string {
  if (value === undefined || Number.isNaN(value)) return 'n/a';
  if (unit === 'B') return value >= 1024 ? `${(value / 1024).toFixed(1)} KB` : `${value} B`;
  if (unit === 's') return `${(value / 1000).toFixed(2)} s`;
  if (unit === 'MB') return `${value.toFixed(0)} MB`;
  return `${value.toFixed(1)} ms`;
}

/** Prints the figures; false when a database figure misses its target. */
export function printFigures(figures: readonly Figure[]): boolean {
  const rows = [
    ['', 'target', 'journal (issue 53)', 'in memory', 'database'],
    ...figures.map((figure) => [
      figure.label,
      figure.target,
      figure.before,
      cell(figure.memory, figure.unit),
      `${cell(figure.database, figure.unit)}${figure.limit !== undefined && !((figure.database ?? Number.NaN) <= figure.limit) ? ' (missed)' : ''}`,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    console.log(
      row
        .map((text, column) => text.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
  return figures.every(
    (figure) => figure.limit === undefined || (figure.database ?? Number.NaN) <= figure.limit,
  );
}
