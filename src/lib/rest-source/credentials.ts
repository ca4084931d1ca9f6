/**
 * The credential the user gave for an imported source, per browser tab, and how a call carries
 * it. A source's credential is not the back-office session: it belongs to another server, so it
 * lives under its own key (`source-credential:<name>`) and a 401 from that server drops only it.
 * sessionStorage, not localStorage: a secret for someone else's API should not outlive the tab.
 */
import { utf8ToBase64 } from '@/core/base64';
import type { SourceDescription } from '@/core/rest-source';

const KEY_PREFIX = 'source-credential:';

function storage(): Storage | undefined {
  // Storage can be missing (Node) or refuse access (privacy settings); then nothing is kept.
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Stores the credential for source `name`: the token (bearer; oauth2's access token), the key
 * (apiKey), or `user:password` (basic — the same text the Basic scheme encodes).
 */
export function setSourceCredential(name: string, value: string): void {
  storage()?.setItem(KEY_PREFIX + name, value);
}

export function getSourceCredential(name: string): string | undefined {
  return storage()?.getItem(KEY_PREFIX + name) ?? undefined;
}

export function clearSourceCredential(name: string): void {
  storage()?.removeItem(KEY_PREFIX + name);
}

/** Forgets every source's credential (the back-office session ended). */
export function clearAllSourceCredentials(): void {
  const store = storage();
  if (!store) return;
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(KEY_PREFIX)) keys.push(key);
  }
  keys.forEach((key) => store.removeItem(key));
}

/**
 * Adds the stored credential to a call as the source's first auth scheme says (the generator
 * lists the supported ones, the first is used). Without a stored credential the call goes out
 * bare and the server decides (an open read, or a 401 that asks for sign-in).
 */
export function applyCredential(
  source: SourceDescription,
  headers: Record<string, string>,
  query: URLSearchParams,
): void {
  const scheme = source.auth[0];
  const credential = getSourceCredential(source.name);
  if (!scheme || !credential) return;
  switch (scheme.type) {
    case 'bearer':
    case 'oauth2':
      // An OAuth2 source's credential is the access token its token URL gave the sign-in.
      headers.Authorization = `Bearer ${credential}`;
      return;
    case 'basic':
      // UTF-8 first: btoa alone throws on a Chinese user name.
      headers.Authorization = `Basic ${utf8ToBase64(credential)}`;
      return;
    case 'apiKey':
      if (scheme.in === 'header') headers[scheme.name] = credential;
      else query.set(scheme.name, credential);
      return;
  }
}
