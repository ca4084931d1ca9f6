import { useSyncExternalStore } from 'react';
import { permissionKeyFor } from '@/core/permission';
import {
  getAccessRoutes,
  getPermissionsVersion,
  hasPermissionKey,
  isActionGuardEnabled,
  subscribePermissions,
} from '@/lib/permissions';
import { getSessionVersion, subscribeSession } from '@/lib/session';
import type { Capability, ModuleApi, ModuleDefinition } from './module-definition';

/**
 * What a CRUD screen's buttons do. `view` opens the detail dialog (the `info` call); the
 * others are the module's capabilities of the same name.
 */
export type CrudAction =
  | 'add'
  | 'edit'
  | 'delete'
  | 'view'
  | 'disable'
  | 'updatefield'
  | 'recycle'
  | 'import'
  | 'export';

/** Each action's capability, which is also the name of the module's call that performs it. */
const CAPABILITY: Record<CrudAction, Capability & keyof ModuleApi> = {
  add: 'add',
  edit: 'edit',
  delete: 'delete',
  view: 'info',
  disable: 'disable',
  updatefield: 'updatefield',
  recycle: 'recycle',
  import: 'import',
  export: 'export',
};

/** prilist key of an action (spec section 6), from the one table in src/core/permission. */
export function permissionKeyOf(
  module: Pick<ModuleDefinition, 'permissionKey'>,
  capability: Capability,
): string {
  return permissionKeyFor(module.permissionKey, capability);
}

/**
 * The action guard of spec section 6 for a screen's button: the screen's route `operate`
 * list must name the action. Off (config flag) means every action passes; a module shown
 * outside the layout's access routes (no routes loaded, or a route the menu does not open)
 * follows the route table, so nothing is offered that the route does not permit.
 */
export function actionPermitted(route: string, action: string): boolean {
  if (!isActionGuardEnabled()) return true;
  const routes = getAccessRoutes();
  return routes !== undefined && (routes[route] ?? []).includes(action);
}

/**
 * True when the module declares the capability and offers the call, the screen's route
 * permits it (action guard) and the user holds its key (key guard). Viewing is not
 * key-guarded: it shows only what the list already shows.
 */
export function canDo(module: ModuleDefinition, action: CrudAction): boolean {
  const capability = CAPABILITY[action];
  if (!module.capabilities.includes(capability)) return false;
  if (!module.api[capability]) return false;
  if (!actionPermitted(module.route, capability)) return false;
  if (action === 'view') return true;
  return hasPermissionKey(permissionKeyOf(module, capability));
}

/** Re-renders the caller when the session (prilist) or the access routes change. */
export function usePermissionRefresh(): void {
  useSyncExternalStore(subscribeSession, getSessionVersion, getSessionVersion);
  useSyncExternalStore(subscribePermissions, getPermissionsVersion, getPermissionsVersion);
}
