/** A parsed YAML/JSON mapping, and the one guard for it used by every step. */
export type Json = Record<string, unknown>;

export function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
