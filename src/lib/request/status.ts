/**
 * The status catalogue of spec section 8: what the user sees for each envelope status and
 * for transport failures.
 */
import { notify } from '@/lib/notify';
import { clearSession } from '@/lib/session';
import { requestMessages } from '@/locale/request';
import type { Envelope } from './errors';
import { navigateTo } from './navigator';

/** success: the call worked; returned: shown to the user, result still returned; rejected: the call fails. */
export type StatusOutcome = 'success' | 'returned' | 'rejected';

export const LOGIN_PATH = '/login';
export const NO_PERMISSION_PATH = '/no-permission';
/** Redirect delay after a 401 (spec section 9). */
export const LOGIN_REDIRECT_DELAY_MS = 1000;
/** How long transport failures stay on screen (spec section 8). */
export const TRANSPORT_ERROR_LIFE_MS = 5000;

let loginRedirectPending = false;

/** 401: message, session cleared, login page after one second (once for a burst of calls). */
export function expireLogin(): void {
  notify.error(requestMessages.loginExpired);
  clearSession();
  if (loginRedirectPending) return;
  loginRedirectPending = true;
  setTimeout(() => {
    loginRedirectPending = false;
    navigateTo(LOGIN_PATH);
  }, LOGIN_REDIRECT_DELAY_MS);
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
      navigateTo(NO_PERMISSION_PATH);
      return 'returned';
    case 401:
      expireLogin();
      return 'returned';
  }
  const message = STATUS_MESSAGES[envelope.status];
  notify.error(message ?? requestMessages.networkError);
  return message ? 'returned' : 'rejected';
}

/** The message for a non-2xx HTTP answer: the catalogue's wording where it has one. */
export function httpStatusMessage(code: number): string {
  return STATUS_MESSAGES[code] ?? requestMessages.httpError(code);
}

export function showTransportError(message: string): void {
  notify.error(message, TRANSPORT_ERROR_LIFE_MS);
}
