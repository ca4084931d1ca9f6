/**
 * The request client (spec sections 7 and 8).
 *
 * Two faces over one transport:
 * - `request<T>(config, options)` — the orval mutator used by every generated hook. Resolves
 *   with the envelope when its status is 1 or 200; otherwise shows the catalogue's message
 *   and throws `ApiError` carrying the envelope. Blob answers (export, importtemplate)
 *   resolve with the Blob.
 * - `http.get/post/blob(...)` — plain helpers that, as the spec says, return the envelope
 *   (also for 201/220/401/403/404/500, after showing the message) or the error object rather
 *   than throwing.
 *
 * @example
 *   const answer = await http.post<{ token: string }>('/api/login', form);
 *   if (isApiError(answer) || answer.status !== 200) return;
 */
import { send, type Answer, type RequestConfig, type RequestOptions } from './client';
import { ApiError, type Envelope } from './errors';
import { handleEnvelopeStatus } from './status';

export type { HttpMethod, RequestConfig, RequestOptions } from './client';
export { authHeaders, userTag } from './client';
export { ApiError, isApiError, type ApiErrorKind, type Envelope } from './errors';
export {
  configureRequest,
  getRequestConfig,
  resetRequestConfig,
  DEFAULT_TIMEOUT_MS,
} from '@/core/request-config';
export type { EncryptionConfig, RequestClientConfig } from '@/core/request-config';
export { base64ToBytes, bytesToBase64 } from '@/core/base64';
export { decryptText, encryptText } from '@/core/crypto';
export { setRequestNavigator, type RequestNavigator } from './navigator';
export {
  LOGIN_PATH,
  NO_PERMISSION_PATH,
  LOGIN_REDIRECT_DELAY_MS,
  TRANSPORT_ERROR_LIFE_MS,
} from './status';
export {
  uploadFile,
  uploadSlice,
  UPLOAD_CHUNK_SIZE,
  type UploadKind,
  type UploadResult,
  type SliceUploadOptions,
} from './upload';

/** orval reads these two type exports from the mutator module. */
export type ErrorType<TError> = ApiError<TError>;
export type BodyType<TBody> = TBody;

/**
 * `T` is the answer type orval reads from the contract for this call (the envelope, or a Blob for
 * a file answer); the transport cannot check it, so the answer is taken at the contract's word
 * (the mock backend validates its answers against the same contract).
 */
export async function request<T>(config: RequestConfig, options?: RequestOptions): Promise<T> {
  const answer = await send(config, options);
  if (answer.kind === 'blob') return answer.blob as T;
  const { envelope } = answer;
  if (handleEnvelopeStatus(envelope) === 'success') return envelope as T;
  throw new ApiError(envelope.msg, envelope, envelope.status, 'status');
}

/** One call for the helpers: the answer, or the transport failure as a value. */
async function answerOrError(
  config: RequestConfig,
  options?: RequestOptions,
): Promise<Answer | ApiError> {
  try {
    return await send(config, options);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

async function helper<T>(
  config: RequestConfig,
  options?: RequestOptions,
): Promise<Envelope<T> | ApiError> {
  const answer = await answerOrError(config, options);
  if (answer instanceof ApiError) return answer;
  if (answer.kind === 'blob')
    return new ApiError<Envelope>('unexpected blob', undefined, 0, 'parse');
  const { envelope } = answer;
  if (handleEnvelopeStatus(envelope) === 'rejected') {
    return new ApiError(envelope.msg, envelope, envelope.status, 'status');
  }
  // The caller names the data type it expects from this address (see request above).
  return envelope as Envelope<T>;
}

/** Plain helpers: never throw for a failed call; they return the envelope or the error. */
export const http = {
  get<T = unknown>(url: string, params?: Record<string, unknown>, options?: RequestOptions) {
    return helper<T>({ url, method: 'GET', params }, options);
  },
  post<T = unknown>(url: string, body?: unknown, options?: RequestOptions) {
    return helper<T>({ url, method: 'POST', data: body ?? {} }, options);
  },
  /** A file answer (export, import template); the error object when the server answers JSON. */
  async blob(
    url: string,
    params?: Record<string, unknown>,
    method: 'GET' | 'POST' = 'GET',
    options?: RequestOptions,
  ): Promise<Blob | ApiError> {
    const answer = await answerOrError(
      method === 'GET'
        ? { url, method, params, responseType: 'blob' }
        : { url, method, data: params ?? {}, responseType: 'blob' },
      options,
    );
    if (answer instanceof ApiError) return answer;
    if (answer.kind === 'blob') return answer.blob;
    handleEnvelopeStatus(answer.envelope);
    return new ApiError(answer.envelope.msg, answer.envelope, answer.envelope.status, 'status');
  },
};

export default request;
