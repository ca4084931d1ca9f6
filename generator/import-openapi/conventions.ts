/**
 * The source's conventions: REST (2xx is success; errors read as problem+json when the document
 * declares it, else as a JSON body or the status text) and its auth, from securitySchemes.
 */
import type { YamlMap } from '../../src/core/yaml-text';
import { isJson, type Json } from '../json';
import { oauthScheme, tokenOnlyFallback } from './oauth-schemes';
import type { LeftOut } from './resources';
import type { SourceOperation } from './source-operations';

export interface ConventionsInference {
  /** The `conventions` and `auth` keys of the source's x-admin. */
  admin: YamlMap;
  errors: 'problem+json' | 'json' | 'status-text';
  /** One word per supported scheme: bearer, apiKey header api_key, basic. */
  auth: string[];
  leftOut: LeftOut[];
  /** Choices about auth the report states (the token-only fallback of an OAuth2 source). */
  notes: string[];
}

function errorStyle(operations: readonly SourceOperation[]): ConventionsInference['errors'] {
  const types = operations.flatMap((op) => op.errorMediaTypes.map((t) => t.split(';')[0]!.trim()));
  if (types.includes('application/problem+json')) return 'problem+json';
  if (types.some((t) => t === 'application/json' || t.endsWith('+json'))) return 'json';
  return 'status-text';
}

/**
 * @example inferConventions(petstore, operations).auth // ['apiKey header api_key']
 */
export function inferConventions(
  document: Json,
  operations: readonly SourceOperation[],
): ConventionsInference {
  const errors = errorStyle(operations);
  const schemes =
    isJson(document.components) && isJson(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  const auth: YamlMap[] = [];
  const words: string[] = [];
  const leftOut: LeftOut[] = [];
  const tokenOnly: string[] = [];
  for (const [name, scheme] of Object.entries(schemes)) {
    if (!isJson(scheme)) continue;
    const type = String(scheme.type);
    const httpScheme = typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : '';
    if (type === 'http' && (httpScheme === 'bearer' || httpScheme === 'basic')) {
      auth.push({ scheme: name, type: httpScheme });
      words.push(httpScheme);
    } else if (
      type === 'apiKey' &&
      (scheme.in === 'header' || scheme.in === 'query') &&
      typeof scheme.name === 'string'
    ) {
      auth.push({ scheme: name, type: 'apiKey', in: scheme.in, name: scheme.name });
      words.push(`apiKey ${scheme.in} ${scheme.name}`);
    } else if (type === 'oauth2' || type === 'openIdConnect') {
      const oauth = oauthScheme(name, scheme);
      auth.push(...oauth.auth);
      words.push(...oauth.words);
      leftOut.push(...oauth.leftOut);
      tokenOnly.push(...oauth.tokenOnly);
    } else {
      const what =
        type === 'apiKey'
          ? `an API key in a ${String(scheme.in)}`
          : type === 'http'
            ? `http ${httpScheme}`
            : type;
      leftOut.push({
        where: `securitySchemes.${name}`,
        reason: `${what} is not supported (bearer, basic, API keys in a header or query and OAuth2 client-credentials or password flows are)`,
      });
    }
  }
  const fallback = tokenOnlyFallback(tokenOnly, auth.length);
  auth.push(...fallback.auth);
  words.push(...fallback.words);
  const admin: YamlMap = {
    conventions: 'rest',
    success: '2xx',
    errors,
    auth,
  };
  return { admin, errors, auth: words, leftOut, notes: fallback.notes };
}
