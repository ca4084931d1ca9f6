/**
 * How a client signs in to the live message socket (`/ws`): one table for the app's client
 * and the mock backend's server. The session token travels as a subprotocol,
 * `access-token.<token>`, offered beside `MESSAGE_PROTOCOL` (the one the server selects, so
 * the token is never echoed back); never in the URL, where access logs would keep it.
 */

/** The subprotocol the server selects. */
export const MESSAGE_PROTOCOL = 'back-office-messages';
/** A subprotocol starting with this carries the session token. */
export const TOKEN_PROTOCOL_PREFIX = 'access-token.';

/**
 * A subprotocol must be an HTTP token (RFC 6455 section 4.1, RFC 7230 section 3.2.6): a
 * session token with other characters is sent in the first frame instead.
 */
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The subprotocols a client signed in with `token` offers; [] when the token cannot be one. */
export function signInProtocols(token: string): string[] {
  return HTTP_TOKEN.test(token) ? [MESSAGE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`] : [];
}

/** The token among the offered subprotocols, or '' when none carries one. */
export function tokenOfProtocols(protocols: Iterable<string>): string {
  for (const protocol of protocols)
    if (protocol.startsWith(TOKEN_PROTOCOL_PREFIX))
      return protocol.slice(TOKEN_PROTOCOL_PREFIX.length);
  return '';
}
