/**
 * Envelope helpers for every mock handler: the shared `{ status, msg, data }` shape.
 * The HTTP status is always 200; the envelope's `status` carries the outcome, as the
 * real server does (spec section 8).
 */
import { HttpResponse } from 'msw';

export const OK_MESSAGE = '操作成功';

export function ok<T>(data?: T, msg: string = OK_MESSAGE) {
  return HttpResponse.json({ status: 200, msg, data: data ?? null });
}

export function fail(status: number, msg: string) {
  return HttpResponse.json({ status, msg, data: null });
}
