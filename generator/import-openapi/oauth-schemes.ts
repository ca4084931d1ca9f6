/**
 * OAuth2 and OpenID Connect schemes of a document, as the source's sign-in can use them. The
 * client-credentials and password flows with a `tokenUrl` are recorded (the sign-in dialog asks
 * for the client's or the user's credentials and fetches the token itself); the implicit and
 * authorization-code flows and OpenID Connect need the provider's own sign-in page in a browser
 * redirect, which the back-office does not do: they are reported, and a source that has no
 * other usable scheme asks for an access token obtained elsewhere, sent as `Bearer` (what every
 * OAuth2 access token is).
 */
import type { YamlMap } from '../../src/core/yaml-text';
import { isJson, type Json } from '../json';
import type { LeftOut } from './resources';

/** The flows the dialog performs, in the order preferred when a scheme offers both. */
const SIGN_IN_FLOWS = ['clientCredentials', 'password'] as const;

const REDIRECT_FLOWS: Readonly<Record<string, string>> = {
  implicit: 'the oauth2 implicit flow',
  authorizationCode: 'the oauth2 authorization-code flow',
};

const REDIRECT_REASON =
  "needs the provider's sign-in page in a browser redirect, which the back-office does not do (client-credentials and password flows with a tokenUrl are supported)";

export interface OAuthSchemes {
  /** `x-admin.source.auth` entries: one per usable flow. */
  auth: YamlMap[];
  /** The report's words for them: `oauth2 clientCredentials /oauth/token`. */
  words: string[];
  leftOut: LeftOut[];
  /** Schemes whose token the user can still paste (the redirect flows, OpenID Connect). */
  tokenOnly: string[];
}

function scopesOf(flow: Json): string[] {
  return isJson(flow.scopes) ? Object.keys(flow.scopes) : [];
}

/**
 * What an `oauth2` or `openIdConnect` scheme gives the source.
 *
 * @example oauthScheme('auth', { type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: {} } } }).auth
 * // [{ scheme: 'auth', type: 'oauth2', flow: 'clientCredentials', tokenUrl: '/oauth/token', scopes: [] }]
 */
export function oauthScheme(name: string, scheme: Json): OAuthSchemes {
  const found: OAuthSchemes = { auth: [], words: [], leftOut: [], tokenOnly: [] };
  const where = `securitySchemes.${name}`;
  if (scheme.type === 'openIdConnect') {
    found.leftOut.push({ where, reason: `openIdConnect ${REDIRECT_REASON}` });
    found.tokenOnly.push(name);
    return found;
  }
  const flows = isJson(scheme.flows) ? scheme.flows : {};
  for (const flowName of SIGN_IN_FLOWS) {
    const flow = flows[flowName];
    if (!isJson(flow)) continue;
    const tokenUrl = typeof flow.tokenUrl === 'string' ? flow.tokenUrl.trim() : '';
    if (tokenUrl === '') {
      found.leftOut.push({
        where: `${where}.flows.${flowName}`,
        reason: 'oauth2 flow without a tokenUrl: there is nowhere to ask for a token',
      });
      continue;
    }
    found.auth.push({
      scheme: name,
      type: 'oauth2',
      flow: flowName,
      tokenUrl,
      scopes: scopesOf(flow),
    });
    found.words.push(`oauth2 ${flowName} ${tokenUrl}`);
  }
  for (const [flowName, what] of Object.entries(REDIRECT_FLOWS)) {
    if (!isJson(flows[flowName])) continue;
    found.leftOut.push({
      where: `${where}.flows.${flowName}`,
      reason: `${what} ${REDIRECT_REASON}`,
    });
    found.tokenOnly.push(name);
  }
  if (found.auth.length === 0 && found.leftOut.length === 0)
    found.leftOut.push({
      where,
      reason: 'oauth2 without flows: there is no way to ask for a token',
    });
  return found;
}

/**
 * When no scheme of the document can be signed in to, but an OAuth2 or OpenID Connect one
 * exists: its screens ask for the access token itself (as for a bearer scheme), so the source
 * stays usable with a token obtained from the provider's own sign-in.
 */
export function tokenOnlyFallback(
  tokenOnly: readonly string[],
  supported: number,
): { auth: YamlMap[]; words: string[]; notes: string[] } {
  const first = tokenOnly[0];
  if (supported > 0 || first === undefined) return { auth: [], words: [], notes: [] };
  return {
    auth: [{ scheme: first, type: 'bearer' }],
    words: ['bearer (an access token of ' + first + ')'],
    notes: [
      `securitySchemes.${first}: no scheme the sign-in dialog can complete — it asks for an access token obtained from the provider, sent as Authorization: Bearer`,
    ],
  };
}
