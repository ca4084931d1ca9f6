/** Route of a module's list screen (spec section 2). */

/**
 * @example moduleRoute('/system/notice') // '/system/notice'
 * @example moduleRoute('system/notice') // throws: must start with '/'
 */
export function moduleRoute(route: unknown): string {
  if (typeof route !== 'string' || !/^\/[A-Za-z0-9/_-]*$/.test(route)) {
    throw new Error(`route "${String(route)}" must be an absolute path like /system/notice`);
  }
  // A trailing slash would make two routes for one screen.
  return route.length > 1 ? route.replace(/\/+$/, '') : route;
}
