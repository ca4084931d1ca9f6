/**
 * Permission checks (spec section 6).
 *
 * - Key guard: an element is shown only when its key is in the comma-separated permitted-key
 *   list (prilist) in session storage.
 * - Action guard: access routes carry a permission list per route; when the config flag is on,
 *   an element marked with an action is removed (or disabled) if the current route's list lacks
 *   it. Asking without an action, or before any access routes are loaded, throws '需要权限！'.
 *
 * The React side (components and hooks) is in ./guards.tsx.
 */
import { getPrilist, onSessionCleared } from '@/lib/session';
import { shell } from '@/locale/shell';
import type { GuardedCall } from '@/core/permission';

export type { GuardedCall };

/** Thrown by the action guard when it cannot decide (spec: '需要权限！'). */
export class PermissionError extends Error {
  constructor() {
    super(shell.needPermission);
    this.name = 'PermissionError';
  }
}

/** Key guard: true when `key` is in the comma-separated permitted-key list (prilist). */
export function hasPermissionKey(key: string): boolean {
  if (!key) return false;
  return getPrilist().includes(key);
}

/**
 * True when the signed-in user holds the key the contract names for the call
 * (generated/calls/<tag>.ts) — the same key the server checks.
 * `module` fills a `{module}` key of the generic calls.
 *
 * @example canCall(informationreportingexamineCalls.informationreportingexamineExamine) // false for a read-only user
 */
export function canCall(call: GuardedCall, module = ''): boolean {
  return hasPermissionKey(call.permission.replace(/^\{[^}]+\}/, module.toUpperCase()));
}

/** Route path → permitted actions. */
export type AccessRoutes = Record<string, readonly string[]>;

interface PermissionState {
  /** The config flag of spec section 6: off means action marks are ignored. */
  actionGuardEnabled: boolean;
  accessRoutes: AccessRoutes | undefined;
}

const state: PermissionState = { actionGuardEnabled: true, accessRoutes: undefined };
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  listeners.forEach((listener) => listener());
}

export function subscribePermissions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getPermissionsVersion(): number {
  return version;
}

/** Turns the action guard on or off (the config flag). */
export function setActionGuardEnabled(enabled: boolean): void {
  state.actionGuardEnabled = enabled;
  changed();
}

export function isActionGuardEnabled(): boolean {
  return state.actionGuardEnabled;
}

/** Loads (or, with undefined, forgets) the access routes of the signed-in user. */
export function setAccessRoutes(routes: AccessRoutes | undefined): void {
  state.accessRoutes = routes;
  changed();
}

export function getAccessRoutes(): AccessRoutes | undefined {
  return state.accessRoutes;
}

/**
 * Action guard: may the current route (`routePath`) perform `action`?
 * True when the config flag is off. Throws PermissionError ('需要权限！') when no action is
 * given or no access routes are loaded.
 */
export function hasPermissionAction(action: string | undefined, routePath: string): boolean {
  if (!action) throw new PermissionError();
  if (!state.accessRoutes) throw new PermissionError();
  if (!state.actionGuardEnabled) return true;
  const permitted = state.accessRoutes[routePath] ?? [];
  return permitted.includes(action);
}

// Signing out (here or in another tab) forgets the access routes of the previous user.
onSessionCleared(() => setAccessRoutes(undefined));
