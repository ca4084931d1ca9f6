/**
 * The mock backend over real HTTP for a test file (what `cli mock-server` serves): a fresh
 * database and a server on a free loopback port, and signing in to it as an API client does (the
 * login call with the demo captcha answer, which the mock always accepts).
 */
import { afterAll, beforeAll } from 'vitest';
import { isRecord } from '@/core/guards';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { resetMockDatabase } from '@/mocks/reset';

/** Starts the server before the file's tests (on a fresh database) and stops it after them. */
export function withHttpMockServer(): { url: () => string } {
  let server: RunningMockServer | undefined;
  beforeAll(async () => {
    resetMockDatabase();
    server = await startMockServer({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    url: () => {
      if (!server) throw new Error('the mock server has not started');
      return server.url;
    },
  };
}

/** Every seeded administrator has the demo password. */
export const DEMO_PASSWORD = 'Admin@123456';

/** The session token of `username` on the server at `url`; an error saying why when refused. */
export async function signInOverHttp(
  url: string,
  username = 'admin',
  password = DEMO_PASSWORD,
): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captcha: '8888', captcha_key: 'k' }),
  });
  const answer: unknown = await response.json();
  const data = isRecord(answer) ? answer.data : undefined;
  const token = isRecord(data) ? data.token : undefined;
  if (!isRecord(answer) || answer.status !== 200 || typeof token !== 'string')
    throw new Error(
      `${username} cannot sign in: ${isRecord(answer) ? String(answer.msg) : `HTTP ${response.status}`}`,
    );
  return token;
}
