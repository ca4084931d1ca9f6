// @vitest-environment node
/**
 * The token URL of an OAuth2 source's mock (issue 50 item 6): the warehouse fixture (client
 * credentials, token URL /oauth/token) imported into a temporary contract; its mock gives a
 * token for the demo credentials and only then lists; hostile token requests get a clear 400 or
 * 401 in RFC 6749's error shape — in-process and through startMockServer (`mock-server --source`).
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isRecord } from '@/core/guards';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { createRestSource, type RestSource } from '@/mocks/rest-source/engine';
import { loadRestSource } from '@/mocks/rest-source/load';
import { isIssuedToken, TOKEN_LIFETIME } from '@/mocks/rest-source/oauth-token';
import { importOpenApi } from '../../../generator/import-openapi';
import { tempDir } from '../../generator/helpers';

vi.setConfig({ testTimeout: 60_000 });

const WAREHOUSE = path.resolve(import.meta.dirname, '../../fixtures/openapi/warehouse-oauth2.yaml');
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

let contract = '';
let document: Record<string, unknown> = {};

beforeAll(async () => {
  contract = path.join(await tempDir('source-oauth'), 'openapi');
  await importOpenApi({ source: WAREHOUSE, name: 'warehouse', contractDir: contract });
  const parsed: unknown = parse(
    await readFile(path.join(contract, 'sources/warehouse/openapi.yaml'), 'utf8'),
  );
  if (!isRecord(parsed)) throw new Error('not a document');
  document = parsed;
});

async function post(source: RestSource, body: string, headers: Record<string, string> = FORM) {
  const answer = await source.handle(
    new Request('http://mock/v1/oauth/token', { method: 'POST', headers, body }),
  );
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

const listWith = (source: RestSource, authorization?: string) =>
  source.handle(
    new Request('http://mock/v1/items', {
      headers: authorization ? { authorization } : {},
    }),
  );

describe('client credentials at the token URL (in-process)', () => {
  it('gives a bearer token for the demo client, and the list needs it', async () => {
    const source = createRestSource(document);
    const bare = await listWith(source);
    expect(bare.status).toBe(401);
    expect((await listWith(source, 'Bearer made-up-token')).status).toBe(401);

    const granted = await post(source, 'grant_type=client_credentials&scope=items%3Aread', {
      ...FORM,
      authorization: basic('demo-client', 'demo-secret'),
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({
      token_type: 'bearer',
      expires_in: TOKEN_LIFETIME,
      scope: 'items:read',
    });
    const token = String(granted.body.access_token);
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    const listed = await listWith(source, `Bearer ${token}`);
    expect(listed.status).toBe(200);
    expect(Array.isArray(await listed.json())).toBe(true);
    // The token expires: an hour later it is refused.
    expect(isIssuedToken('warehouse', token, Date.now() + (TOKEN_LIFETIME + 1) * 1000)).toBe(false);
  });

  it('takes the client in the form too (client_secret_post)', async () => {
    const source = createRestSource(document);
    const granted = await post(
      source,
      'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret',
    );
    expect(granted.status).toBe(200);
  });

  it.each<[string, string, Record<string, string>, number, Record<string, string>]>([
    [
      'a wrong secret',
      'grant_type=client_credentials',
      { ...FORM, authorization: basic('demo-client', 'nope') },
      401,
      { error: 'invalid_client', error_description: '客户端 ID 或客户端密钥错误' },
    ],
    [
      'no client at all',
      'grant_type=client_credentials',
      FORM,
      401,
      { error: 'invalid_client', error_description: '客户端 ID 或客户端密钥错误' },
    ],
    [
      'a Basic header that is no base64',
      'grant_type=client_credentials',
      { ...FORM, authorization: 'Basic %%%not-base64' },
      401,
      { error: 'invalid_client', error_description: '客户端认证信息无法识别' },
    ],
    [
      'JSON instead of the form',
      '{"grant_type":"client_credentials"}',
      { 'content-type': 'application/json', authorization: basic('demo-client', 'demo-secret') },
      400,
      {
        error: 'invalid_request',
        error_description:
          '请求格式错误：令牌请求必须以 application/x-www-form-urlencoded 表单提交',
      },
    ],
    [
      'no grant type',
      'scope=x',
      { ...FORM, authorization: basic('demo-client', 'demo-secret') },
      400,
      { error: 'invalid_request', error_description: '缺少 grant_type 参数' },
    ],
    [
      'a grant the scheme does not declare',
      'grant_type=password&username=demo&password=demo-password',
      { ...FORM, authorization: basic('demo-client', 'demo-secret') },
      400,
      { error: 'unsupported_grant_type', error_description: '不支持的授权方式：password' },
    ],
    [
      'a 100 KB body',
      `grant_type=client_credentials&pad=${'x'.repeat(100_000)}`,
      { ...FORM, authorization: basic('demo-client', 'demo-secret') },
      400,
      { error: 'invalid_request', error_description: '请求体过大：令牌请求不能超过 8192 字节' },
    ],
  ])(
    'refuses %s with a 400 or 401 and a Chinese description',
    async (_what, body, headers, status, error) => {
      const source = createRestSource(document);
      const refused = await post(source, body, headers);
      expect(refused).toEqual({ status, body: error });
    },
  );

  it('answers a GET of the token URL 405, Allow: POST', async () => {
    const source = createRestSource(document);
    const answer = await source.handle(new Request('http://mock/v1/oauth/token'));
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
  });
});

describe('the password flow', () => {
  it('gives a token for the demo user only (a public client may name itself by id alone)', async () => {
    const components = isRecord(document.components) ? document.components : {};
    const passwordDocument = {
      ...document,
      components: {
        ...components,
        securitySchemes: {
          warehouse_auth: {
            type: 'oauth2',
            flows: { password: { tokenUrl: 'oauth/token', scopes: {} } },
          },
        },
      },
    };
    const source = createRestSource(passwordDocument);
    const wrong = await post(source, 'grant_type=password&username=demo&password=guess');
    expect(wrong).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: '用户名或密码错误' },
    });
    const granted = await post(
      source,
      'grant_type=password&username=demo&password=demo-password&client_id=demo-client',
    );
    expect(granted.status).toBe(200);
    expect((await listWith(source, `Bearer ${String(granted.body.access_token)}`)).status).toBe(
      200,
    );
  });
});

describe('through startMockServer (what cli mock-server --source runs)', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({
      port: 0,
      sources: [await loadRestSource(contract, 'warehouse')],
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers the token URL under /sources/warehouse and lists with the token', async () => {
    const base = `${server.url}/sources/warehouse`;
    expect((await fetch(`${base}/items`)).status).toBe(401);
    const granted = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { ...FORM, authorization: basic('demo-client', 'demo-secret') },
      body: 'grant_type=client_credentials',
    });
    expect(granted.status).toBe(200);
    const { access_token: token } = (await granted.json()) as { access_token: string };
    const listed = await fetch(`${base}/items`, { headers: { authorization: `Bearer ${token}` } });
    expect(listed.status).toBe(200);
    const huge = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: FORM,
      body: `grant_type=client_credentials&pad=${'x'.repeat(50_000)}`,
    });
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({ error: 'invalid_request' });
    // The server still answers after it.
    expect((await fetch(`${base}/items`)).status).toBe(401);
  });
});
