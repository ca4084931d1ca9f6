/**
 * prilist keys (spec section 6): the upper-cased module key plus an action suffix, e.g.
 * ADMINNOTICE_ADD guards the generic form's submit. One table for the app's key guard and the
 * mock backend's enforcement, so a button shown is a call allowed and the other way round.
 */
import type { Capability } from './module';

/**
 * The suffix guarding each capability's call. Switching a status and editing in place are
 * edits; the bin's restore and destroy go with the bin; the import template goes with import.
 */
export const PERMISSION_SUFFIX: Record<Capability, string> = {
  list: 'LIST',
  info: 'INFO',
  add: 'ADD',
  edit: 'EDIT',
  delete: 'DELETE',
  disable: 'EDIT',
  updatefield: 'EDIT',
  recycle: 'RECYCLE',
  restore: 'RECYCLE',
  destroy: 'RECYCLE',
  import: 'IMPORT',
  export: 'EXPORT',
  importtemplate: 'IMPORT',
  mylist: 'MYLIST',
  resetpassword: 'RESETPASSWORD',
};

/** Calls every signed-in user may make: reading is never key-guarded. */
export const READ_CAPABILITIES: readonly Capability[] = ['list', 'info', 'mylist'];

/**
 * @example permissionKeyFor('adminnotice', 'disable') // 'ADMINNOTICE_EDIT'
 */
export function permissionKeyFor(prefix: string, capability: Capability): string {
  return `${prefix.toUpperCase()}_${PERMISSION_SUFFIX[capability]}`;
}

/**
 * A call of the contract guarded by a permission key, as generated/calls/<tag>.ts names it. A
 * screen imports the call it guards, so a call that left the contract fails the type-check where
 * it is used. One file per tag: adding a module adds a file and changes no declaration that
 * existing files import (TypeScript's incremental check then rechecks only what is new).
 */
export interface GuardedCall {
  readonly operationId: string;
  /** The key the server checks; a leading `{module}` stands for the generic calls' module. */
  readonly permission: string;
}
