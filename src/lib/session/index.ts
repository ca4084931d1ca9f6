/**
 * Session storage (spec section 3): token, userinfo, menuArr, tabPane, username, ac_id, plus
 * the login flag, the permitted-key list (prilist) and the system settings.
 *
 * STUB with the final API; the shell issue completes it (cross-tab sharing, settings).
 */
export const SESSION_KEYS = {
  token: 'token',
  userinfo: 'userinfo',
  menuArr: 'menuArr',
  tabPane: 'tabPane',
  username: 'username',
  acId: 'ac_id',
  loginFlag: 'isLogin',
  prilist: 'prilist',
  systemSetting: 'systemSetting',
} as const;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function getToken(): string {
  return storage()?.getItem(SESSION_KEYS.token) ?? '';
}

export function getUsername(): string {
  return storage()?.getItem(SESSION_KEYS.username) ?? '';
}

/** Clears every session key (logout, password change, 401). */
export function clearSession(): void {
  const store = storage();
  if (!store) return;
  Object.values(SESSION_KEYS).forEach((key) => store.removeItem(key));
}
