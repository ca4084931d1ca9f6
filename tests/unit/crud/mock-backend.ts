/**
 * The CRUD block tests' backend: the app's own mock handlers under msw/node — the ones the
 * browser and the e2e server run, contract validation included — with a fresh database per
 * test and the demo administrator signed in through them, as the login screen would. The
 * blocks are driven with the generated module definitions, so a test goes through the same
 * generated calls, request client and handlers as the screen.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from '@/mocks/node';
import { resetMockDatabase } from '@/mocks/reset';
import { setAccessRoutes } from '@/lib/permissions';
import { startSession } from '@/lib/session';
import type { LoginResult } from '@generated/api/model/loginResult';
import type { ModuleDefinition } from '@/components/crud';
import { call } from '../mocks/harness';

export { server };

/** One request the server answered: its path and query parameters. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
}

/**
 * Starts the mock backend around each test of the file and signs in; `requests(path)` lists
 * what the blocks asked of one path (the query a list or export was sent with).
 */
export function withMockBackend() {
  const seen: SeenRequest[] = [];
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(async () => {
    resetMockDatabase();
    const captcha = await call<{ captcha_key: string }>('GET', '/api/captcha');
    const login = await call<LoginResult>('POST', '/api/login', {
      body: {
        username: 'admin',
        password: 'Admin@123456',
        captcha: '8888',
        captcha_key: captcha.data.captcha_key,
      },
    });
    startSession(login.data);
    seen.length = 0;
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      seen.push({
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
      });
    });
  });
  afterEach(() => {
    server.events.removeAllListeners();
    server.resetHandlers();
    sessionStorage.clear();
  });
  afterAll(() => server.close());
  return {
    requests: (path: string) => seen.filter((request) => request.path === path),
  };
}

/**
 * Loads the action guard's access routes as the layout would for a user whose menu opens the
 * module's screen with every action of the module (its route `operate`).
 */
export function permitAllActions(module: Pick<ModuleDefinition, 'route' | 'capabilities'>): void {
  setAccessRoutes({ [module.route]: module.capabilities.filter((c) => c !== 'list') });
}
