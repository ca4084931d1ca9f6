/**
 * The mock's sign-in sessions: one row per token in the `mock_session` table (kept like every
 * table: browser storage, or the database of `cli mock-server --data-dir`).
 *
 * - A session lasts a fixed time from its sign-in (absolute, 12 hours by default;
 *   `cli mock-server --session-ttl <minutes>`), whatever the activity: a lifetime counted from
 *   the last call would make every call a write to the database. After it, the token is unknown
 *   and calls answer the spec's 401 (the app clears the session and goes to /login).
 * - Sign-out ends the token on the server (`endSession`); a password change or reset ends all of
 *   the user's tokens (`endSessionsOf`).
 * - Each user keeps at most `SESSIONS_PER_USER`: a further sign-in ends that user's own oldest
 *   session, never anyone else's, so nobody can sign other people out by signing in often.
 */
import type { MockRow } from './types';
import { persist, table } from './store';
import { randomHex } from './util';

const SESSION_TABLE = 'mock_session';

/** Sessions one user may hold at once (browsers, tabs signed in separately, scripts). */
export const SESSIONS_PER_USER = 50;

/** A working day and then some: how long a token lasts unless the server is told otherwise. */
export const DEFAULT_SESSION_TTL_MINUTES = 12 * 60;

let lifetimeMs = DEFAULT_SESSION_TTL_MINUTES * 60_000;

/** How long a token lasts from its sign-in; the mock server sets it from `--session-ttl`. */
export function setSessionLifetime(minutes: number = DEFAULT_SESSION_TTL_MINUTES): void {
  lifetimeMs = minutes * 60_000;
}

/** Milliseconds since the epoch at which a session row stops being accepted. */
function endOf(session: MockRow): number {
  // create_time is in seconds, as every row's time in the mock.
  return Number(session.create_time) * 1000 + lifetimeMs;
}

function isLive(session: MockRow, now: number): boolean {
  return endOf(session) > now;
}

/** The user name behind a token that is still live, or undefined. */
export function sessionUsername(token: string): string | undefined {
  if (!token) return undefined;
  const session = table(SESSION_TABLE).rows.find((row) => row.token === token);
  return session && isLive(session, Date.now()) ? String(session.username) : undefined;
}

/**
 * A new token for `username`. Expired sessions are dropped, and beyond the per-user cap the
 * user's own oldest sessions end. The caller persists (the login handler writes the user's
 * last sign-in time with it).
 */
export function startSession(username: string): string {
  const now = Date.now();
  const sessions = table(SESSION_TABLE);
  const token = randomHex(20);
  const live = sessions.rows.filter((row) => isLive(row, now));
  const own = live.filter((row) => row.username === username);
  // Rows are in sign-in order: the first of the user's own are the oldest.
  const ending = new Set(own.slice(0, Math.max(0, own.length - SESSIONS_PER_USER + 1)));
  sessions.rows = live.filter((row) => !ending.has(row));
  sessions.rows.push({ token, username, create_time: Math.floor(now / 1000) });
  return token;
}

/**
 * Marks the live session behind `token` as having had its demo message; true only the first
 * time. The mark is on the session row, stored like every table: a full reload of the demo
 * starts the in-page mock afresh, and a mark kept in its memory was forgotten, so every reload
 * queued another demo message (issue 51 item 10: the bell climbed 4 → 11). The caller persists.
 */
export function claimDemoPush(token: string): boolean {
  const session = table(SESSION_TABLE).rows.find((row) => row.token === token);
  if (!session || !isLive(session, Date.now()) || session.demo_pushed === 1) return false;
  session.demo_pushed = 1;
  return true;
}

/** Signs the token out on the server (unknown or expired tokens are already out). */
export function endSession(token: string): void {
  if (!token) return;
  const sessions = table(SESSION_TABLE);
  const kept = sessions.rows.filter((row) => row.token !== token);
  if (kept.length === sessions.rows.length) return;
  sessions.rows = kept;
  persist();
}

/** Ends every session of a user (password changed or reset, account disabled). */
export function endSessionsOf(username: unknown): void {
  const sessions = table(SESSION_TABLE);
  sessions.rows = sessions.rows.filter((row) => row.username !== username);
}
