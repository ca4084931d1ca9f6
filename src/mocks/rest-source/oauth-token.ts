/**
 * The token URL of an imported OAuth2 source, as its mock serves it: for each scheme with a
 * client-credentials or password flow whose `tokenUrl` is relative (so lies under the source's
 * base, where the mock is mounted), a POST of the RFC 6749 form with the demo credentials
 * (docs/bring-your-own-api.md) answers `{ access_token, token_type: "bearer", expires_in }`.
 * The calls those schemes guard then need one of the tokens given out and not yet expired
 * (security.ts). An absolute token URL is another server's, which the mock does not stand in
 * for: its scheme is left unchecked, as before. Hostile input (a body past 8 KB, another media
 * type, a broken Basic header) gets a 400/401 in the RFC's error shape, never a throw.
 */
import { isRecord } from '@/core/guards';
import { readWithin } from '@/core/read-within';
import { sourceTokenMessages as t } from '@/locale/mock';
import { json } from './problem';
import { recordAt, type Node } from './schema';

/** The demo's credentials, documented in docs/bring-your-own-api.md. */
export const DEMO_CLIENT = { id: 'demo-client', secret: 'demo-secret' } as const;
export const DEMO_USER = { username: 'demo', password: 'demo-password' } as const;

/** A token's lifetime, seconds. */
export const TOKEN_LIFETIME = 3600;
/** A token request is a few short fields; anything bigger is refused unread past this. */
export const TOKEN_BODY_LIMIT = 8 * 1024;
/** Tokens kept at most, the oldest forgotten first: requests in a loop cannot fill memory. */
const MAX_TOKENS = 1000;

const GRANTS: Readonly<Record<string, string>> = {
  clientCredentials: 'client_credentials',
  password: 'password',
};

/** Token → the source it was given for and when it expires (ms). Shared by every engine. */
const issued = new Map<string, { source: string; expiresAt: number }>();

function isRelative(url: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:\/\//i.test(url);
}

/** The path a relative token URL names under the source's base (`/oauth/token`). */
function tokenPath(tokenUrl: string): string {
  return `/${tokenUrl.trim().replace(/^(\.?\/)+/, '')}`.replace(/\/+$/, '');
}

/** The grant types a scheme's token URL, served here, accepts; none when it is not served here. */
export function servedGrants(scheme: Node): { path: string; grants: string[] }[] {
  if (scheme.type !== 'oauth2' || !isRecord(scheme.flows)) return [];
  const served: { path: string; grants: string[] }[] = [];
  for (const [flow, grant] of Object.entries(GRANTS)) {
    const found = scheme.flows[flow];
    const url = isRecord(found) && typeof found.tokenUrl === 'string' ? found.tokenUrl : '';
    if (url.trim() === '' || !isRecord(found) || !isRelative(url)) continue;
    const path = tokenPath(url);
    const same = served.find((entry) => entry.path === path);
    if (same) same.grants.push(grant);
    else served.push({ path, grants: [grant] });
  }
  return served;
}

/** Every token path of the document with the grants it takes. */
function tokenEndpoints(document: Node): Map<string, Set<string>> {
  const endpoints = new Map<string, Set<string>>();
  for (const scheme of Object.values(recordAt(document, 'components', 'securitySchemes'))) {
    if (!isRecord(scheme)) continue;
    for (const { path, grants } of servedGrants(scheme)) {
      const known = endpoints.get(path) ?? new Set<string>();
      grants.forEach((grant) => known.add(grant));
      endpoints.set(path, known);
    }
  }
  return endpoints;
}

/** Whether `token` was given out for `source` by its token URL and has not expired. */
export function isIssuedToken(source: string, token: string, now = Date.now()): boolean {
  const found = issued.get(token);
  if (!found || found.source !== source) return false;
  if (found.expiresAt <= now) {
    issued.delete(token);
    return false;
  }
  return true;
}

function newToken(source: string): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  const token = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  issued.set(token, { source, expiresAt: Date.now() + TOKEN_LIFETIME * 1000 });
  while (issued.size > MAX_TOKENS) {
    const oldest = issued.keys().next().value;
    if (oldest === undefined) break;
    issued.delete(oldest);
  }
  return token;
}

/** RFC 6749 §5.2: `{ error, error_description }`, never cached. */
function oauthError(status: number, error: string, description: string): Response {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (error === 'invalid_client') headers['WWW-Authenticate'] = 'Basic realm="token"';
  return json(status, { error, error_description: description }, headers);
}

/** The client the request names: its Basic header, else `client_id`/`client_secret` in the form. */
function clientOf(request: Request, form: URLSearchParams): { id: string; secret: string } | null {
  const header = request.headers.get('authorization') ?? '';
  const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
  if (basic === undefined) {
    if (header !== '') return null;
    return { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' };
  }
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(atob(basic), (char) => char.charCodeAt(0)),
    );
  } catch {
    return null;
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  // §2.3.1: each part was form-encoded before it was joined.
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return part;
    }
  };
  return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
}

/** The answer to one token request (the path already matched, the grants it takes). */
async function answerToken(
  source: string,
  request: Request,
  grants: ReadonlySet<string>,
): Promise<Response> {
  if (request.method.toUpperCase() !== 'POST')
    return json(
      405,
      { error: 'invalid_request', error_description: t.postOnly },
      { Allow: 'POST' },
    );
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded')
    return oauthError(400, 'invalid_request', t.wrongContentType);
  const bytes = await readWithin(request, TOKEN_BODY_LIMIT);
  if (!bytes) return oauthError(400, 'invalid_request', t.tooLarge(TOKEN_BODY_LIMIT));
  const form = new URLSearchParams(new TextDecoder().decode(bytes));
  const grant = form.get('grant_type') ?? '';
  if (grant === '') return oauthError(400, 'invalid_request', t.noGrantType);
  if (!grants.has(grant))
    return oauthError(400, 'unsupported_grant_type', t.unsupportedGrant(grant));
  const client = clientOf(request, form);
  if (client === null) return oauthError(401, 'invalid_client', t.unreadableClient);
  const knownClient = client.id === DEMO_CLIENT.id && client.secret === DEMO_CLIENT.secret;
  // The password flow's client may be public: named by its id alone, or not named at all.
  const publicClient =
    grant === 'password' &&
    client.secret === '' &&
    (client.id === '' || client.id === DEMO_CLIENT.id);
  if (!knownClient && !publicClient) return oauthError(401, 'invalid_client', t.wrongClient);
  if (
    grant === 'password' &&
    (form.get('username') !== DEMO_USER.username || form.get('password') !== DEMO_USER.password)
  )
    return oauthError(400, 'invalid_grant', t.wrongUser);
  const scope = form.get('scope');
  return json(
    200,
    {
      access_token: newToken(source),
      token_type: 'bearer',
      expires_in: TOKEN_LIFETIME,
      ...(scope ? { scope } : {}),
    },
    { 'Cache-Control': 'no-store' },
  );
}

/**
 * The token URL of a source's document: `answer` gives the response when `path` (under the
 * source's base) is one of its token paths, undefined for every other path.
 */
export function tokenService(source: string, document: Node) {
  const endpoints = tokenEndpoints(document);
  return {
    answer(path: string, request: Request): Promise<Response> | undefined {
      const grants = endpoints.get(path.replace(/\/+$/, ''));
      return grants ? answerToken(source, request, grants) : undefined;
    },
  };
}
