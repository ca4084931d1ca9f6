/**
 * Remote image capture (the editor's action=catchimage): each posted http(s) address is fetched
 * (5 s, 5 MB, 3 redirects, no credentials), kept when its bytes are a raster image (./files),
 * and answered with its own address; any other gets a state and no url.
 *
 * Only public addresses are fetched, judged on every redirect (./remote-fetch: in the HTTP mock
 * server after resolving the name, ./guarded-fetch). Every failure that depends on what answered
 * (a refused address, a closed port, a timeout, an error status, a page, a body too large, too
 * many redirects) is the one state 远程图片抓取失败, so the answers cannot map a network;
 * only where private addresses are allowed (tests) does each failure say why.
 */
import { mockMessages } from '@/locale/mock';
import { imageTypeOf, UPLOAD_TYPES, type FileType } from '@/core/file-types';
import { listOf } from '@/core/guards';
import { readWithin } from '@/core/read-within';
import { storeFile } from './files';
import { FOLLOW_REDIRECTS_HERE, remoteFetch, type RemoteFetch } from './remote-fetch';
import { UEDITOR_CONFIG } from './ueditor-config';
import { hasJsonBody, readBody } from './util';

/** Addresses captured per call; the rest are answered as not captured. */
export const CATCH_MAX_SOURCES = 20;
/** Time for one address, redirects and body included. */
export const CATCH_TIMEOUT_MS = 5000;
/** Bytes one captured image may have. */
export const CATCH_MAX_BYTES = UEDITOR_CONFIG.catcherMaxSize;
/** Redirects followed for one address. */
export const CATCH_MAX_REDIRECTS = 3;
/** Addresses fetched at once: 20 addresses take at most 5 rounds of 5 s, under the 60 s wait. */
const CATCH_PARALLEL = 4;

interface Capture {
  source: string;
  state: string;
  url?: string;
}

/** An http(s) address (relative to `base` when given), or undefined. */
function remoteAddress(text: string, base?: URL): URL | undefined {
  try {
    const url = new URL(text.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

interface Downloaded {
  bytes: Uint8Array;
  url: URL;
}

/**
 * Fetches one remote address without credentials, each hop through `network` (which refuses an
 * address that is not public); the bytes, or the state saying why not.
 */
async function download(start: URL, network: RemoteFetch): Promise<Downloaded | string> {
  const signal = AbortSignal.timeout(CATCH_TIMEOUT_MS);
  try {
    let url = start;
    for (let redirects = 0; ; redirects += 1) {
      const response = await network.fetchHop(url, signal);
      const location = response.headers.get('location');
      if (FOLLOW_REDIRECTS_HERE && response.status >= 300 && response.status < 400 && location) {
        await discard(response);
        if (redirects >= CATCH_MAX_REDIRECTS) return mockMessages.catchTooManyRedirects;
        const next = remoteAddress(location, url);
        if (!next) return mockMessages.catchBadAddress;
        url = next;
        continue;
      }
      if (!response.ok) {
        await discard(response);
        return mockMessages.catchFailed;
      }
      const bytes = await readWithin(response, CATCH_MAX_BYTES);
      if (!bytes) return mockMessages.catchTooLarge(`${CATCH_MAX_BYTES / (1024 * 1024)} MB`);
      return { bytes, url: remoteAddress(response.url) ?? url };
    }
  } catch {
    return signal.aborted ? mockMessages.catchTimeout : mockMessages.catchFailed;
  }
}

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001F\u007F\\/]/g;

/** A captured image's name: the address's last segment, with the extension of its real type. */
function capturedName(url: URL, type: FileType): string {
  let last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  try {
    last = decodeURIComponent(last);
  } catch {
    // A malformed escape: the segment stays as written.
  }
  const base = last
    .replace(/\.[^.]*$/, '')
    .replace(UNSAFE_NAME_CHARACTERS, '')
    .slice(0, 80);
  return `${base || 'remote-image'}.${type.ext}`;
}

async function captureOne(source: unknown, network: RemoteFetch): Promise<Capture> {
  const text = typeof source === 'string' ? source : '';
  const address = remoteAddress(text);
  if (!address) return { source: text, state: mockMessages.catchBadAddress };
  // What the remote end did is told only where private addresses are allowed (tests).
  const failed = (state: string): Capture => ({
    source: text,
    state: network.allowPrivate ? state : mockMessages.catchUnavailable,
  });
  try {
    const fetched = await download(address, network);
    if (typeof fetched === 'string') return failed(fetched);
    const type = imageTypeOf(fetched.bytes);
    if (!type) return failed(mockMessages.catchNotImage(UPLOAD_TYPES.image));
    // Storing is the server's own matter (its space), not the remote end's: said as it is.
    const stored = await storeFile(fetched.bytes, capturedName(fetched.url, type), type.mime);
    if (typeof stored === 'string') return { source: text, state: stored };
    return { source: text, state: 'SUCCESS', url: stored.address };
  } catch {
    return failed(mockMessages.catchFailed);
  }
}

/** The addresses posted: `source[]` form fields (one per address), or a JSON `source` list. */
async function postedSources(request: Request): Promise<unknown[]> {
  const form = hasJsonBody(request)
    ? undefined
    : await request
        .clone()
        .formData()
        .catch(() => undefined);
  const listed = form ? [...form.getAll('source[]'), ...form.getAll('source')] : [];
  if (listed.length) return listed;
  const body = await readBody(request);
  const raw = body['source[]'] ?? body.source ?? [];
  return Array.isArray(raw) ? listOf(raw) : [raw];
}

/** The editor's answer to a capture: one entry per posted address, in the order posted. */
export interface CatchAnswer {
  state: string;
  list: Capture[];
}

/** Captures the posted addresses (spec: the editor's remote image capture); see the header. */
export async function catchImages(request: Request): Promise<CatchAnswer> {
  const sources = await postedSources(request);
  if (!sources.length) return { state: mockMessages.catchNoSource, list: [] };
  const network = remoteFetch();
  const taken = sources.slice(0, CATCH_MAX_SOURCES);
  const captured: Capture[] = [];
  let next = 0;
  const worker = async () => {
    while (next < taken.length) {
      const index = next;
      next += 1;
      captured[index] = await captureOne(taken[index], network);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CATCH_PARALLEL, taken.length) }, worker));
  const skipped = sources.slice(CATCH_MAX_SOURCES).map((source) => ({
    source: typeof source === 'string' ? source : '',
    state: mockMessages.catchTooMany(CATCH_MAX_SOURCES),
  }));
  return { state: 'SUCCESS', list: [...captured, ...skipped] };
}
