/**
 * The request client's transport for calls that show how far their bytes have travelled.
 *
 * fetch reports no upload progress at all, so a call that asks for progress goes over
 * XMLHttpRequest, which reports both directions: `upload` progress events while the body is
 * sent, and progress events (with the total when the server sent Content-Length) while the
 * answer arrives. Everything else is the client's (./client `send`): the same address
 * (`buildUrl`), the same headers (access-token, user-tag — encrypted when encryption is on —
 * plus the caller's), the same timeout, the same failures as `ApiError` with the same
 * messages (shown unless `quiet`), 401 → session cleared and the login page, the envelope
 * decrypted with `decodeEnvelope` and reported to the rights watcher.
 *
 * A call without a progress listener, a call with a JSON body, and every call where there is
 * no XMLHttpRequest (Node: the CLI, the node-environment tests) is `send()` itself: one
 * implementation of the wire format wherever progress is not needed.
 *
 * A browser reports no upload progress for a request a service worker answers (the demo's
 * mock backend): the listener then hears nothing until the answer, and callers show an
 * indeterminate state rather than a percentage that does not move.
 */
import { encryptText } from '@/core/crypto';
import { getRequestConfig } from '@/core/request-config';
import { requestMessages } from '@/locale/request';
import {
  authHeaders,
  buildUrl,
  decodeEnvelope,
  send,
  type Answer,
  type RequestConfig,
  type RequestOptions,
} from './client';
import { ApiError, type ApiErrorKind, type Envelope } from './errors';
import { noteAnswer } from './rights';
import { expireLogin, handleEnvelopeStatus, httpStatusMessage, showTransportError } from './status';

export interface TransferListeners {
  /** Bytes of the request body handed to the network so far, of `total`. */
  onUploadProgress?: (loaded: number, total: number) => void;
  /** Bytes of the answer received so far; `total` only when the server announced its size. */
  onDownloadProgress?: (loaded: number, total: number | undefined) => void;
}

export type TransferOptions = RequestOptions & TransferListeners;

function isFormData(value: unknown): value is FormData {
  return typeof FormData !== 'undefined' && value instanceof FormData;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    typeof value.status === 'number'
  );
}

/**
 * Query parameters as they go on the wire. With encryption on they travel sealed as one
 * `paramsData` — the rule of ./client's `encryptedParts`, which keeps it private; the unit test
 * "seals query parameters as send() does" holds the two to the same bytes.
 */
async function wireParams(
  params: Record<string, unknown> | undefined,
): Promise<Record<string, unknown> | undefined> {
  const { encryption } = getRequestConfig();
  if (!encryption || !params || Object.keys(params).length === 0) return params;
  return { paramsData: await encryptText(JSON.stringify(params), encryption) };
}

/** The headers of one call: the client's defaults and auth headers, then the caller's. */
async function headersFor(
  config: RequestConfig,
  options: TransferOptions,
): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    Accept: 'application/json, */*',
    ...(await authHeaders()),
    ...config.headers,
    ...options.headers,
  };
  // A multipart body's Content-Type needs the boundary only XMLHttpRequest knows (the
  // generated multipart calls pass a bare `multipart/form-data`).
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === 'content-type') delete headers[name];
  }
  return headers;
}

/** The answer's text: the body itself, or (a blob call answered with JSON) the blob read. */
async function answerText(xhr: XMLHttpRequest): Promise<string | undefined> {
  if (xhr.responseType !== 'blob') return xhr.responseText;
  const body: unknown = xhr.response;
  return body instanceof Blob ? body.text() : undefined;
}

/**
 * One call, like `send()`, with progress listeners. Resolves with the envelope or the blob;
 * throws `ApiError` for transport failures (shown unless `quiet`, never for a cancel).
 */
export async function sendWithProgress(
  config: RequestConfig,
  options: TransferOptions = {},
): Promise<Answer> {
  const wantsProgress = Boolean(options.onUploadProgress || options.onDownloadProgress);
  const bodyFits = config.data === undefined || isFormData(config.data);
  if (!wantsProgress || !bodyFits || typeof XMLHttpRequest === 'undefined') {
    return send(config, options);
  }
  const { signal } = config;
  const aborted = () => new ApiError<Envelope>('aborted', undefined, 0, 'aborted');
  if (signal?.aborted) throw aborted();

  const method = config.method.toUpperCase();
  const url = buildUrl(config.url, await wireParams(config.params));
  const headers = await headersFor(config, options);
  const failure = (message: string, status: number, kind: ApiErrorKind) => {
    if (!options.quiet) showTransportError(message);
    return new ApiError<Envelope>(message, undefined, status, kind);
  };

  const xhr = new XMLHttpRequest();
  const outcome = await new Promise<'load' | ApiError>((resolve) => {
    const cancel = () => xhr.abort();
    const settle = (outcome: 'load' | ApiError) => {
      signal?.removeEventListener('abort', cancel);
      resolve(outcome);
    };
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.timeout = options.timeoutMs ?? getRequestConfig().timeoutMs;
    xhr.responseType = config.responseType === 'blob' ? 'blob' : 'text';
    const { onUploadProgress, onDownloadProgress } = options;
    if (onUploadProgress) {
      xhr.upload.addEventListener('progress', (event) =>
        onUploadProgress(event.loaded, event.lengthComputable ? event.total : event.loaded),
      );
    }
    if (onDownloadProgress) {
      xhr.addEventListener('progress', (event) =>
        onDownloadProgress(
          event.loaded,
          event.lengthComputable && event.total > 0 ? event.total : undefined,
        ),
      );
    }
    xhr.addEventListener('load', () => settle('load'));
    xhr.addEventListener('error', () =>
      settle(failure(requestMessages.networkError, 0, 'network')),
    );
    xhr.addEventListener('timeout', () => settle(failure(requestMessages.timeout, 0, 'timeout')));
    // Only the caller's signal aborts this request: a cancel, never shown.
    xhr.addEventListener('abort', () => settle(aborted()));
    signal?.addEventListener('abort', cancel, { once: true });
    xhr.send(isFormData(config.data) ? config.data : null);
  });
  if (outcome instanceof ApiError) throw outcome;

  const { status } = xhr;
  if (status < 200 || status >= 300) {
    if (status === 401) {
      expireLogin();
      throw new ApiError<Envelope>(requestMessages.loginExpired, undefined, 401, 'http');
    }
    throw failure(httpStatusMessage(status), status, 'http');
  }
  if (config.responseType === 'blob') {
    const body: unknown = xhr.response;
    const type = xhr.getResponseHeader('content-type') ?? '';
    if (body instanceof Blob && !type.includes('json')) return { kind: 'blob', blob: body };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse((await answerText(xhr)) ?? '');
  } catch {
    throw failure(requestMessages.networkError, status, 'parse');
  }
  if (!isEnvelope(parsed)) throw failure(requestMessages.networkError, status, 'parse');
  const envelope = await decodeEnvelope(parsed);
  noteAnswer(method, config.url, envelope.status);
  return { kind: 'envelope', envelope };
}

/**
 * The orval mutator's contract (./index `request`) over `sendWithProgress`: resolves with a
 * successful envelope (or the blob of a file answer); otherwise shows the status catalogue's
 * message and throws `ApiError` carrying the envelope.
 */
export async function requestWithProgress(
  config: RequestConfig,
  options: TransferOptions = {},
): Promise<Envelope | Blob> {
  const answer = await sendWithProgress(config, options);
  if (answer.kind === 'blob') return answer.blob;
  const { envelope } = answer;
  if (handleEnvelopeStatus(envelope) === 'success') return envelope;
  throw new ApiError(envelope.msg, envelope, envelope.status, 'status');
}
