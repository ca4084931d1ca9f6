/**
 * An OAuth2 source's sign-in (issue 50 item 6): the token exchange posts the RFC 6749 form to
 * the token URL (a relative one under the source's base), answers a refusal or a failure in
 * Chinese, and the token then rides on the source's calls as Bearer until a 401 drops it and
 * asks for sign-in again.
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { OAuthSourceAuth, SourceDescription } from '@/core/rest-source';
import {
  getSourceCredential,
  onSourceSignIn,
  restModule,
  setSourceCredential,
} from '@/lib/rest-source';
import { requestAccessToken, tokenUrlOf } from '@/lib/rest-source/oauth-token';
import { BASE, petstore, rejectionOf, server, setupSourceServer, type Pet } from './harness';

setupSourceServer();

const clientCredentials: OAuthSourceAuth = {
  scheme: 'auth',
  type: 'oauth2',
  flow: 'clientCredentials',
  tokenUrl: '/oauth/token',
  scopes: ['pets:read', 'pets:write'],
};
const passwordFlow: OAuthSourceAuth = { ...clientCredentials, flow: 'password', scopes: [] };
const source = (scheme: OAuthSourceAuth): SourceDescription => ({ ...petstore, auth: [scheme] });

interface Seen {
  contentType: string | null;
  authorization: string | null;
  form: Record<string, string>;
}

/** The token URL answering `status` with `body`; what it received is kept. */
function tokenUrl(status: number, body: JsonBodyType) {
  const seen: Seen[] = [];
  server.use(
    http.post(`${BASE}/oauth/token`, async ({ request }) => {
      seen.push({
        contentType: request.headers.get('content-type'),
        authorization: request.headers.get('authorization'),
        form: Object.fromEntries(new URLSearchParams(await request.text())),
      });
      return HttpResponse.json(body, { status });
    }),
  );
  return seen;
}

describe('where the token is asked for', () => {
  it('a relative token URL lies under the source base, an absolute one is used as is', () => {
    expect(tokenUrlOf(petstore, '/oauth/token')).toBe('/sources/petstore/oauth/token');
    expect(tokenUrlOf(petstore, 'oauth/token')).toBe('/sources/petstore/oauth/token');
    expect(
      tokenUrlOf(petstore, '/oauth/token', {
        VITE_SOURCE_PETSTORE_URL: 'https://api.example.com/v3/',
      }),
    ).toBe('https://api.example.com/v3/oauth/token');
    expect(tokenUrlOf(petstore, 'https://auth.example.com/token')).toBe(
      'https://auth.example.com/token',
    );
  });
});

describe('the token exchange', () => {
  it('client credentials: a form with the grant and the scopes, the client in a Basic header', async () => {
    const seen = tokenUrl(200, { access_token: 'tok-1', token_type: 'bearer', expires_in: 3600 });
    const answer = await requestAccessToken(source(clientCredentials), clientCredentials, {
      clientId: 'demo-client',
      clientSecret: 'demo secret',
    });
    expect(answer).toEqual({ ok: true, accessToken: 'tok-1' });
    expect(seen).toEqual([
      {
        contentType: 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('demo-client:demo+secret').toString('base64')}`,
        form: { grant_type: 'client_credentials', scope: 'pets:read pets:write' },
      },
    ]);
  });

  it('password flow with a public client: user, password and client_id in the form', async () => {
    const seen = tokenUrl(200, { access_token: 'tok-2', token_type: 'Bearer' });
    const answer = await requestAccessToken(source(passwordFlow), passwordFlow, {
      clientId: 'app',
      clientSecret: '',
      username: '张三',
      password: 'p&ss=1',
    });
    expect(answer).toEqual({ ok: true, accessToken: 'tok-2' });
    expect(seen[0]?.authorization).toBeNull();
    expect(seen[0]?.form).toEqual({
      grant_type: 'password',
      username: '张三',
      password: 'p&ss=1',
      client_id: 'app',
    });
  });

  it.each<[string, OAuthSourceAuth, number, JsonBodyType, string]>([
    [
      'invalid_client',
      clientCredentials,
      401,
      { error: 'invalid_client' },
      '客户端 ID 或客户端密钥错误，请检查后重试',
    ],
    ['a bare 401', clientCredentials, 401, {}, '客户端 ID 或客户端密钥错误，请检查后重试'],
    [
      'invalid_grant (password)',
      passwordFlow,
      400,
      { error: 'invalid_grant' },
      '用户名或密码错误，请检查后重试',
    ],
    [
      'another refusal, with its description',
      clientCredentials,
      400,
      { error: 'invalid_scope', error_description: 'scope pets:write is not granted' },
      '「宠物商店」拒绝了登录：scope pets:write is not granted',
    ],
    [
      'a 200 without a token',
      clientCredentials,
      200,
      { token_type: 'bearer' },
      '「宠物商店」的登录地址没有返回可用的访问令牌',
    ],
    [
      'a token of another type',
      clientCredentials,
      200,
      { access_token: 'x', token_type: 'mac' },
      '「宠物商店」的登录地址没有返回可用的访问令牌',
    ],
  ])('%s → the Chinese message', async (_what, scheme, status, body, message) => {
    tokenUrl(status, body);
    const answer = await requestAccessToken(source(scheme), scheme, {
      clientId: 'demo-client',
      clientSecret: 'wrong',
      username: 'demo',
      password: 'wrong',
    });
    expect(answer).toEqual({ ok: false, message });
  });

  it('a network failure → the Chinese message, nothing stored', async () => {
    server.use(http.post(`${BASE}/oauth/token`, () => HttpResponse.error()));
    const answer = await requestAccessToken(source(clientCredentials), clientCredentials, {
      clientId: 'demo-client',
      clientSecret: 'demo-secret',
    });
    expect(answer).toEqual({
      ok: false,
      message: '无法连接「宠物商店」的登录地址，请检查网络后重试',
    });
    expect(getSourceCredential('petstore')).toBeUndefined();
  });
});

describe('the access token on the calls', () => {
  it('goes out as Bearer; a 401 drops it and asks for sign-in again', async () => {
    const seen: (string | null)[] = [];
    let refuse = false;
    server.use(
      http.get(`${BASE}/pet/7`, ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return refuse
          ? HttpResponse.json({ error: 'invalid_token' }, { status: 401 })
          : HttpResponse.json({ id: 7, name: '旺财' });
      }),
    );
    const { api } = restModule<Pet>(
      source(clientCredentials),
      { info: { method: 'GET', path: '/pet/{petId}' } },
      'id',
    );
    const asked: string[] = [];
    const stop = onSourceSignIn((asking) => asked.push(asking.name));
    try {
      setSourceCredential('petstore', 'tok-1');
      expect(await api.info?.(7)).toMatchObject({ data: { name: '旺财' } });
      expect(seen).toEqual(['Bearer tok-1']);
      expect(asked).toEqual([]);

      refuse = true;
      const error = await rejectionOf(api.info?.(7) ?? Promise.resolve());
      expect(error).toMatchObject({ message: '需要登录「宠物商店」后才能继续', status: 401 });
      expect(getSourceCredential('petstore')).toBeUndefined();
      expect(asked).toEqual(['petstore']);
    } finally {
      stop();
    }
  });
});
