import { useSyncExternalStore } from 'react';
import { hasPermissionKey } from '@/lib/permissions';
import { getSessionVersion, subscribeSession } from '@/lib/session';
import type { Capability, ModuleDefinition } from './module-definition';

/**
 * prilist key suffix per action (spec section 6: `${PERMISSIONKEY}_ADD` guards the generic
 * form's submit). Status switch and inline edit are edits; the bin's restore/destroy go with
 * the bin itself.
 */
export type CrudAction =
  | 'add'
  | 'edit'
  | 'delete'
  | 'view'
  | 'disable'
  | 'updatefield'
  | 'resetpassword'
  | 'recycle'
  | 'import'
  | 'export';

const SUFFIX: Record<CrudAction, string> = {
  add: 'ADD',
  edit: 'EDIT',
  delete: 'DELETE',
  view: 'VIEW',
  disable: 'EDIT',
  updatefield: 'EDIT',
  resetpassword: 'RESETPASSWORD',
  recycle: 'RECYCLE',
  import: 'IMPORT',
  export: 'EXPORT',
};

const CAPABILITY: Record<CrudAction, Capability> = {
  add: 'add',
  edit: 'edit',
  delete: 'delete',
  view: 'info',
  disable: 'disable',
  updatefield: 'updatefield',
  resetpassword: 'resetpassword',
  recycle: 'recycle',
  import: 'import',
  export: 'export',
};

export function permissionKeyOf(
  module: Pick<ModuleDefinition, 'permissionKey'>,
  action: CrudAction,
): string {
  return `${module.permissionKey.toUpperCase()}_${SUFFIX[action]}`;
}

/**
 * True when the module declares the capability, offers the call and the user holds the key.
 * Viewing is not key-guarded: it shows only what the list already shows.
 */
export function canDo(module: ModuleDefinition, action: CrudAction): boolean {
  const capability = CAPABILITY[action];
  if (!module.capabilities.includes(capability)) return false;
  if (!module.api[capability as keyof ModuleDefinition['api']]) return false;
  if (action === 'view') return true;
  return hasPermissionKey(permissionKeyOf(module, action));
}

/** Re-renders the caller when the session (and so the prilist) changes. */
export function usePermissionRefresh(): void {
  useSyncExternalStore(subscribeSession, getSessionVersion, getSessionVersion);
}
