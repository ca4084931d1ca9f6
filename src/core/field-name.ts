/**
 * The rules of a designed field's name (cf_fieldname): the record key of a runtime module, a
 * column of its table and a property of its generated contract fragment, so it must be safe in
 * all three. Shared by the field designer's form and the mock backend, so both refuse the same
 * names; the messages live in src/locale/designer (this file stays dependency-free).
 */

/** Lower-case letter first, then lower-case letters, digits and underscores. */
export const FIELD_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;

/** Longest name (the contract's maxLength of cf_fieldname). */
export const FIELD_NAME_MAX = 64;

/**
 * Names the engine fills itself (id, status, owner, times) and SQL / JavaScript words that
 * break a table column or a generated property.
 */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set([
  // set by the engine on every runtime record
  'id',
  'status',
  'create_time',
  'update_time',
  'delete_time',
  'username',
  // SQL
  'add',
  'all',
  'alter',
  'and',
  'as',
  'asc',
  'between',
  'by',
  'case',
  'column',
  'create',
  'database',
  'desc',
  'distinct',
  'drop',
  'exists',
  'from',
  'grant',
  'group',
  'having',
  'in',
  'index',
  'insert',
  'into',
  'is',
  'join',
  'key',
  'like',
  'limit',
  'not',
  'null',
  'or',
  'order',
  'primary',
  'select',
  'table',
  'union',
  'update',
  'values',
  'where',
  // JavaScript
  'await',
  'break',
  'catch',
  'class',
  'const',
  'constructor',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'instanceof',
  'let',
  'new',
  'prototype',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'undefined',
  'var',
  'void',
  'while',
  'with',
  'yield',
]);

export type FieldNameProblem = 'empty' | 'tooLong' | 'pattern' | 'reserved' | 'duplicate';

/**
 * What is wrong with a field name, or undefined when it may be used. `taken` holds the names
 * of the module's other fields (the field being edited left out).
 *
 * @example fieldNameProblem('title', []) // undefined
 * @example fieldNameProblem('Title', []) // 'pattern'
 * @example fieldNameProblem('status', []) // 'reserved'
 * @example fieldNameProblem('title', ['title']) // 'duplicate'
 */
export function fieldNameProblem(
  name: unknown,
  taken: Iterable<unknown> = [],
): FieldNameProblem | undefined {
  if (name === undefined || name === null || name === '') return 'empty';
  if (typeof name !== 'string') return 'pattern';
  if (name.length > FIELD_NAME_MAX) return 'tooLong';
  if (!FIELD_NAME_PATTERN.test(name)) return 'pattern';
  if (RESERVED_FIELD_NAMES.has(name)) return 'reserved';
  for (const other of taken) if (other === name) return 'duplicate';
  return undefined;
}
