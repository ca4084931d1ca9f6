/**
 * A source's credential: stored per tab, carried as the source's first auth scheme says, and
 * dropped when the source answers 401 (with the sign-in message).
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { SourceAuth, SourceDescription } from '@/core/rest-source';
import {
  clearSourceCredential,
  getSourceCredential,
  onSourceSignIn,
  restModule,
  setSourceCredential,
} from '@/lib/rest-source';
import { clearSession } from '@/lib/session';
import {
  BASE,
  errorTexts,
  petstore,
  rejectionOf,
  server,
  setupSourceServer,
  type Pet,
} from './harness';

setupSourceServer();

interface Seen {
  authorization: string | null;
  apiKey: string | null;
  query: string;
}

function infoWith(auth: SourceAuth[]) {
  const source: SourceDescription = { ...petstore, auth };
  const { api } = restModule<Pet>(source, { info: { method: 'GET', path: '/pet/{petId}' } }, 'id');
  return () => api.info?.(7) ?? Promise.reject(new Error('no info'));
}

function answer(status = 200) {
  const seen: Seen[] = [];
  server.use(
    http.get(`${BASE}/pet/7`, ({ request }) => {
      seen.push({
        authorization: request.headers.get('authorization'),
        apiKey: request.headers.get('x-api-key'),
        query: new URL(request.url).search,
      });
      return status === 200
        ? HttpResponse.json({ id: 7, name: '旺财' })
        : HttpResponse.json({ detail: 'token expired' }, { status });
    }),
  );
  return seen;
}

describe('credential store', () => {
  it('keeps one credential per source in this tab', () => {
    setSourceCredential('petstore', 'tok');
    expect(getSourceCredential('petstore')).toBe('tok');
    expect(sessionStorage.getItem('source-credential:petstore')).toBe('tok');
    expect(getSourceCredential('github')).toBeUndefined();
    clearSourceCredential('petstore');
    expect(getSourceCredential('petstore')).toBeUndefined();
  });
});

describe('the credential on the wire', () => {
  it.each<[string, SourceAuth[], string, Partial<Seen>]>([
    ['bearer', [{ scheme: 'bearer', type: 'bearer' }], 'tok-1', { authorization: 'Bearer tok-1' }],
    [
      'basic (UTF-8)',
      [{ scheme: 'basic', type: 'basic' }],
      '张三:密码',
      { authorization: `Basic ${Buffer.from('张三:密码').toString('base64')}` },
    ],
    [
      'apiKey header',
      [{ scheme: 'key', type: 'apiKey', in: 'header', name: 'X-API-Key' }],
      'k-1',
      { apiKey: 'k-1', authorization: null },
    ],
    [
      'apiKey query',
      [{ scheme: 'key', type: 'apiKey', in: 'query', name: 'api_key' }],
      'k 2',
      { query: '?api_key=k+2', authorization: null },
    ],
    [
      'the first scheme only',
      [
        { scheme: 'bearer', type: 'bearer' },
        { scheme: 'key', type: 'apiKey', in: 'header', name: 'X-API-Key' },
      ],
      'tok-3',
      { authorization: 'Bearer tok-3', apiKey: null },
    ],
  ])('%s', async (_name, auth, credential, expected) => {
    const seen = answer();
    setSourceCredential('petstore', credential);
    await infoWith(auth)();
    expect(seen).toEqual([expect.objectContaining(expected)]);
  });

  it('without a stored credential the call goes out bare', async () => {
    const seen = answer();
    await infoWith([{ scheme: 'bearer', type: 'bearer' }])();
    expect(seen).toEqual([{ authorization: null, apiKey: null, query: '' }]);
  });

  it('a 401 drops the stored credential and opens the source’s sign-in, without a toast', async () => {
    answer(401);
    setSourceCredential('petstore', 'stale');
    const asked: string[] = [];
    const stop = onSourceSignIn((source) => asked.push(source.title));
    const error = await rejectionOf(infoWith([{ scheme: 'bearer', type: 'bearer' }])());
    stop();
    expect(error).toMatchObject({ kind: 'http', status: 401 });
    expect(getSourceCredential('petstore')).toBeUndefined();
    expect(asked).toEqual(['宠物商店']);
    // The dialog says it; a toast saying it too would only cover it.
    expect(errorTexts()).toEqual([]);
  });

  it('a 401 from a source with no scheme to sign in with is shown as a message', async () => {
    answer(401);
    const error = await rejectionOf(infoWith([])());
    expect(error).toMatchObject({ kind: 'http', status: 401 });
    expect(errorTexts()).toEqual(['需要登录「宠物商店」后才能继续']);
  });

  it('signing out of the back-office forgets every source’s credential', () => {
    setSourceCredential('petstore', 'key-1');
    setSourceCredential('library', 'token-2');
    sessionStorage.setItem('unrelated', 'kept');
    clearSession();
    expect(getSourceCredential('petstore')).toBeUndefined();
    expect(getSourceCredential('library')).toBeUndefined();
    expect(sessionStorage.getItem('unrelated')).toBe('kept');
  });
});
