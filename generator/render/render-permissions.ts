/**
 * generated/permissions.ts: the key guarding each call, by operationId, for the app's guards and
 * the mock's one permission rule. Keys and ids reach the file as string literals only (code-text).
 */
import type { OperationRight } from '../model/operation-rights';
import type { GeneratedFile } from '../types';
import { jsKey, jsString } from './code-text';

/** @example renderPermissions([{ operationId: 'xAdd', permission: 'X_ADD', … }]).path // 'permissions.ts' */
export function renderPermissions(rights: readonly OperationRight[]): GeneratedFile {
  const entries = rights.flatMap(({ operationId, permission }) =>
    permission === undefined ? [] : [`  ${jsKey(operationId)}: ${jsString(permission)},`],
  );
  const content = [
    '/**',
    ' * The permission key guarding each call of the contract (x-admin.permission, or the',
    " * capability's key), by operationId. `{param}` stands for that path parameter's value,",
    ' * upper-cased. Calls not listed are public or open to every signed-in user.',
    ' */',
    'export const OPERATION_PERMISSIONS = {',
    ...entries,
    '} as const satisfies Record<string, string>;',
    '',
    '/** A call guarded by a permission key. */',
    'export type GuardedOperation = keyof typeof OPERATION_PERMISSIONS;',
    '',
  ].join('\n');
  return { path: 'permissions.ts', content };
}
