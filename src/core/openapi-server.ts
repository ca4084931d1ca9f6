/**
 * Where an OpenAPI document's API lives on its server: shared by the REST mock (it mounts a
 * source there) and `cli verify --source` (it appends it to a base URL given without a path).
 */
import { isRecord } from './guards';

/**
 * The path of the document's first server (`/v3`, or `/v2` of https://host/v2), its variables
 * at their defaults; '' when it has none.
 */
export function serverPath(document: Record<string, unknown>): string {
  const servers = document.servers;
  const first = Array.isArray(servers) && isRecord(servers[0]) ? servers[0] : {};
  const variables = isRecord(first.variables) ? first.variables : {};
  const url = (typeof first.url === 'string' ? first.url : '').replace(
    /\{([^}]+)\}/g,
    (_, name: string) => {
      const variable = variables[name];
      return isRecord(variable) && typeof variable.default === 'string' ? variable.default : '';
    },
  );
  let pathname = url;
  try {
    pathname = new URL(url).pathname;
  } catch {
    // A relative server URL (`/v3`) is the path itself.
  }
  pathname = pathname.replace(/\/+$/, '');
  return pathname === '' || pathname.startsWith('/') ? pathname : `/${pathname}`;
}

/**
 * Where the app, the demo's mock and `cli mock-server` answer an imported source, whatever its
 * server path: `/sources/<name>` (proxied to the real service by `npm start` and nginx).
 */
export function sourcePrefix(name: string): string {
  return `/sources/${name}`;
}

/** The back-office's own paths on a server that also answers sources (the mock, nginx). */
export const BACK_OFFICE_PATHS: readonly string[] = [
  '/api',
  '/storage',
  '/ueditor',
  '/ws',
  '/sources',
];

/** Whether one path lies under the other (or they are the same): `/api` and `/api/v1` overlap. */
export function pathsOverlap(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/**
 * The back-office path a source's server path would land on (`/api` for `/api/v1`), or '/' for
 * a source served at the root; undefined when the server path is free to mount there.
 */
export function backOfficePathAt(serverPath: string): string | undefined {
  if (serverPath === '') return '/';
  return BACK_OFFICE_PATHS.find((own) => pathsOverlap(own, serverPath));
}
