/**
 * Test harness for the mock backend: the real handlers under msw/node, a fresh database per
 * test, and small helpers to call it over fetch the way the app does (headers included).
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from '@/mocks/node';
import { resetMockDatabase } from '@/mocks/reset';

export const ORIGIN = 'http://localhost';

export function withMockServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => resetMockDatabase());
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

export interface Answer<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export interface CallOptions {
  token?: string;
  query?: Record<string, string | number>;
  body?: unknown;
}

export async function call<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const response = await send(method, path, options);
  return (await response.json()) as Answer<T>;
}

export async function send(
  method: 'GET' | 'POST',
  path: string,
  options: CallOptions = {},
): Promise<Response> {
  const url = new URL(path, ORIGIN);
  for (const [key, value] of Object.entries(options.query ?? {}))
    url.searchParams.set(key, String(value));
  const headers: Record<string, string> = {};
  if (options.token) headers['access-token'] = options.token;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(url, { method, headers, body });
}

/** Signs in the demo account through captcha + login; returns the token. */
export async function signIn(username = 'admin', password = 'Admin@123456'): Promise<string> {
  const captcha = await call<{ captcha_key: string }>('GET', '/api/captcha', {
    query: { r: Date.now() },
  });
  const login = await call<{ token: string }>('POST', '/api/login', {
    body: { username, password, captcha: '8888', captcha_key: captcha.data.captcha_key },
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.msg}`);
  return login.data.token;
}
