/**
 * The transport: one fetch with the spec's headers, optional encryption, timeout, and the
 * mapping of transport failures to `ApiError` (shown for 5 s). Status handling is the
 * caller's (the mutator throws, the helpers return).
 */
import { getToken, getUsername } from '@/lib/session';
import { isRecord, textOf } from '@/core/guards';
import { requestMessages } from '@/locale/request';
import { utf8ToBase64 } from '@/core/base64';
import { decryptText, encryptText } from '@/core/crypto';
import { getRequestConfig, type EncryptionConfig } from '@/core/request-config';
import { ApiError, type ApiErrorKind, type Envelope } from './errors';
import { expireLogin, httpStatusMessage, showTransportError } from './status';
import { noteAnswer } from './rights';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestConfig {
  url: string;
  method: HttpMethod | Lowercase<HttpMethod>;
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  responseType?: 'json' | 'blob';
}

export interface RequestOptions {
  /** Extra headers merged over the defaults. */
  headers?: Record<string, string>;
  /** Overrides the configured timeout for this call. */
  timeoutMs?: number;
  /** Transport failures are thrown without the toast: the caller shows its own message. */
  quiet?: boolean;
}

export type Answer = { kind: 'envelope'; envelope: Envelope } | { kind: 'blob'; blob: Blob };

export function buildUrl(url: string, params?: Record<string, unknown>): string {
  const base = getRequestConfig().baseUrl;
  const full = base && url.startsWith('/') ? `${base.replace(/\/$/, '')}${url}` : url;
  if (!params) return full;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(key, typeof value === 'object' ? JSON.stringify(value) : textOf(value));
  }
  const query = search.toString();
  return query ? `${full}${full.includes('?') ? '&' : '?'}${query}` : full;
}

/** The user-tag header without encryption: base64 of the name's UTF-8 bytes (header-safe). */
function plainUserTag(username: string): string {
  return username ? utf8ToBase64(username) : '';
}

/**
 * The user-tag header: the username encrypted with the configured key when encryption is
 * configured, otherwise base64 of its UTF-8 bytes (the spec calls it "encrypted" without
 * naming a scheme; base64 keeps it header-safe for Chinese names).
 */
export async function userTag(username = getUsername()): Promise<string> {
  const encryption = getRequestConfig().encryption;
  return encryption && username ? encryptText(username, encryption) : plainUserTag(username);
}

/** The headers every call carries (spec section 7), given its user-tag. */
function authHeadersWith(tag: string): Record<string, string> {
  return { 'access-token': getToken(), 'user-tag': tag };
}

/** The headers every call carries (spec section 7). */
export async function authHeaders(): Promise<Record<string, string>> {
  return authHeadersWith(await userTag());
}

function isFormData(value: unknown): value is FormData {
  return typeof FormData !== 'undefined' && value instanceof FormData;
}

/** A call's body before encryption: files and forms as they are, anything else as JSON. */
function plainBody(data: unknown): BodyInit | undefined {
  if (data === undefined) return undefined;
  if (isFormData(data) || (typeof Blob !== 'undefined' && data instanceof Blob)) return data;
  return JSON.stringify(data);
}

/** What a call puts on the wire besides its URL path and headers of its own. */
interface WireParts {
  body: BodyInit | undefined;
  params: Record<string, unknown> | undefined;
  userTag: string;
}

function plainParts(config: RequestConfig): WireParts {
  return {
    body: plainBody(config.data),
    params: config.params,
    userTag: plainUserTag(getUsername()),
  };
}

/** With encryption on, JSON bodies and query parameters travel as `paramsData`. */
async function encryptedParts(
  config: RequestConfig,
  encryption: EncryptionConfig,
): Promise<WireParts> {
  const body = plainBody(config.data);
  const { params } = config;
  return {
    body:
      typeof body === 'string'
        ? JSON.stringify({ paramsData: await encryptText(body, encryption) })
        : body,
    params:
      params && Object.keys(params).length > 0
        ? { paramsData: await encryptText(JSON.stringify(params), encryption) }
        : params,
    userTag: await userTag(),
  };
}

/** With encryption on, a string `data` of a successful answer is decrypted and parsed. */
export async function decodeEnvelope(envelope: Envelope): Promise<Envelope> {
  const encryption = getRequestConfig().encryption;
  if (
    !encryption ||
    typeof envelope.data !== 'string' ||
    (envelope.status !== 1 && envelope.status !== 200)
  ) {
    return envelope;
  }
  let plain: string;
  try {
    plain = await decryptText(envelope.data, encryption);
  } catch {
    // Not every string answer is encrypted (e.g. a plain address); keep it as sent.
    return envelope;
  }
  try {
    const data: unknown = JSON.parse(plain);
    return { ...envelope, data };
  } catch {
    return { ...envelope, data: plain };
  }
}

function isEnvelope(value: unknown): value is Envelope {
  return isRecord(value) && typeof value.status === 'number';
}

/** The headers of one call: defaults, then each given set; a multipart body drops Content-Type. */
function requestHeaders(
  body: BodyInit | undefined,
  ...given: (Record<string, string> | undefined)[]
): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json, */*',
    ...(typeof body === 'string' ? { 'Content-Type': 'application/json' } : {}),
  };
  for (const part of given) Object.assign(headers, part);
  // The generated multipart calls pass `Content-Type: multipart/form-data`; only fetch knows
  // the boundary that header needs, so it is left to fetch.
  if (isFormData(body)) {
    for (const name of Object.keys(headers)) {
      if (name.toLowerCase() === 'content-type') delete headers[name];
    }
  }
  return headers;
}

/** One call on the wire. Throws `ApiError` for transport failures (shown unless `quiet`). */
export async function send(config: RequestConfig, options?: RequestOptions): Promise<Answer> {
  const method = config.method.toUpperCase();
  const { encryption, timeoutMs: configuredTimeoutMs } = getRequestConfig();
  // Without encryption nothing is awaited before fetch, so the request leaves within the event
  // that made it; an await would queue it behind the render React schedules for that event
  // (tens of milliseconds when a list grows to 50 rows).
  const {
    body,
    params,
    userTag: tag,
  } = encryption ? await encryptedParts(config, encryption) : plainParts(config);
  const headers = requestHeaders(body, authHeadersWith(tag), config.headers, options?.headers);
  const transportFailure = (message: string, status: number, kind: ApiErrorKind) => {
    if (!options?.quiet) showTransportError(message);
    return new ApiError<Envelope>(message, undefined, status, kind);
  };
  const url = buildUrl(config.url, params);
  const timeoutMs = options?.timeoutMs ?? configuredTimeoutMs;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  config.signal?.addEventListener('abort', forwardAbort, { once: true });
  if (config.signal?.aborted) controller.abort();

  try {
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, signal: controller.signal });
    } catch {
      if (timedOut) throw transportFailure(requestMessages.timeout, 0, 'timeout');
      if (config.signal?.aborted) throw new ApiError<Envelope>('aborted', undefined, 0, 'aborted');
      throw transportFailure(requestMessages.networkError, 0, 'network');
    }
    if (!response.ok) {
      if (response.status === 401) {
        expireLogin();
        throw new ApiError<Envelope>(requestMessages.loginExpired, undefined, 401, 'http');
      }
      throw transportFailure(httpStatusMessage(response.status), response.status, 'http');
    }
    const contentType = response.headers.get('content-type') ?? '';
    if (config.responseType === 'blob' && !contentType.includes('json')) {
      return { kind: 'blob', blob: await response.blob() };
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      throw transportFailure(requestMessages.networkError, response.status, 'parse');
    }
    if (!isEnvelope(parsed))
      throw transportFailure(requestMessages.networkError, response.status, 'parse');
    const envelope = await decodeEnvelope(parsed);
    noteAnswer(method, config.url, envelope.status);
    return { kind: 'envelope', envelope };
  } finally {
    clearTimeout(timer);
    config.signal?.removeEventListener('abort', forwardAbort);
  }
}
