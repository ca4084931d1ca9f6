/**
 * Credentials from the source's securitySchemes: one secret (read by the CLI from the variable
 * `--token-env` names) sent as each scheme wants it — a bearer token (also an OAuth2 or OpenID
 * Connect access token), an API key in a header, query or cookie, or `user:password` for basic. An operation's `security` (else the
 * document's) lists alternatives; the first one made only of schemes we can send is used.
 */
import { isJson, type Json } from '../../json';

export interface Credentials {
  headers: Record<string, string>;
  query: Record<string, string>;
}

const NONE: Credentials = { headers: {}, query: {} };

/** Puts the secret where one scheme carries it; false for a scheme we cannot send. */
function apply(scheme: Json, secret: string, into: Credentials): boolean {
  const httpScheme = typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : '';
  if (scheme.type === 'http' && httpScheme === 'bearer') {
    into.headers.Authorization = `Bearer ${secret}`;
    return true;
  }
  // OAuth2 and OpenID Connect: the secret is an access token the user obtained (from the token
  // URL, or the provider's sign-in), sent as the bearer token those schemes' APIs take.
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
    into.headers.Authorization = `Bearer ${secret}`;
    return true;
  }
  if (scheme.type === 'http' && httpScheme === 'basic') {
    into.headers.Authorization = `Basic ${Buffer.from(secret, 'utf8').toString('base64')}`;
    return true;
  }
  if (scheme.type === 'apiKey' && typeof scheme.name === 'string') {
    if (scheme.in === 'header') into.headers[scheme.name] = secret;
    else if (scheme.in === 'query') into.query[scheme.name] = secret;
    else if (scheme.in === 'cookie')
      into.headers.Cookie = `${scheme.name}=${encodeURIComponent(secret)}`;
    else return false;
    return true;
  }
  return false;
}

/** What to send with one operation (`operation` is its object in the document). */
export function credentialsFor(
  document: Json,
  operation: Json,
  secret: string | undefined,
): Credentials {
  if (secret === undefined) return NONE;
  const schemes =
    isJson(document.components) && isJson(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  const requirements: unknown[] = Array.isArray(operation.security)
    ? operation.security
    : Array.isArray(document.security)
      ? document.security
      : [];
  for (const requirement of requirements) {
    if (!isJson(requirement)) continue;
    const found: Credentials = { headers: {}, query: {} };
    const names = Object.keys(requirement);
    // `{}` (callable without credentials) is no reason not to send the secret given.
    if (names.length === 0) continue;
    const usable = names.every((name) => {
      const scheme = schemes[name];
      return isJson(scheme) && apply(scheme, secret, found);
    });
    if (usable) return found;
  }
  return NONE;
}
