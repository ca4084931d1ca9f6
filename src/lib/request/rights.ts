/**
 * "The user's rights may have changed": raised by the request client when the server refuses a
 * call with 220 (the keys the app holds are stale) and after a successful write to a group that
 * can change what the signed-in user may see or do (roles, menus, permissions, administrators,
 * the designer's modules and fields). The shell listens and asks the server for the menu and
 * keys again, so a right granted or taken shows without signing in again.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

/** Groups whose writes can change a user's menu or keys. */
const RIGHTS_GROUPS = new Set([
  'adminrole',
  'adminmenu',
  'authority',
  'adminuser',
  'module',
  'field',
]);

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
  const group = /^\/api\/([^/?#]+)\//.exec(url.replace(/^https?:\/\/[^/]+/, ''))?.[1];
  if (group && RIGHTS_GROUPS.has(group.toLowerCase())) raise();
}
