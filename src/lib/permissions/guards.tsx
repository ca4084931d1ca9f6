/**
 * The permission guards as React components and hooks (spec section 6).
 *
 * ```tsx
 * <Permission action="add"><Button label="新增" /></Permission>           // removed if not permitted
 * <Permission action="delete" disabled><Button label="删除" /></Permission> // disabled instead
 * <PermissionKey k="ADMINNOTICE_ADD"><Button label="提交" /></PermissionKey>
 * ```
 */
import {
  Children,
  cloneElement,
  isValidElement,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import { getSessionVersion, subscribeSession } from '@/lib/session';
import {
  canCall,
  getPermissionsVersion,
  hasPermissionAction,
  hasPermissionKey,
  PermissionError,
  subscribePermissions,
  type GuardedCall,
} from './index';

/** Re-renders when prilist changes; answers the key guard. */
export function usePermissionKey(key: string): boolean {
  useSyncExternalStore(subscribeSession, getSessionVersion, getSessionVersion);
  return hasPermissionKey(key);
}

/** Re-renders when prilist changes; answers whether the user may make the call (canCall). */
export function useCanCall(call: GuardedCall, module?: string): boolean {
  useSyncExternalStore(subscribeSession, getSessionVersion, getSessionVersion);
  return canCall(call, module);
}

/**
 * Answers the action guard for the current route (or `routePath`). Where the directive throws
 * '需要权限！' (no action, no access routes loaded) the error is reported on the console, as
 * the original framework's error handler did, and the element counts as not permitted — a
 * guard must never take the whole screen down.
 */
export function usePermission(action: string | undefined, routePath?: string): boolean {
  useSyncExternalStore(subscribePermissions, getPermissionsVersion, getPermissionsVersion);
  const location = useLocation();
  try {
    return hasPermissionAction(action, routePath ?? location.pathname);
  } catch (error) {
    if (error instanceof PermissionError) {
      console.error(error.message);
      return false;
    }
    throw error;
  }
}

interface PermissionProps {
  action: string;
  /** Disable the child instead of removing it. */
  disabled?: boolean;
  /** Route whose permission list decides; defaults to the current route. */
  routePath?: string;
  children: ReactNode;
}

/** Removes (or disables) its child when the current route's permission list lacks `action`. */
export function Permission({
  action,
  disabled = false,
  routePath,
  children,
}: PermissionProps): ReactNode {
  const allowed = usePermission(action, routePath);
  if (allowed) return children;
  if (!disabled) return null;
  // A child's props are unknown to React's types; the ones set here are the controls' own.
  return Children.map(children, (child) =>
    isValidElement(child)
      ? cloneElement(child as ReactElement<{ disabled?: boolean; 'aria-disabled'?: boolean }>, {
          disabled: true,
          'aria-disabled': true,
        })
      : child,
  );
}

interface PermissionKeyProps {
  k: string;
  children: ReactNode;
}

/** Removes its child unless `k` is in prilist. */
export function PermissionKey({ k, children }: PermissionKeyProps): ReactNode {
  return usePermissionKey(k) ? children : null;
}
