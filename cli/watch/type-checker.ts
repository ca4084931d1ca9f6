/**
 * The resident type checker of `cli watch`: one TypeScript watch program over every file of the
 * repository (tsconfig.watch.json), kept in memory. After the first check (~20 s on a 2-core
 * machine), a change parses only the files that changed and checks them and the files that
 * import them directly, which takes a second or two where `npm run typecheck` (a fresh process
 * that parses and checks the whole program again) takes ten. A file further up the import chain
 * keeps its last verdict until it changes itself; `npm run typecheck` and CI check everything.
 *
 * While `generate` writes (dozens of files, one by one), the checker is paused: the changes it
 * sees then are kept and acted on once, when it resumes, instead of starting a check per file.
 */
import path from 'node:path';
import ts from 'typescript';

/** What one check found. */
export interface CheckReport {
  errors: number;
  /** The errors, formatted as `tsc` prints them (file, line, code, message). */
  text: string;
  /** The check itself, from its start to the verdict. */
  ms: number;
}

export interface TypeChecker {
  /** Changes seen from now on wait for resume(). */
  pause(): void;
  /** Acts on the changes seen while paused, at once. */
  resume(): void;
  close(): void;
}

const FORMAT_HOST: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

interface Gate {
  paused: boolean;
  /** Changes seen while paused, in order. */
  held: (() => void)[];
  /** Replaying them: the check they schedule starts at once. */
  resuming: boolean;
}

/** A file or folder watcher whose callbacks wait while the checker is paused. */
function holdable<A extends unknown[]>(
  gate: Gate,
  callback: (...args: A) => void,
): (...args: A) => void {
  return (...args) => {
    if (gate.paused) gate.held.push(() => callback(...args));
    else callback(...args);
  };
}

export function startTypeChecker(options: {
  tsconfig: string;
  onReport: (report: CheckReport) => void;
}): TypeChecker {
  const gate: Gate = { paused: false, held: [], resuming: false };
  let started = performance.now();
  const diagnostics: ts.Diagnostic[] = [];
  const host = ts.createWatchCompilerHost(
    path.resolve(options.tsconfig),
    // Why a second and not ten: see the header (a file's indirect importers are not rechecked).
    { noEmit: true, assumeChangesOnlyAffectDirectDependencies: true },
    ts.sys,
    ts.createSemanticDiagnosticsBuilderProgram,
    (diagnostic) => diagnostics.push(diagnostic),
    (status) => {
      // 6031: starting; 6032: a change was seen. The verdict is reported from afterProgramCreate.
      if (status.code === 6031 || status.code === 6032) {
        started = performance.now();
        diagnostics.length = 0;
      }
    },
  );
  const watchFile = host.watchFile.bind(host);
  const watchDirectory = host.watchDirectory.bind(host);
  host.watchFile = (file, callback, interval, watchOptions) =>
    watchFile(file, holdable(gate, callback), interval, watchOptions);
  host.watchDirectory = (directory, callback, recursive, watchOptions) =>
    watchDirectory(directory, holdable(gate, callback), recursive, watchOptions);
  // A change schedules a check after a quiet 250 ms; on resume the changes are all in.
  const setTimer = host.setTimeout?.bind(host);
  if (setTimer)
    host.setTimeout = (callback, ms, ...args: unknown[]): unknown =>
      setTimer(callback, gate.resuming ? 0 : ms, ...args);
  const afterCreate = host.afterProgramCreate?.bind(host);
  host.afterProgramCreate = (program) => {
    afterCreate?.(program);
    const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
    options.onReport({
      errors: errors.length,
      text: ts.formatDiagnostics(errors, FORMAT_HOST),
      ms: Math.round(performance.now() - started),
    });
  };
  const watch = ts.createWatchProgram(host);
  return {
    pause: () => {
      gate.paused = true;
    },
    resume: () => {
      gate.paused = false;
      const held = gate.held.splice(0);
      gate.resuming = true;
      for (const callback of held) callback();
      gate.resuming = false;
    },
    close: () => watch.close(),
  };
}
