/**
 * Administrators to sign in to the mock's message socket as, when a test needs more connections
 * than one user may hold (src/mocks/socket `SOCKETS_PER_USER`).
 */
import { isRecord } from '@/core/guards';
import { DEMO_PASSWORD, signInOverHttp } from './http-mock';

/**
 * Adds `count` administrators through the API (as `adminToken`) and signs each in: their tokens.
 * Their names are new on every call, so a file may call it more than once.
 */
export async function addAdministrators(
  url: string,
  adminToken: string,
  count: number,
): Promise<string[]> {
  const batch = Math.random().toString(36).slice(2, 8);
  const tokens: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const username = `ws${batch}${index}`;
    const response = await fetch(`${url}/api/adminuser/add`, {
      method: 'POST',
      headers: { 'access-token': adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        nickname: `连接测试${index}`,
        department_id: 2,
        role_id: 2,
        password: DEMO_PASSWORD,
      }),
    });
    const answer: unknown = await response.json();
    if (!isRecord(answer) || answer.status !== 200)
      throw new Error(`${username} could not be added: ${JSON.stringify(answer)}`);
    tokens.push(await signInOverHttp(url, username));
  }
  return tokens;
}

/**
 * `within(promise, what)`: the promise, or a failure naming what did not come within `ms` (a
 * socket that never answers must fail the test, not hang it).
 */
export function deadlineOf(ms: number) {
  return function within<T>(promise: Promise<T>, what: string): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
    });
    return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
  };
}
