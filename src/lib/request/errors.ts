/** Envelope and error types shared by the request client and its callers. */

/** The shared envelope every call answers with. */
export interface Envelope<TData = unknown> {
  status: number;
  msg: string;
  data?: TData;
}

/**
 * Why a call failed: `status` — the envelope's status is not a success; `http` — non-2xx
 * HTTP answer; `network` — no answer; `timeout` — no answer in time; `aborted` — cancelled
 * by the caller (no message shown); `parse` — the answer was not JSON.
 */
export type ApiErrorKind = 'status' | 'http' | 'network' | 'timeout' | 'aborted' | 'parse';

/** Thrown (by hooks) when the envelope says the call failed; carries the envelope. */
export class ApiError<TEnvelope = Envelope> extends Error {
  constructor(
    message: string,
    readonly envelope: TEnvelope | undefined,
    /** Envelope status for `status`, HTTP status for `http`, 0 otherwise. */
    readonly status: number,
    readonly kind: ApiErrorKind = 'status',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
