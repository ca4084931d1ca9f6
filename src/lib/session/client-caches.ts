/**
 * Client-side caches (dictionary look-ups, …) that 清除缓存 in the user menu empties together
 * with the server's.
 */
const cacheClearers = new Map<string, () => void>();

/**
 * Registers a client-side cache (dictionary look-ups, …) so "clear cache" in the user menu
 * empties it together with the server cache. Returns the unregister function.
 */
export function registerClientCache(name: string, clear: () => void): () => void {
  cacheClearers.set(name, clear);
  return () => cacheClearers.delete(name);
}

/** Empties every registered client cache. */
export function clearClientCaches(): void {
  cacheClearers.forEach((clear) => clear());
}
