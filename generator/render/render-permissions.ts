/**
 * The key guarding each call, from the one list of rights (model/operation-rights.ts):
 * - generated/permissions.ts, by operationId, for the mock's one permission rule;
 * - generated/calls/<tag>.ts, each guarded call of a tag as a constant the app's guards take
 *   (`canCall(dictionaryCalls.dictionaryCreatecash)`, a namespace import: orval's functions
 *   already use the operationIds as names), so a call that left the contract fails the type-check
 *   where a screen names it.
 * Both are typed by declared types, not by their entries: a module added to the contract adds a
 * calls file and changes no declaration that existing files import, so TypeScript's incremental
 * check does not recheck the app (the union of every operationId it had before made it
 * recheck 276 files). Keys and ids reach the files as string literals only (code-text).
 */
import { orvalTagFile } from '../model/names';
import type { OperationRight } from '../model/operation-rights';
import type { GeneratedFile } from '../types';
import { commentText, identifier, jsKey, jsString } from './code-text';

type GuardedRight = OperationRight & { permission: string };

const isGuarded = (right: OperationRight): right is GuardedRight => right.permission !== undefined;

/** @example renderPermissions([{ operationId: 'xAdd', permission: 'X_ADD', … }])[0].path // 'permissions.ts' */
export function renderPermissions(rights: readonly OperationRight[]): GeneratedFile[] {
  const guarded = rights.filter(isGuarded);
  const entries = guarded.map(
    ({ operationId, permission }) => `  ${jsKey(operationId)}: ${jsString(permission)},`,
  );
  const byId = {
    path: 'permissions.ts',
    content: [
      '/**',
      ' * The permission key guarding each call of the contract (x-admin.permission, or the',
      " * capability's key), by operationId. `{param}` stands for that path parameter's value,",
      ' * upper-cased. Calls not listed are public or open to every signed-in user.',
      ' */',
      'export const OPERATION_PERMISSIONS: Readonly<Record<string, string>> = {',
      ...entries,
      '};',
      '',
    ].join('\n'),
  };
  const tags = [...new Set(guarded.map((right) => right.tag))];
  return [byId, ...tags.map((tag) => renderTagCalls(tag, guarded))];
}

function renderTagCalls(tag: string, guarded: readonly GuardedRight[]): GeneratedFile {
  const calls = guarded
    .filter((right) => right.tag === tag)
    .map(
      ({ operationId, permission }) =>
        `export const ${identifier(operationId, 'operationId')}: GuardedCall = { operationId: ${jsString(operationId)}, permission: ${jsString(permission)} };`,
    );
  return {
    path: `calls/${orvalTagFile(tag) || 'default'}.ts`,
    content: [
      "import type { GuardedCall } from '@/core/permission';",
      '',
      `/** The calls of tag ${commentText(tag || '(none)')} that a permission key guards. */`,
      ...calls,
      '',
    ].join('\n'),
  };
}
