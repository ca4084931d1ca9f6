/**
 * The security an operation declares (its `security`, else the document's), checked the way a
 * server would check it: a call needs the credentials of one alternative. The mock cannot judge
 * a key or a password, so any non-empty one in the right place is accepted; an OAuth2 scheme
 * whose token URL the mock serves (oauth-token.ts) needs a token that URL gave out and that has
 * not expired. An alternative made of a scheme it cannot check (the redirect OAuth2 flows, an
 * absolute token URL, openIdConnect) is not asked for, and an operation guarded only by such
 * schemes stays open. Credentials must arrive where the scheme says, or the answer is 401.
 */
import { isRecord, listOf } from '@/core/guards';
import { isIssuedToken, servedGrants } from './oauth-token';
import { recordAt, textAt, type Node } from './schema';

function carries(scheme: Node, request: Request, url: URL, source: string): boolean | undefined {
  const kind = typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : '';
  const authorization = request.headers.get('authorization') ?? '';
  if (scheme.type === 'oauth2') {
    if (servedGrants(scheme).length === 0) return undefined;
    const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    return token !== undefined && isIssuedToken(source, token);
  }
  if (scheme.type === 'http' && kind === 'bearer') return /^Bearer \S+/i.test(authorization);
  if (scheme.type === 'http' && kind === 'basic') return /^Basic \S+/i.test(authorization);
  const name = scheme.name;
  if (scheme.type === 'apiKey' && typeof name === 'string') {
    if (scheme.in === 'header') return (request.headers.get(name) ?? '').trim() !== '';
    if (scheme.in === 'query') return (url.searchParams.get(name) ?? '') !== '';
    if (scheme.in === 'cookie')
      return (request.headers.get('cookie') ?? '')
        .split(';')
        .some((part) => part.trim().startsWith(`${name}=`));
  }
  return undefined;
}

/**
 * Undefined when the call may go ahead; else the schemes one of which it needs (`api_key`),
 * for the 401's detail.
 */
export function missingCredentials(
  document: Node,
  operation: Node,
  request: Request,
  url: URL,
): string | undefined {
  const schemes = recordAt(document, 'components', 'securitySchemes');
  const source = textAt(recordAt(document, 'x-admin', 'source'), 'name') ?? 'source';
  const requirements = Array.isArray(operation.security)
    ? operation.security
    : listOf(document.security);
  const wanted: string[] = [];
  for (const requirement of requirements) {
    if (!isRecord(requirement)) continue;
    const names = Object.keys(requirement);
    // `{}` among the alternatives: the call may be made without credentials.
    if (names.length === 0) return undefined;
    const held = names.map((name) => {
      const scheme = schemes[name];
      return isRecord(scheme) ? carries(scheme, request, url, source) : undefined;
    });
    if (held.some((value) => value === undefined)) continue;
    if (held.every(Boolean)) return undefined;
    wanted.push(names.join(' + '));
  }
  return wanted.length > 0 ? wanted.join(' or ') : undefined;
}
