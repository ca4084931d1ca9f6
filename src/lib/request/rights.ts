/**
 * "The user's rights may have changed": raised by the request client when the server refuses a
 * call with 220 (the keys the app holds are stale) and after a successful write to a group that
 * can change what the signed-in user may see or do (roles, menus, permissions, administrators,
 * the designer's modules and fields). The shell listens and asks the server for the menu and
 * keys again, so a right granted or taken shows without signing in again.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Writes that can change a user's menu or keys: any write to roles, menus, permissions and the
 * designer's modules and fields, and an administrator's edit (their role). Not a password reset:
 * it changes no right, and asking at once would only meet the 401 of the sessions it ended.
 */
const RIGHTS_WRITES =
  /^\/api\/(?:(?:adminrole|adminmenu|authority|module|field)\/[^/]+|adminuser\/edit)\/?$/i;

/** Subscribes; returns the unsubscribe function. */
export function onRightsMayHaveChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function raise(): void {
  listeners.forEach((listener) => listener());
}

/** The request client reports every envelope answer here. */
export function noteAnswer(method: string, url: string, status: number): void {
  if (status === 220) {
    raise();
    return;
  }
  if (method === 'GET' || (status !== 200 && status !== 1)) return;
  const path = url.replace(/^https?:\/\/[^/]+/, '').split(/[?#]/)[0] ?? '';
  if (RIGHTS_WRITES.test(path)) raise();
}
