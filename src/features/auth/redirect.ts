import { appPath } from '@/lib/app-path';
import { LOGIN_PATH } from '@/lib/request';

/** The login page itself (any case: the router matches paths case-insensitively). */
const LOGIN_PAGE = new RegExp(`^${LOGIN_PATH}(?:[/?#]|$)`, 'i');

/**
 * Where the user lands after login: the `redirect` query when it is a page of this app other
 * than the login page; otherwise '/'. Anything that would leave the site ('//host',
 * '/\host', a scheme, tabs or newlines, also percent-encoded) falls back to '/'.
 */
export function loginRedirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  const path = target ? appPath(target) : undefined;
  return path && !LOGIN_PAGE.test(path) ? path : '/';
}
