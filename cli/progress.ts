/**
 * Progress lines of a long CLI step (`generate` can be silent for 15 s on a cold cache): one line
 * per step on stderr, and only on a terminal and outside `--json` — a pipe, a CI log or a
 * script reading the JSON report sees nothing of them. Wording: src/locale/cli-progress.ts.
 */
import { cliProgressMessages as t } from '../src/locale/cli-progress';

/** Where the lines go: process.stderr, or a test's stand-in. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** Tells one step starting: its name, its place and the number of steps. */
export type StepReporter = (step: string, index: number, total: number) => void;

/** The reporter for `doing` (生成中), or undefined where no line may be printed. */
export function progressLines(
  doing: string,
  options: { json: boolean; stream?: ProgressStream },
): StepReporter | undefined {
  const stream = options.stream ?? process.stderr;
  if (options.json || stream.isTTY !== true) return undefined;
  return (step, index, total) => {
    stream.write(`${t.line(doing, step, index, total)}\n`);
  };
}
