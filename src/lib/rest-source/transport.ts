/**
 * One call to an imported source: plain `fetch`, JSON in and out, the source's credential, the
 * app's configured timeout. Not the envelope client: that one reads every answer as
 * `{status, msg, data}`, while a REST source answers by HTTP status. Every failure leaves here as
 * an `ApiError` whose message has been shown.
 */
import { isRecord } from '@/core/guards';
import type { RestMethod, SourceDescription } from '@/core/rest-source';
import type { ModuleRecord } from '@/core/module';
import { ApiError, getRequestConfig, type Envelope } from '@/lib/request';
import { restSourceMessages as t } from '@/locale/rest-source';
import { applyCredential, clearSourceCredential } from './credentials';
import { askSourceSignIn } from './sign-in';
import { httpFailure, sourceFailure } from './errors';
import { joinUrl, sourceBaseUrl } from './url';

export interface RestRequest {
  method: RestMethod;
  /** The call's path, placeholders already filled. */
  path: string;
  query?: URLSearchParams;
  /** Sent as JSON, or as it is when it is a file or form (a typed hook's upload). */
  body?: unknown;
  /** The JSON body's declared media type (`application/merge-patch+json`); plain JSON if absent. */
  contentType?: string;
  /** The caller's cancel (react-query's, for a typed hook). */
  signal?: AbortSignal;
}

/** A successful answer; `json` absent when the body was empty or not JSON. */
export interface RestAnswer {
  status: number;
  headers: Headers;
  json?: { value: unknown };
}

/** The record without its `undefined` fields (a form's untouched optional inputs). */
function withoutUndefined(record: ModuleRecord): ModuleRecord {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

function parseJson(text: string): { value: unknown } | undefined {
  if (!text.trim()) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return { value };
  } catch {
    return undefined;
  }
}

/** Sends one call; resolves with a 2xx answer, throws a shown `ApiError` otherwise. */
export async function sendRest(
  source: SourceDescription,
  request: RestRequest,
): Promise<RestAnswer> {
  const query = new URLSearchParams(request.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  applyCredential(source, headers, query);
  let body: BodyInit | undefined;
  if (request.body instanceof Blob || request.body instanceof FormData) {
    body = request.body;
    if (request.body instanceof Blob)
      headers['Content-Type'] = request.body.type || 'application/octet-stream';
  } else if (request.body !== undefined && request.body !== null) {
    body = JSON.stringify(isRecord(request.body) ? withoutUndefined(request.body) : request.body);
    headers['Content-Type'] = request.contentType ?? 'application/json';
  }
  const url = joinUrl(sourceBaseUrl(source), request.path, query);

  // As the envelope client does: an AbortController and a timer, so a timeout is told apart
  // from a network failure (the abort reason is not reliable across fetch implementations).
  const controller = new AbortController();
  request.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, getRequestConfig().timeoutMs);
  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: request.method,
        headers,
        body,
        signal: controller.signal,
      });
      text = await response.text();
    } catch {
      if (timedOut) throw sourceFailure(t.timeout(source.title), 0, 'timeout');
      // Cancelled by its caller (a screen left): nothing to tell the user.
      if (request.signal?.aborted) throw new ApiError<Envelope>('aborted', undefined, 0, 'aborted');
      throw sourceFailure(t.networkError(source.title), 0, 'network');
    }
    if (!response.ok) {
      // The stored credential is refused (expired, revoked, wrong): drop it so the next call
      // asks the user again instead of repeating the refusal.
      if (response.status === 401 && source.auth.length > 0) {
        clearSourceCredential(source.name);
        // The sign-in dialog says what is needed; a toast saying it too would only cover it.
        askSourceSignIn(source);
        throw new ApiError<Envelope>(t.signInRequired(source.title), undefined, 401, 'http');
      }
      throw httpFailure(source, response.status, text, response.headers.get('content-type') ?? '');
    }
    return { status: response.status, headers: response.headers, json: parseJson(text) };
  } finally {
    clearTimeout(timer);
  }
}

/** The JSON of an answer the call cannot do without (list, info); a shown `ApiError` otherwise. */
export function requireJson(source: SourceDescription, answer: RestAnswer): unknown {
  if (!answer.json) throw sourceFailure(t.unreadable(source.title), answer.status, 'parse');
  return answer.json.value;
}
