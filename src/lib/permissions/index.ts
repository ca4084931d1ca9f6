/**
 * Permission checks (spec section 6). STUB with the final API; the shell issue completes it
 * (prilist from session storage, per-route action lists, guard components).
 */

/** Key guard: true when `key` is in the comma-separated permitted-key list (prilist). */
export function hasPermissionKey(_key: string): boolean {
  return true;
}
