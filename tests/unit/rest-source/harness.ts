/**
 * Shared set-up of the REST source tests: an msw server standing in for the source, the toasts
 * the user would see, and a petstore-like source description.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { setupServer } from 'msw/node';
import { onNotify, setNotifySink, type NotifyMessage } from '@/lib/notify';
import { resetRequestConfig } from '@/lib/request';
import type { SourceDescription } from '@/core/rest-source';

export const BASE = '/sources/petstore';

export const petstore: SourceDescription = {
  name: 'petstore',
  title: '宠物商店',
  basePath: BASE,
  serverPath: '/v3',
  errors: 'problem+json',
  auth: [],
};

export interface Pet extends Record<string, unknown> {
  id: number;
  name: string;
  status?: string;
}

export const server = setupServer();
const toasts: NotifyMessage[] = [];

/** The error toasts shown so far, as text. */
export const errorTexts = () => toasts.filter((t) => t.severity === 'error').map((t) => t.summary);

/** Registers the server and toast capture for the calling test file. */
export function setupSourceServer(): void {
  let stopNotify: () => void = () => undefined;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    toasts.length = 0;
    stopNotify = onNotify((message) => toasts.push(message));
    setNotifySink(() => undefined);
  });
  afterEach(() => {
    server.resetHandlers();
    stopNotify();
    resetRequestConfig();
    sessionStorage.clear();
  });
}

/** The rejection of `promise` (fails the test when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the call resolved');
}

/** The query parameters of a request, as a plain object. */
export const paramsOf = (request: Request) =>
  Object.fromEntries(new URL(request.url).searchParams.entries());
