/**
 * Type guards for values read from outside the type system (parsed JSON, storage, messages,
 * library callbacks typed loosely): check the shape once here instead of asserting it. In core,
 * so the app and the mock backend share one copy.
 */

/** A plain object (not null, not an array) whose fields are still to be checked. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
