/**
 * How the remote image capture (./catch-image) reaches the network: one request per hop, each
 * refused when its address is not on the public internet (./public-address), and whether the
 * capture may say why an address failed.
 *
 * In the page (the demo's mock) and under vitest's msw the capture uses `fetch`, and only a
 * literal address or localhost can be judged before it (a page cannot resolve a name). The HTTP
 * mock server installs its own (./guarded-fetch, Node only): every address of a name is judged
 * after resolution and the connection goes to the address judged, on every redirect.
 *
 * `allowPrivate` is for tests and local development only (`cli mock-server
 * --allow-private-fetch`): private addresses are fetched and each failure has its own message.
 * Without it every failure that depends on what answered (a refused address, a closed port, a
 * timeout, an error, a page instead of an image…) gets the same message, so the answers do not
 * tell the ports of a network apart.
 */
import { isPublicHost } from './public-address';

/** An address the capture may not fetch: not on the public internet. */
export class RefusedAddress extends Error {
  constructor(url: URL) {
    super(`not a public address: ${url.host}`);
    this.name = 'RefusedAddress';
  }
}

/**
 * Under Node the redirects are followed by the capture, one by one, so each is judged and
 * counted; a page cannot read a redirect's Location (`manual` gives an opaque answer), so in
 * the browser fetch follows them itself.
 */
export const FOLLOW_REDIRECTS_HERE = typeof document === 'undefined';

export interface RemoteFetch {
  /**
   * One request to `url` (a redirect is answered as such where FOLLOW_REDIRECTS_HERE); rejects
   * with RefusedAddress for an address that is not public, unless `allowPrivate`.
   */
  fetchHop(url: URL, signal: AbortSignal): Promise<Response>;
  /** Tests and local development: private addresses allowed, each failure told apart. */
  allowPrivate: boolean;
}

/** The capture with `fetch`: only literal addresses and localhost are judged (see the header). */
export function plainRemoteFetch(allowPrivate: boolean): RemoteFetch {
  return {
    allowPrivate,
    fetchHop: async (url, signal) => {
      if (!allowPrivate && !isPublicHost(url.hostname)) throw new RefusedAddress(url);
      const response = await fetch(url, {
        signal,
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        redirect: FOLLOW_REDIRECTS_HERE ? 'manual' : 'follow',
        headers: { Accept: 'image/*' },
      });
      // In the browser fetch followed the redirects: where they ended is judged at least.
      const landed = response.url ? new URL(response.url) : url;
      if (!allowPrivate && !isPublicHost(landed.hostname)) {
        await response.body?.cancel().catch(() => undefined);
        throw new RefusedAddress(landed);
      }
      return response;
    },
  };
}

let current: RemoteFetch = plainRemoteFetch(false);

/** The way the capture fetches now. */
export function remoteFetch(): RemoteFetch {
  return current;
}

/** Makes the capture fetch through `next`; the returned function puts the previous one back. */
export function installRemoteFetch(next: RemoteFetch): () => void {
  const previous = current;
  current = next;
  return () => {
    if (current === next) current = previous;
  };
}
