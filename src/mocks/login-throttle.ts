/**
 * A growing wait after repeated wrong passwords, per user name and per client address.
 *
 * After `FREE_FAILURES` wrong passwords in a row for a user name (`FREE_FAILURES_PER_ADDRESS`
 * from one address, whatever the names: spraying one password over many accounts), every sign-in
 * for that name (from that address) is refused with the time left until the wait is over: 1 s,
 * then twice as long after each further wrong password, up to `MAX_WAIT_MS`. The refusal is an
 * answer, not a sleep inside the handler, so the server keeps serving everyone else; and it comes
 * before the password is checked, so the right password does not get through a wait either.
 *
 * A correct sign-in ends its user name's streak (the e2e journeys sign in as admin many times and
 * never wait). An address's streak ends only when it has been quiet for `STREAK_MEMORY_MS`:
 * otherwise signing in to one's own account between guesses would reset it. Streaks live in
 * memory: a restart forgets them, as it would a real server's rate limiter.
 */

/** Wrong passwords for one user name before the waiting starts. */
const FREE_FAILURES = 5;
/** Wrong passwords from one address (any names) before the waiting starts. */
const FREE_FAILURES_PER_ADDRESS = 20;
const FIRST_WAIT_MS = 1000;
export const MAX_WAIT_MS = 5 * 60_000;
/** A streak with no wrong password for this long is forgotten. */
const STREAK_MEMORY_MS = 15 * 60_000;
/** Streaks remembered at most (made-up user names must not fill the memory). */
const MAX_STREAKS = 10_000;

/**
 * The header `cli mock-server` sets to the caller's address (./http-io `callerAddress`: the
 * socket's, or a local proxy's X-Real-IP), replacing any a client sent. Absent in the browser
 * demo and in vitest, where the one client is the page or the test.
 */
export const CLIENT_ADDRESS_HEADER = 'x-mock-client-address';

interface Streak {
  failures: number;
  lastFailure: number;
  /** Until when (ms since the epoch) sign-ins for this key are refused. */
  waitUntil: number;
}

const streaks = new Map<string, Streak>();

function keysOf(username: string, address: string): { key: string; free: number }[] {
  return [
    { key: `user:${username}`, free: FREE_FAILURES },
    { key: `address:${address}`, free: FREE_FAILURES_PER_ADDRESS },
  ];
}

function liveStreak(key: string, now: number): Streak | undefined {
  const streak = streaks.get(key);
  if (streak && now - streak.lastFailure > STREAK_MEMORY_MS && now >= streak.waitUntil) {
    streaks.delete(key);
    return undefined;
  }
  return streak;
}

/** The client address of a sign-in call ('' when the mock runs in the page or in a test). */
export function clientAddressOf(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? '';
}

/** Whole seconds still to wait before `username` may try again from `address`; 0 when free. */
export function loginWaitSeconds(username: string, address: string): number {
  const now = Date.now();
  const until = Math.max(
    0,
    ...keysOf(username, address).map(({ key }) => liveStreak(key, now)?.waitUntil ?? 0),
  );
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** Counts a wrong password for the name and the address; starts or lengthens their waits. */
export function noteLoginFailure(username: string, address: string): void {
  const now = Date.now();
  for (const { key, free } of keysOf(username, address)) {
    const streak = liveStreak(key, now) ?? { failures: 0, lastFailure: now, waitUntil: 0 };
    streak.failures += 1;
    streak.lastFailure = now;
    const beyond = streak.failures - free;
    // 2 ** beyond stays small: the wait is capped long before it could overflow.
    if (beyond >= 0)
      streak.waitUntil = now + Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(beyond, 20));
    // Re-inserted so the Map's order is oldest failure first, the end the cap trims.
    streaks.delete(key);
    streaks.set(key, streak);
  }
  for (const key of streaks.keys()) {
    if (streaks.size <= MAX_STREAKS) break;
    streaks.delete(key);
  }
}

/** A correct sign-in ends the user name's streak (the address's runs out by itself). */
export function noteLoginSuccess(username: string): void {
  streaks.delete(`user:${username}`);
}

/** Forgets every streak (the mock's reset, and each test's fresh database). */
export function forgetLoginFailures(): void {
  streaks.clear();
}
