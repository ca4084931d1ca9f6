// @vitest-environment node
/**
 * OAuth2 sources (issue 50 item 6): a client-credentials or password flow with a token URL is
 * recorded in x-admin and reaches the generated source description, so its sign-in dialog can
 * fetch the token; the redirect flows and OpenID Connect are reported with their reason, and a
 * source with nothing else asks for a token obtained elsewhere (bearer).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it, vi } from 'vitest';
import { generate } from '../../generator';
import { importOpenApi } from '../../generator/import-openapi';
import { isJson, type Json } from '../../generator/json';
import { copyFixture, FIXTURES } from './helpers';
import { writeFile } from 'node:fs/promises';
import { stringify } from 'yaml';

vi.setConfig({ testTimeout: 180_000 });

const WAREHOUSE = path.join(FIXTURES, 'openapi/warehouse-oauth2.yaml');

async function imported(source: string, name: string) {
  const dir = await copyFixture('basic');
  const contractDir = path.join(dir, 'openapi');
  const result = await importOpenApi({ source, name, contractDir });
  const parsed: unknown = parse(await readFile(result.written.document, 'utf8'));
  if (!isJson(parsed) || !isJson(parsed['x-admin']) || !isJson(parsed['x-admin'].source))
    throw new Error('no x-admin.source written');
  return { dir, contractDir, result, source: parsed['x-admin'].source };
}

/** The warehouse document with its security scheme replaced by `scheme`. */
async function withScheme(scheme: Json, extra: Json = {}): Promise<string> {
  const document: unknown = parse(await readFile(WAREHOUSE, 'utf8'));
  if (!isJson(document) || !isJson(document.components)) throw new Error('no components');
  document.components.securitySchemes = { warehouse_auth: scheme, ...extra };
  const dir = await copyFixture('basic');
  const file = path.join(dir, 'api.yaml');
  await writeFile(file, stringify(document));
  return file;
}

describe('an API whose only scheme is OAuth2 client credentials', () => {
  it('records the flow, token URL and scopes, and generate puts them in the source description', async () => {
    const { dir, contractDir, result, source } = await imported(WAREHOUSE, 'warehouse');
    expect(source.auth).toEqual([
      {
        scheme: 'warehouse_auth',
        type: 'oauth2',
        flow: 'clientCredentials',
        tokenUrl: '/oauth/token',
        scopes: ['items:read', 'items:write'],
      },
    ]);
    expect(result.reportText).toContain('auth oauth2 clientCredentials /oauth/token');
    expect(result.reportText).not.toContain('securitySchemes.warehouse_auth');

    const generated = await generate({
      contractDir,
      outDir: path.join(dir, 'generated'),
      mode: 'dry-run',
    });
    const description = generated.files.find((f) => f.path === 'sources/warehouse/source.ts');
    expect(description?.content).toContain(
      "auth: [\n    {\n      scheme: 'warehouse_auth',\n      type: 'oauth2',\n      flow: 'clientCredentials',\n      tokenUrl: '/oauth/token',\n      scopes: ['items:read', 'items:write'],\n    },\n  ],",
    );
  });
});

describe('the other OAuth2 flows and OpenID Connect', () => {
  it('a password flow is recorded as such', async () => {
    const file = await withScheme({
      type: 'oauth2',
      flows: { password: { tokenUrl: 'https://auth.example.com/token', scopes: {} } },
    });
    const { source } = await imported(file, 'warehouse');
    expect(source.auth).toEqual([
      {
        scheme: 'warehouse_auth',
        type: 'oauth2',
        flow: 'password',
        tokenUrl: 'https://auth.example.com/token',
        scopes: [],
      },
    ]);
  });

  it('implicit and authorization code are reported; alone, the screens ask for a bearer token', async () => {
    const file = await withScheme({
      type: 'oauth2',
      flows: {
        implicit: { authorizationUrl: 'https://auth.example.com/authorize', scopes: {} },
        authorizationCode: {
          authorizationUrl: 'https://auth.example.com/authorize',
          tokenUrl: 'https://auth.example.com/token',
          scopes: {},
        },
      },
    });
    const { result, source } = await imported(file, 'warehouse');
    expect(source.auth).toEqual([{ scheme: 'warehouse_auth', type: 'bearer' }]);
    for (const line of [
      "securitySchemes.warehouse_auth.flows.implicit: the oauth2 implicit flow needs the provider's sign-in page in a browser redirect, which the back-office does not do (client-credentials and password flows with a tokenUrl are supported) — left out",
      "securitySchemes.warehouse_auth.flows.authorizationCode: the oauth2 authorization-code flow needs the provider's sign-in page in a browser redirect, which the back-office does not do (client-credentials and password flows with a tokenUrl are supported) — left out",
      'securitySchemes.warehouse_auth: no scheme the sign-in dialog can complete — it asks for an access token obtained from the provider, sent as Authorization: Bearer',
    ])
      expect(result.reportText).toContain(line);
  });

  it('OpenID Connect beside an API key: reported, and the API key stays the sign-in', async () => {
    const file = await withScheme(
      {
        type: 'openIdConnect',
        openIdConnectUrl: 'https://auth.example.com/.well-known/openid-configuration',
      },
      { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
    );
    const { result, source } = await imported(file, 'warehouse');
    expect(source.auth).toEqual([{ scheme: 'key', type: 'apiKey', in: 'header', name: 'X-Key' }]);
    expect(result.reportText).toContain(
      "securitySchemes.warehouse_auth: openIdConnect needs the provider's sign-in page in a browser redirect",
    );
  });
});
