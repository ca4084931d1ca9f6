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
