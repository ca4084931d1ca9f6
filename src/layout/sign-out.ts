/**
 * 退出系统: the server ends the token (POST /api/logout), so a copy of it left in a log, a
 * proxy or another program is refused from then on; the browser forgets the session in every
 * tab at once, without waiting for the answer.
 */
import { sessionLogout } from '@generated/api/session/session';
import { clearSession, getToken } from '@/lib/session';

export function signOut(): void {
  // The token is named here: once the session is cleared below the request could not read it
  // (with encryption on, the headers are built after an await).
  const token = getToken();
  // Quiet and unawaited: the user is signed out in this browser whatever the server says; a
  // token the server could not end runs out with its lifetime.
  if (token)
    void sessionLogout({}, { headers: { 'access-token': token }, quiet: true }).catch(
      () => undefined,
    );
  clearSession();
}
