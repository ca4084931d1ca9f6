/**
 * Envelope helpers for every mock handler: the shared `{ status, msg, data }` shape.
 * The HTTP status is always 200; the envelope's `status` carries the outcome, as the
 * real server does (spec section 8).
 */
import { HttpResponse } from 'msw';

export const OK_MESSAGE = '操作成功';

/** Any envelope: `ok` and `fail` are its two common cases; a chunk answers status 1. */
export function envelope<T>(status: number, msg: string, data?: T) {
  return HttpResponse.json({ status, msg, data: data ?? null });
}

export function ok<T>(data?: T, msg: string = OK_MESSAGE) {
  return envelope(200, msg, data);
}

export function fail(status: number, msg: string) {
  return envelope(status, msg);
}
