// @vitest-environment node
/**
 * `cli verify --source`: Petstore, the library and the Museum fixtures are imported into a temporary
 * contract and served by the REST mock (in-process, through `startMockServer`), which the
 * verifier must find faithful, with and without `--writes`; a deliberately broken server (wrong
 * shapes, 500, text that is not JSON, a wrong content type, a redirect loop, a body without end,
 * a call that hangs) must give a finding for each, never a crash. The CLI is spawned for the
 * exit codes (1 for the broken server, 2 for an unknown source) and the `--json` document.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { SchemaObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { loadRestSource } from '@/mocks/rest-source/load';
import { importOpenApi } from '../../generator/import-openapi';
import { isJson, type Json } from '../../generator/json';
import { credentialsFor } from '../../generator/verify/source/auth';
import {
  baseUrlFor,
  SourceError,
  verifySource,
  type SourceVerifyOptions,
  type SourceVerifyReport,
} from '../../generator/verify/source';
import { loadSource } from '../../generator/verify/source/load';
import { formatVerifyReport, VerifyError } from '../../generator/verify/verify-server';
import { runCliAsync } from './cli-process';
import { FIXTURES, REPO, tempDir } from './helpers';
import { closedPort } from '../support/closed-port';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const reportSchema: SchemaObject = JSON.parse(
  await readFile(path.join(REPO, 'schemas/cli-report.schema.json'), 'utf8'),
);
const validateReport = new Ajv2020({ allErrors: true, strict: true }).compile(reportSchema);

let contract = '';
let mock: RunningMockServer;
let broken: Server;
let brokenUrl = '';
/** What the broken server was asked: `METHOD path` and the Authorization header. */
const seen: { call: string; authorization: string | undefined }[] = [];

/** One broken answer per path the verifier calls; anything else is a 404. */
function answerBadly(method: string, url: string, response: ServerResponse): void {
  const json = (status: number, body: unknown, type = 'application/json'): void => {
    response.writeHead(status, { 'Content-Type': type }).end(JSON.stringify(body));
  };
  const pathname = url.split('?')[0] ?? '';
  if (pathname === '/v3/pet/findByStatus')
    return json(200, [{ id: 'seven', name: 5, photoUrls: 'none' }]);
  if (pathname === '/v3/pet/seven') return json(500, { title: 'boom' }, 'application/problem+json');
  if (pathname === '/v3/pet/findByTags')
    return void response.writeHead(200, { 'Content-Type': 'application/json' }).end('[{"id": 1,');
  if (pathname === '/v3/store/inventory') return json(200, { sold: 1 }, 'text/plain');
  // Redirects to itself, for ever.
  if (pathname === '/v2/books')
    return void response.writeHead(302, { Location: '/v2/books' }).end();
  // A body without end: a record, then padding until the client hangs up.
  if (method === 'GET' && pathname === '/v2/authors') {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.write('{"items": [');
    const chunk = `${JSON.stringify({ id: 1, name: 'x'.repeat(1000) })},`.repeat(16);
    const more = () => {
      while (!response.destroyed && response.write(chunk));
      if (!response.destroyed) response.once('drain', more);
    };
    return more();
  }
  // Never answered (the add of an author): the client's timeout ends it.
  if (method === 'POST' && pathname === '/v2/authors') return;
  json(404, { title: 'Not Found' }, 'application/problem+json');
}

beforeAll(async () => {
  contract = path.join(await tempDir('verify-source'), 'openapi');
  await importOpenApi({
    source: path.join(FIXTURES, 'openapi/petstore.yaml'),
    name: 'petstore',
    contractDir: contract,
  });
  await importOpenApi({
    source: path.join(FIXTURES, 'openapi/library.yaml'),
    name: 'library',
    contractDir: contract,
  });
  await importOpenApi({
    source: path.join(FIXTURES, 'openapi/museum.yaml'),
    name: 'museum',
    contractDir: contract,
  });
  mock = await startMockServer({
    port: 0,
    sources: [
      await loadRestSource(contract, 'petstore'),
      await loadRestSource(contract, 'library'),
      await loadRestSource(contract, 'museum'),
    ],
  });
  broken = createServer((request, response) => {
    response.on('error', () => undefined);
    const method = request.method ?? 'GET';
    seen.push({
      call: `${method} ${request.url ?? ''}`,
      authorization: request.headers.authorization,
    });
    request.resume();
    request.on('end', () => answerBadly(method, request.url ?? '/', response));
  });
  brokenUrl = await new Promise<string>((resolve) =>
    broken.listen(0, '127.0.0.1', () => {
      const address = broken.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }),
  );
});

afterAll(async () => {
  broken?.closeAllConnections();
  await new Promise((resolve) => broken?.close(resolve));
  await mock?.close();
});

function verify(
  name: string,
  baseUrl: string,
  more: Partial<SourceVerifyOptions> = {},
): Promise<SourceVerifyReport> {
  // The mock asks for the credentials each operation declares and accepts any.
  return verifySource({
    contractDir: contract,
    name,
    baseUrl,
    writes: false,
    secret: 'any-secret',
    ...more,
  });
}

/** The report's rows as `OUTCOME METHOD path: detail`, for readable failures. */
function rows(report: SourceVerifyReport): string[] {
  return report.results.map((r) => `${r.outcome} ${r.method} ${r.path}: ${r.detail}`);
}

function notOk(report: SourceVerifyReport): string[] {
  return rows(report).filter((row) => /^(schema|failed) /.test(row));
}

describe('against the REST mock: every call ok', () => {
  it('petstore, reads only: the list, an info of a listed pet, the other GETs', async () => {
    const report = await verify('petstore', mock.url);
    expect(notOk(report)).toEqual([]);
    expect(report.baseUrl).toBe(`${mock.url}/v3`);
    expect(rows(report)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ok GET \/pet\/findByStatus: list: \d+ row\(s\)$/),
        expect.stringMatching(/^ok GET \/pet\/\{petId\}: info: record /),
        'ok GET /pet/findByTags: HTTP 200',
        'ok GET /store/inventory: HTTP 200',
        'skipped GET /user/login: signs in or out: not called',
        expect.stringMatching(/^skipped GET \/user\/\{username\}: no list gives a key/),
      ]),
    );
    expect(report.results.every((r) => r.method === 'GET')).toBe(true);
    expect(report.notes).toEqual([
      expect.stringMatching(/^not written to: pet, store-order, user /),
    ]);
  });

  it('petstore --writes: a round trip per resource and a refused invalid add', async () => {
    const report = await verify('petstore', mock.url, { writes: true });
    expect(notOk(report)).toEqual([]);
    const trips = rows(report).filter(
      (row) => row.includes('round trip') || row.includes('invalid add'),
    );
    expect(trips).toEqual([
      expect.stringMatching(/^ok POST \/pet: round trip: add \(HTTP 200, key \d+\)$/),
      expect.stringMatching(/^ok GET \/pet\/\{petId\}: round trip: read back \d+$/),
      'ok PUT /pet: round trip: edit name, read back',
      expect.stringMatching(/^ok DELETE \/pet\/\{petId\}: round trip: delete \d+$/),
      'ok GET /pet/{petId}: round trip: gone after the delete (HTTP 404)',
      'ok POST /pet: invalid add (name missing): HTTP 400 problem+json',
      expect.stringMatching(/^ok POST \/store\/order: round trip: add/),
      expect.stringMatching(/^ok GET \/store\/order\/\{orderId\}: round trip: read back/),
      expect.stringMatching(/^ok DELETE \/store\/order\/\{orderId\}: round trip: delete/),
      'ok GET /store/order/{orderId}: round trip: gone after the delete (HTTP 404)',
      'ok POST /store/order: invalid add (petId a string): HTTP 400 problem+json',
      expect.stringMatching(/^ok POST \/user: round trip: add \(HTTP 201, key verify-\w+\)$/),
      expect.stringMatching(/^ok GET \/user\/\{username\}: round trip: read back verify-/),
      'ok PUT /user/{username}: round trip: edit firstName, read back',
      expect.stringMatching(/^ok DELETE \/user\/\{username\}: round trip: delete verify-/),
      'ok GET /user/{username}: round trip: gone after the delete (HTTP 404)',
      'ok POST /user: invalid add (id a string): HTTP 400 problem+json',
    ]);
  });

  it('petstore --writes: a body-less row action is called on the round trip’s own pet; one with a body is not, and says why', async () => {
    const report = await verify('petstore', mock.url, { writes: true });
    expect(rows(report).filter((row) => row.includes('row action'))).toEqual([
      expect.stringMatching(/^ok POST \/pet\/\{petId\}: row action on \d+$/),
      'skipped POST /pet/{petId}/uploadImage: row action: it takes a body: only actions without one are called',
    ]);
  });

  it('library, reads only: offset paging, totals in the body and in X-Total-Count', async () => {
    const report = await verify('library', mock.url);
    expect(rows(report)).toEqual([
      'ok GET /books: list: 5 row(s), total in body.total',
      expect.stringMatching(/^ok GET \/books\/\{isbn\}: info: record \d{9}[\dX]/),
      'ok GET /authors: list: 5 row(s), total in body.total',
      expect.stringMatching(/^ok GET \/authors\/\{authorId\}: info: record \d+$/),
      expect.stringMatching(
        /^ok GET \/books\/\{isbn\}\/reviews: list: \d row\(s\), total in X-Total-Count$/,
      ),
    ]);
  });

  it('library --writes: PATCH merge and PUT edits; a resource without delete is not written', async () => {
    const report = await verify('library', mock.url, { writes: true });
    expect(notOk(report)).toEqual([]);
    expect(rows(report)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ok POST \/books: round trip: add \(HTTP 201, key \d{9}[\dX]/),
        'ok PATCH /books/{isbn}: round trip: edit title, read back',
        'ok POST /books: invalid add (title missing): HTTP 422 problem+json',
        'ok PUT /authors/{authorId}: round trip: edit name, read back',
        'ok GET /authors/{authorId}: round trip: gone after the delete (HTTP 404)',
        'skipped POST /books/{isbn}/reviews: round trip: no delete to undo an add: nothing is written',
      ]),
    );
  });
});

describe('a published document (the Redocly Museum API) against the REST mock', () => {
  it('--writes with basic auth: page/limit lists, a 201 add, a PATCH, a 204 delete', async () => {
    const report = await verify('museum', mock.url, { writes: true, secret: 'curator:pw' });
    expect(notOk(report)).toEqual([]);
    expect(rows(report)).toEqual(
      expect.arrayContaining([
        'ok GET /special-events: list: 5 row(s)',
        expect.stringMatching(
          /^ok POST \/special-events: round trip: add \(HTTP 201, key [0-9a-f-]{36}\)$/,
        ),
        'ok PATCH /special-events/{eventId}: round trip: edit name, read back',
        'ok GET /special-events/{eventId}: round trip: gone after the delete (HTTP 404)',
        'ok POST /special-events: invalid add (name missing): HTTP 400 problem+json',
      ]),
    );
  });
});

describe('against a broken server: findings, never a crash', () => {
  it('petstore: wrong shapes, a 500, text that is not JSON, a wrong content type, a hang', async () => {
    seen.length = 0;
    const report = await verify('petstore', brokenUrl, { timeoutMs: 300 });
    expect(rows(report)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^schema GET \/pet\/findByStatus: .*\/0\/id: must be integer/),
        'failed GET /pet/{petId}: HTTP 500: boom',
        'failed GET /pet/findByTags: HTTP 200: the answer is not JSON: [{"id": 1,',
        'failed GET /store/inventory: HTTP 200: content type text/plain, not JSON ({"sold":1})',
      ]),
    );
    // Nothing but reads without --writes.
    expect(seen.every(({ call }) => call.startsWith('GET '))).toBe(true);
    const printed = formatVerifyReport(report);
    expect(printed).toMatch(/ 1 schema error\(s\), 3 failed, /);
  });

  it('library --writes: a redirect loop, a body without end, an add that hangs', async () => {
    seen.length = 0;
    const report = await verify('library', brokenUrl, {
      writes: true,
      timeoutMs: 300,
      maxBytes: 64 * 1024,
      secret: 'tok',
    });
    expect(rows(report)).toEqual(
      expect.arrayContaining([
        'failed GET /books: HTTP 302: a redirect to /v2/books (not followed)',
        'failed GET /authors: HTTP 200: the answer is larger than 65536 bytes (not read further)',
        'failed POST /authors: no answer within 300 ms',
        'failed POST /authors: invalid add (name missing): no answer within 300 ms (expected a 4xx)',
        'skipped GET /books/{isbn}/reviews: needs isbn: no listed books',
        expect.stringMatching(/^skipped POST \/books: round trip: cannot build a record: .*isbn/),
      ]),
    );
    // Asked once for the first page (5 rows from 0), the redirect not followed.
    expect(seen.filter(({ call }) => call.startsWith('GET /v2/books?'))).toEqual([
      { call: 'GET /v2/books?limit=5&offset=0', authorization: 'Bearer tok' },
    ]);
  });

  it('stops with one line when nothing listens', async () => {
    const port = await closedPort();
    const run = verify('library', `http://127.0.0.1:${port}`);
    await expect(run).rejects.toThrow(VerifyError);
    await expect(run).rejects.toThrow(`cannot reach http://127.0.0.1:${port}: ECONNREFUSED`);
  });
});

describe('the source, the base URL and the credentials', () => {
  it('an unknown source or a bad name is a usage error naming the imported ones', async () => {
    const unknown = verify('nope', mock.url);
    await expect(unknown).rejects.toThrow(SourceError);
    await expect(unknown).rejects.toThrow(/imported sources: library, museum, petstore/);
    await expect(verify('../x', mock.url)).rejects.toMatchObject({ kind: 'usage' });
  });

  it('a base URL without a path gets the document server path', () => {
    expect(baseUrlFor('http://h:1', '/v3')).toBe('http://h:1/v3');
    expect(baseUrlFor('http://h:1/', '/v3')).toBe('http://h:1/v3');
    expect(baseUrlFor('https://h/api/v3/', '/v3')).toBe('https://h/api/v3');
  });

  it('sends the secret as each security scheme wants it', async () => {
    const petstore = await loadSource(contract, 'petstore');
    const operation = (document: Json, at: string, method: string): Json => {
      const item = isJson(document.paths) ? document.paths[at] : undefined;
      const found = isJson(item) ? item[method] : undefined;
      return isJson(found) ? found : {};
    };
    expect(credentialsFor(petstore, operation(petstore, '/pet/{petId}', 'get'), 's')).toEqual({
      headers: { api_key: 's' },
      query: {},
    });
    // oauth2 alone (addPet): the secret is an access token, sent as a bearer token.
    expect(credentialsFor(petstore, operation(petstore, '/pet', 'post'), 's')).toEqual({
      headers: { Authorization: 'Bearer s' },
      query: {},
    });
    const basic: Json = {
      components: { securitySchemes: { b: { type: 'http', scheme: 'basic' } } },
      security: [{ b: [] }],
    };
    expect(credentialsFor(basic, {}, 'u:p').headers).toEqual({ Authorization: 'Basic dTpw' });
    expect(credentialsFor(basic, {}, undefined)).toEqual({ headers: {}, query: {} });
  });
});

describe('the CLI', () => {
  it('--json against the broken server: exit 1, a report valid against the schema', async () => {
    const result = await runCliAsync([
      'verify',
      '--source',
      'petstore',
      '--base-url',
      brokenUrl,
      '--contract',
      contract,
      '--timeout',
      '300',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(1);
    const report: unknown = JSON.parse(result.stdout);
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
    expect(report).toMatchObject({ command: 'verify', ok: false, exitCode: 1 });
    expect(isJson(report) && isJson(report.summary) ? report.summary : {}).toMatchObject({
      schema: 1,
      failed: 3,
    });
  });

  it('an unknown source: one line, exit 2', async () => {
    const result = await runCliAsync([
      'verify',
      '--source',
      'nope',
      '--base-url',
      mock.url,
      '--contract',
      contract,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^--source nope: no .*sources\/nope\/openapi\.yaml \(imported sources: library, museum, petstore;/,
      ),
    ]);
  });
});
