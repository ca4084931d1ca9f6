/**
 * App-wide toast messages without a React dependency, so the request client (plain TS)
 * can show the status catalogue's messages. The app mounts one PrimeReact <Toast> and
 * registers it as the sink; until then (and in Node) messages go to the console.
 */
export type NotifySeverity = 'success' | 'info' | 'warn' | 'error';

export interface NotifyMessage {
  severity: NotifySeverity;
  summary: string;
  /** How long the toast stays, in milliseconds. */
  life?: number;
  /**
   * `result` (default): the outcome of what the user just did, at the top. `notice`: news the
   * user did not ask for (a pushed message) — one at a time, in a corner, never over a result.
   */
  channel?: 'result' | 'notice';
}

type NotifySink = (message: NotifyMessage) => void;

const DEFAULT_LIFE_MS = 3000;

let sink: NotifySink | undefined;
const listeners = new Set<NotifySink>();

/** Registers the UI sink (the app's Toast); returns the unregister function. */
export function setNotifySink(next: NotifySink | undefined): () => void {
  sink = next;
  return () => {
    if (sink === next) sink = undefined;
  };
}

/** Observes every message (tests assert on what the user would have seen). */
export function onNotify(listener: NotifySink): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(
  severity: NotifySeverity,
  summary: string,
  life = DEFAULT_LIFE_MS,
  channel: NotifyMessage['channel'] = 'result',
): void {
  // A result (the usual case) carries no channel: only a notice says where it goes.
  const message: NotifyMessage =
    channel === 'notice' ? { severity, summary, life, channel } : { severity, summary, life };
  listeners.forEach((listener) => listener(message));
  if (sink) sink(message);
  else if (severity === 'error') console.warn(summary);
}

export const notify = {
  success: (summary: string, life?: number) => show('success', summary, life),
  info: (summary: string, life?: number) => show('info', summary, life),
  warn: (summary: string, life?: number) => show('warn', summary, life),
  error: (summary: string, life?: number) => show('error', summary, life),
  /** A discreet notice (a pushed message): replaces the one shown before, away from results. */
  notice: (summary: string, life?: number) => show('info', summary, life, 'notice'),
};
