/**
 * The HTTP mock server's way of fetching a remote image (Node only; ./remote-fetch): the host
 * is resolved here (every address it has, IPv4 and IPv6), each address must be public
 * (./public-address), and the connection goes to the address judged: the socket's own lookup
 * answers that address, so a name that resolves differently a moment later (DNS rebinding)
 * cannot move the connection elsewhere. No redirect is followed here; the capture judges every
 * hop again through this function.
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress, isPublicHost } from './public-address';
import { plainRemoteFetch, RefusedAddress, type RemoteFetch } from './remote-fetch';

export interface ResolvedAddress {
  address: string;
  /** 4 or 6. */
  family: number;
}

/** Every address of a host name. */
export type ResolveHost = (hostname: string) => Promise<readonly ResolvedAddress[]>;

const systemResolve: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** `promise`, or the signal's reason once it aborts first (a DNS lookup cannot be stopped). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  const reason = () =>
    signal.reason instanceof Error ? signal.reason : new Error('the fetch was aborted');
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(reason());
      return;
    }
    const stop = () => reject(reason());
    signal.addEventListener('abort', stop, { once: true });
    void promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/**
 * The address to connect to for `url`: its host's addresses, every one of them public (one
 * private address among public ones is refused too: which one a connection takes is not ours
 * to choose); rejects with RefusedAddress otherwise.
 */
export async function checkedAddress(
  url: URL,
  resolve: ResolveHost,
  signal: AbortSignal,
): Promise<ResolvedAddress> {
  if (!isPublicHost(url.hostname)) throw new RefusedAddress(url);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const addresses = family
    ? [{ address: host, family }]
    : await untilAborted(resolve(host), signal);
  const [first] = addresses;
  if (!first || addresses.some(({ address }) => !isPublicAddress(address)))
    throw new RefusedAddress(url);
  return first;
}

/** A socket lookup that answers `target` whatever name it is asked for. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
}

/** Statuses whose answer has no body (fetch's Response refuses one for them). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * The body of an answer as a web stream that reads the socket only as fast as it is read. Should
 * an event of the socket come after the reader cancelled (the controller would throw), it ends
 * the socket instead of escaping as an uncaught error that would stop the server.
 */
function bodyStream(message: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const settle = (step: () => void) => {
        try {
          step();
        } catch {
          message.destroy();
        }
      };
      message.on('data', (chunk: Buffer) =>
        settle(() => {
          controller.enqueue(new Uint8Array(chunk));
          if ((controller.desiredSize ?? 0) <= 0) message.pause();
        }),
      );
      message.once('end', () => settle(() => controller.close()));
      message.on('error', (error) => settle(() => controller.error(error)));
    },
    pull() {
      message.resume();
    },
    cancel() {
      message.destroy();
    },
  });
}

/** An answer of node:http as fetch's Response (a status fetch does not know rejects). */
function responseOf(message: IncomingMessage): Response {
  const headers = new Headers();
  const raw = message.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    try {
      headers.append(raw[index] ?? '', raw[index + 1] ?? '');
    } catch {
      // A header fetch would not accept is left out; the capture reads only a few.
    }
  }
  const status = message.statusCode ?? 0;
  if (NULL_BODY_STATUSES.has(status)) {
    message.resume();
    return new Response(null, { status, headers });
  }
  return new Response(bodyStream(message), { status, headers });
}

/**
 * One GET to `url`, connected to `target` whatever its name resolves to now (the caller judged
 * `target`); no redirect followed.
 */
export function fetchPinned(
  url: URL,
  target: ResolvedAddress,
  signal: AbortSignal,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: 'GET',
        headers: { Accept: 'image/*' },
        lookup: pinnedLookup(target),
        signal,
        // A connection of its own: never a kept-alive socket opened for another address.
        agent: false,
      },
      (message) => {
        try {
          resolve(responseOf(message));
        } catch (error) {
          message.destroy();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    );
    // Kept for the request's life: an error after the answer (an abort) is no one's to throw.
    request.on('error', reject);
    request.end();
  });
}

export interface GuardedFetchOptions {
  /** Tests and local development: every address allowed and each failure told apart. */
  allowPrivate: boolean;
  /** How host names are resolved (node:dns lookup, every address, by default). */
  resolve?: ResolveHost;
}

/** The server's remote fetch (see the header); with `allowPrivate`, plain fetch as in tests. */
export function guardedRemoteFetch(options: GuardedFetchOptions): RemoteFetch {
  if (options.allowPrivate) return plainRemoteFetch(true);
  const resolve = options.resolve ?? systemResolve;
  return {
    allowPrivate: false,
    fetchHop: async (url, signal) =>
      fetchPinned(url, await checkedAddress(url, resolve, signal), signal),
  };
}
