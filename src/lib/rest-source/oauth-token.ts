/**
 * The token exchange of an OAuth2 source's sign-in (RFC 6749 §4.3 password, §4.4 client
 * credentials): the credentials the user typed, posted form-encoded to the scheme's token URL,
 * give the `access_token` the source's calls then carry as `Authorization: Bearer`. The client
 * authenticates with HTTP Basic when it has a secret (the method every server must accept,
 * §2.3.1), else names itself with `client_id` in the body (a public client). Never throws: a
 * refusal or a failure comes back as the Chinese message the dialog shows.
 */
import { isRecord } from '@/core/guards';
import { utf8ToBase64 } from '@/core/base64';
import type { OAuthSourceAuth, SourceDescription } from '@/core/rest-source';
import { getRequestConfig } from '@/lib/request';
import { restSourceMessages as t } from '@/locale/rest-source';
import { joinUrl, sourceBaseUrl } from './url';

export interface OAuthCredentials {
  /** Client credentials: required; password flow: optional (a public client names none). */
  clientId: string;
  clientSecret: string;
  /** Password flow only. */
  username?: string;
  password?: string;
}

export type TokenResult = { ok: true; accessToken: string } | { ok: false; message: string };

/**
 * Where the token is asked for: an absolute token URL as it is (a deployment calls that server
 * directly), a relative one under the source's base, as a call's path is (`/oauth/token` →
 * `/sources/warehouse/oauth/token`, which the dev proxy and the mock answer).
 */
export function tokenUrlOf(
  source: Pick<SourceDescription, 'name' | 'basePath'>,
  tokenUrl: string,
  env?: Readonly<Record<string, unknown>>,
): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(tokenUrl)) return tokenUrl;
  const path = `/${tokenUrl.replace(/^(\.?\/)+/, '')}`;
  return joinUrl(sourceBaseUrl(source, env), path, new URLSearchParams());
}

/** Basic credentials of a client: each part form-encoded first, as §2.3.1 asks. */
function basicClient(clientId: string, clientSecret: string): string {
  const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');
  return `Basic ${utf8ToBase64(`${encode(clientId)}:${encode(clientSecret)}`)}`;
}

function formOf(scheme: OAuthSourceAuth, credentials: OAuthCredentials): URLSearchParams {
  const form = new URLSearchParams();
  if (scheme.flow === 'password') {
    form.set('grant_type', 'password');
    form.set('username', credentials.username ?? '');
    form.set('password', credentials.password ?? '');
  } else form.set('grant_type', 'client_credentials');
  if (scheme.scopes.length > 0) form.set('scope', scheme.scopes.join(' '));
  if (credentials.clientSecret === '' && credentials.clientId !== '')
    form.set('client_id', credentials.clientId);
  return form;
}

/** What a refusal (RFC 6749 §5.2 `{ error, error_description }`) means to the user. */
function refusal(
  source: SourceDescription,
  scheme: OAuthSourceAuth,
  status: number,
  body: unknown,
): string {
  const error = isRecord(body) && typeof body.error === 'string' ? body.error : '';
  const description =
    isRecord(body) && typeof body.error_description === 'string' ? body.error_description : '';
  if (error === 'invalid_client' || (error === '' && status === 401)) return t.tokenWrongClient;
  if (error === 'invalid_grant')
    return scheme.flow === 'password' ? t.tokenWrongUser : t.tokenWrongClient;
  return t.tokenRefused(source.title, description || error || `HTTP ${status}`);
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Asks the scheme's token URL for an access token with the typed credentials. */
export async function requestAccessToken(
  source: SourceDescription,
  scheme: OAuthSourceAuth,
  credentials: OAuthCredentials,
): Promise<TokenResult> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/x-www-form-urlencoded',
  };
  if (credentials.clientSecret !== '')
    headers.Authorization = basicClient(credentials.clientId, credentials.clientSecret);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, getRequestConfig().timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(tokenUrlOf(source, scheme.tokenUrl), {
      method: 'POST',
      headers,
      body: formOf(scheme, credentials).toString(),
      signal: controller.signal,
    });
    text = await response.text();
  } catch {
    return {
      ok: false,
      message: timedOut ? t.timeout(source.title) : t.tokenNetworkError(source.title),
    };
  } finally {
    clearTimeout(timer);
  }
  const body = parsed(text);
  if (!response.ok) return { ok: false, message: refusal(source, scheme, response.status, body) };
  const token = isRecord(body) ? body.access_token : undefined;
  const type = isRecord(body) ? body.token_type : undefined;
  // Only a bearer token can be sent the way the source's calls carry it.
  const bearer =
    type === undefined || (typeof type === 'string' && type.toLowerCase() === 'bearer');
  if (typeof token !== 'string' || token.trim() === '' || !bearer)
    return { ok: false, message: t.tokenUnreadable(source.title) };
  return { ok: true, accessToken: token.trim() };
}
