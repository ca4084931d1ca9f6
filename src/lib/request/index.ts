/**
 * The request client: the single orval mutator every generated call goes through.
 *
 * Final signature (orval "custom instance" style):
 *   request<T>(config: RequestConfig, options?: RequestOptions): Promise<T>
 * where T is the operation's response envelope `{ status, msg, data }`.
 *
 * This is the minimal fetch-based implementation; the request-client issue completes its
 * behaviour (status catalogue, headers, encryption, timeout, toasts).
 */

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
}

/** The shared envelope every call answers with. */
export interface Envelope<TData = unknown> {
  status: number;
  msg: string;
  data?: TData;
}

/** Thrown (by hooks) when the envelope says the call failed; carries the envelope. */
export class ApiError<TEnvelope = Envelope> extends Error {
  constructor(
    message: string,
    readonly envelope: TEnvelope | undefined,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** orval reads these two type exports from the mutator module. */
export type ErrorType<TError> = ApiError<TError>;
export type BodyType<TBody> = TBody;

function buildUrl(url: string, params?: Record<string, unknown>): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

export async function request<T>(config: RequestConfig, options?: RequestOptions): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && config.data instanceof FormData;
  const response = await fetch(buildUrl(config.url, config.params), {
    method: config.method.toUpperCase(),
    headers: {
      ...(isForm || config.data === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...config.headers,
      ...options?.headers,
    },
    body: config.data === undefined ? undefined : isForm ? (config.data as FormData) : JSON.stringify(config.data),
    signal: config.signal,
  });
  if (config.responseType === 'blob') return (await response.blob()) as T;
  return (await response.json()) as T;
}

export default request;
