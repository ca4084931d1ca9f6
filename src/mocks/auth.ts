/**
 * Mock authentication: who is calling. STUB with the final API; the mock-backend work
 * completes it (tokens issued by /api/login, checked on every protected call).
 */
import type { MockRow } from './types';

/** The signed-in user behind a request's access-token header, or undefined. */
export function sessionUser(_request: Request): MockRow | undefined {
  return undefined;
}
