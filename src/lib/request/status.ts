/**
 * The status catalogue of spec section 8: what the user sees for each envelope status and
 * for transport failures.
 */
import { notify } from '@/lib/notify';
import { clearSession, getToken } from '@/lib/session';
import { requestMessages } from '@/locale/request';
import type { Envelope } from './errors';
import { currentPath, navigateTo } from './navigator';

/** success: the call worked; returned: shown to the user, result still returned; rejected: the call fails. */
export type StatusOutcome = 'success' | 'returned' | 'rejected';

export const LOGIN_PATH = '/login';
export const NO_PERMISSION_PATH = '/no-permission';
/** Redirect delay after a 401 (spec section 9). */
export const LOGIN_REDIRECT_DELAY_MS = 1000;
/** How long transport failures stay on screen (spec section 8). */
export const TRANSPORT_ERROR_LIFE_MS = 5000;

/**
 * Raised by the first 401 and kept until a new session starts. A screen fires several calls
 * at once, and every one of them answers 401 when the token is bad: the user must see one
 * message and one trip to the login page, not one per call. The first 401 clears the
 * session, so "raised and still no token" means "already handled"; a sign-in stores a new
 * token, which re-arms the handling without any reset call.
 */
let loginExpired = false;

/** 401: message, session cleared, login page after one second (once for a burst of calls). */
export function expireLogin(): void {
  if (loginExpired && !getToken()) return;
  loginExpired = true;
  notify.error(requestMessages.loginExpired);
  clearSession();
  setTimeout(() => void navigateTo(LOGIN_PATH), LOGIN_REDIRECT_DELAY_MS);
}

/** Set while the trip to /no-permission is under way (the router resolves it on arrival). */
let noPermissionPending = false;

/** 220: the user goes to /no-permission — once for a burst of calls, not again while there. */
function denyAccess(): void {
  if (noPermissionPending || currentPath() === NO_PERMISSION_PATH) return;
  noPermissionPending = true;
  void (async () => {
    try {
      await navigateTo(NO_PERMISSION_PATH);
    } finally {
      noPermissionPending = false;
    }
  })();
}

/** The catalogue's fixed wording per status (an envelope's, or a non-2xx HTTP answer's). */
const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  401: requestMessages.loginExpired,
  403: requestMessages.forbidden,
  404: requestMessages.notFound,
  500: requestMessages.serverError,
};

export function handleEnvelopeStatus(envelope: Envelope): StatusOutcome {
  switch (envelope.status) {
    case 1:
    case 200:
      return 'success';
    case 201:
      notify.error(envelope.msg || requestMessages.apiError);
      return 'returned';
    case 220:
      denyAccess();
      return 'returned';
    case 401:
      expireLogin();
      return 'returned';
  }
  const message = STATUS_MESSAGES[envelope.status];
  notify.error(message ?? requestMessages.networkError);
  return message ? 'returned' : 'rejected';
}

/**
 * A gateway's answers when the back end behind it is down or overloaded (502, 503, 504): the
 * catalogue has no wording for them, and a status code tells an administrator nothing.
 */
const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** The message for a non-2xx HTTP answer: the catalogue's wording where it has one. */
export function httpStatusMessage(code: number): string {
  if (UNAVAILABLE_STATUSES.has(code)) return requestMessages.serviceUnavailable;
  return STATUS_MESSAGES[code] ?? requestMessages.httpError(code);
}

/**
 * Failures with the same message within this time are one failure: the calls a screen makes at
 * once (its list, the menu's counts), and a query asked again as its list is shown, all fail the
 * same way when the back end is down — the user must see one message, not one per call. A
 * second attempt of the user's own (重试, 提交 again) comes later than this and is shown again.
 */
export const TRANSPORT_ERROR_BURST_MS = 1000;

let lastTransportError: { message: string; at: number } | undefined;

export function showTransportError(message: string): void {
  const now = Date.now();
  const last = lastTransportError;
  if (last && last.message === message && now - last.at < TRANSPORT_ERROR_BURST_MS) return;
  lastTransportError = { message, at: now };
  notify.error(message, TRANSPORT_ERROR_LIFE_MS);
}
