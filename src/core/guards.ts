/**
 * Type guards for values read from outside the type system (parsed JSON, storage, messages,
 * library callbacks typed loosely): check the shape once here instead of asserting it. In core,
 * so the app and the mock backend share one copy.
 */

/** A plain object (not null, not an array) whose fields are still to be checked. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The text of a value read from outside the type system, as String() writes it for what such
 * values hold (strings, numbers, booleans; arrays of them joined with commas). Null, undefined and
 * anything else (a plain object, whose String() is "[object Object]") have no text: ''.
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  if (Array.isArray(value)) return value.map(textOf).join(',');
  return '';
}

/** The items of a value that should be an array (parsed JSON, a contract's list): none if it is not. */
export function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * The one of `choices` equal to a value a loosely typed callback handed back (a drop-down's
 * `event.value` is `any`): that choice, typed, instead of an assertion; undefined if none is.
 */
export function choiceOf<T>(choices: readonly T[], value: unknown): T | undefined {
  return choices.find((choice) => choice === value);
}
