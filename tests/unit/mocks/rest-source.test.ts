// @vitest-environment node
/**
 * The stateful REST mock of imported sources (issue 27, item 3): Petstore and the library
 * fixture are imported with `import-openapi` into a temporary contract, then answered as their
 * documents declare — lists with their paging and filters, problem+json on invalid bodies,
 * 201/200 + the stored record, 204 deletes, 404s — in-process and through `startMockServer`.
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isRecord, listOf } from '@/core/guards';
import { startMockServer, type RunningMockServer } from '@/mocks/http-server';
import { createRestSource, type RestSource } from '@/mocks/rest-source/engine';
import { loadRestSource } from '@/mocks/rest-source/load';
import { importOpenApi } from '../../../generator/import-openapi';
import { tempDir } from '../../generator/helpers';

vi.setConfig({ testTimeout: 60_000 });

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/openapi');
let contract = '';

beforeAll(async () => {
  contract = path.join(await tempDir('rest-source'), 'openapi');
  for (const [name, file] of [
    ['petstore', 'petstore.yaml'],
    ['library', 'library.yaml'],
  ] as const)
    await importOpenApi({ source: path.join(FIXTURES, file), name, contractDir: contract });
});

async function documentOf(name: string): Promise<Record<string, unknown>> {
  const parsed: unknown = parse(
    await readFile(path.join(contract, 'sources', name, 'openapi.yaml'), 'utf8'),
  );
  if (!isRecord(parsed)) throw new Error('not a document');
  return parsed;
}

/**
 * What a signed-in client sends: the library wants a bearer token on every call, Petstore an
 * API key on some. The mock accepts any non-empty credential in the right place.
 */
const CREDENTIALS = { authorization: 'Bearer test-token', api_key: 'test-key' };

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function call(
  source: RestSource,
  method: string,
  url: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<Answer> {
  const headers: Record<string, string> = { ...CREDENTIALS };
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    headers['content-type'] = contentType;
  }
  const response = await source.handle(new Request(`http://mock${url}`, init));
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
  };
}

function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}

describe('Petstore (mounted at /v3, 400 for invalid bodies, 200 for adds)', () => {
  let petstore: RestSource;
  beforeAll(async () => {
    petstore = await loadRestSource(contract, 'petstore');
  });

  it('asks for the credentials an operation declares: 401 without them, any key accepted', async () => {
    const ask = (headers: Record<string, string>) =>
      petstore.handle(new Request('http://mock/v3/pet/1', { headers }));
    const refusedHeaders: Record<string, string>[] = [
      {},
      { api_key: '   ' },
      { authorization: 'Bearer x' },
    ];
    for (const headers of refusedHeaders) {
      const refused = await ask(headers);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({
        detail: 'This call needs credentials: api_key',
      });
    }
    expect((await ask({ api_key: 'any-key' })).status).toBe(200);
    // Guarded by oauth2 alone, which the mock cannot check: open.
    const open = await petstore.handle(new Request('http://mock/v3/pet/findByStatus'));
    expect(open.status).toBe(200);
  });

  it('mounts at the server path and seeds 5–20 pets that satisfy the schema', () => {
    expect(petstore.basePath).toBe('/v3');
    const pets = petstore.records('pet');
    expect(pets.length).toBeGreaterThanOrEqual(5);
    expect(pets.length).toBeLessThanOrEqual(20);
    for (const pet of pets) expect(typeof pet.name).toBe('string');
    // The first record comes from the document's examples, the others' texts after them.
    expect(pets[0]).toMatchObject({ name: 'doggie' });
    for (const pet of pets.slice(1)) expect(pet.name).toMatch(/^doggie \d+$/);
  });

  it('lists only the pets of the status asked for', async () => {
    for (const status of ['available', 'sold']) {
      const answer = await call(petstore, 'GET', `/v3/pet/findByStatus?status=${status}`);
      expect(answer.status).toBe(200);
      const rows = listOf(answer.body);
      expect(rows.length).toBe(
        petstore.records('pet').filter((pet) => pet.status === status).length,
      );
      for (const row of rows) expect(field(row, 'status')).toBe(status);
    }
    const wrong = await call(petstore, 'GET', '/v3/pet/findByStatus?status=asleep');
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('content-type')).toBe('application/problem+json');
  });

  it('refuses a pet without a name with a problem naming the field', async () => {
    const answer = await call(petstore, 'POST', '/v3/pet', { photoUrls: [] });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.body).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(field(answer.body, 'errors')).toContainEqual({
      pointer: '/name',
      field: 'name',
      message: '请输入name',
    });
  });

  it('adds (200 as declared, Location), reads, edits (PUT /pet) and deletes a pet', async () => {
    const added = await call(petstore, 'POST', '/v3/pet', {
      name: 'Rex',
      photoUrls: ['https://example.com/rex.png'],
      status: 'pending',
      category: { id: 1, name: 'Dogs' },
    });
    expect(added.status).toBe(200);
    const id = field(added.body, 'id');
    expect(typeof id).toBe('number');
    expect(added.headers.get('location')).toBe(`/v3/pet/${String(id)}`);
    const read = await call(petstore, 'GET', `/v3/pet/${String(id)}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(added.body);

    const edited = await call(petstore, 'PUT', '/v3/pet', {
      id,
      name: 'Rex II',
      photoUrls: [],
      status: 'sold',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ id, name: 'Rex II', photoUrls: [], status: 'sold' });
    expect((await call(petstore, 'GET', `/v3/pet/${String(id)}`)).body).toEqual(edited.body);
    const missing = await call(petstore, 'PUT', '/v3/pet', { id: 99999, name: 'x', photoUrls: [] });
    expect(missing.status).toBe(404);

    const deleted = await petstore.handle(
      new Request(`http://mock/v3/pet/${String(id)}`, { method: 'DELETE', headers: CREDENTIALS }),
    );
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    const gone = await call(petstore, 'GET', `/v3/pet/${String(id)}`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toBe('application/problem+json');
    expect(field(gone.body, 'detail')).toBe(`pet ${String(id)} does not exist`);
  });

  it('answers other operations from their schema, and unknown paths and methods with problems', async () => {
    const inventory = await call(petstore, 'GET', '/v3/store/inventory');
    expect(inventory.status).toBe(200);
    expect(isRecord(inventory.body)).toBe(true);
    const unknown = await call(petstore, 'GET', '/v3/nothing/here');
    expect(unknown.status).toBe(404);
    const wrongMethod = await call(petstore, 'PATCH', '/v3/pet/1', {});
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST, DELETE');
    const badId = await call(petstore, 'GET', '/v3/pet/abc');
    expect(badId.status).toBe(400);
  });
});

describe('library (offset/limit, total in the body or X-Total-Count, 422 as declared)', () => {
  let library: RestSource;
  beforeAll(async () => {
    library = await loadRestSource(contract, 'library');
  });

  it('pages books by offset and limit with the total in the body', async () => {
    expect(library.basePath).toBe('/v2');
    const total = library.records('books').length;
    const first = await call(library, 'GET', '/v2/books?offset=0&limit=2');
    expect(first.status).toBe(200);
    expect(listOf(field(first.body, 'items'))).toHaveLength(2);
    expect(first.body).toMatchObject({ total, offset: 0, limit: 2 });
    const last = await call(library, 'GET', `/v2/books?offset=${total - 1}&limit=2`);
    expect(listOf(field(last.body, 'items'))).toHaveLength(1);
    const genre = await call(library, 'GET', '/v2/books?genre=poetry&limit=100');
    const poetry = library.records('books').filter((book) => book.genre === 'poetry');
    expect(field(genre.body, 'total')).toBe(poetry.length);
    const sorted = await call(library, 'GET', '/v2/books?sort=-title&limit=100');
    const titles = listOf(field(sorted.body, 'items')).map((book) => String(field(book, 'title')));
    expect(titles).toEqual([...titles].sort((a, b) => b.localeCompare(a)));
    const tooMany = await call(library, 'GET', '/v2/books?limit=1000');
    expect(tooMany.status).toBe(400);
  });

  it('seeds books whose isbn matches the pattern, and reviews under existing books with X-Total-Count', async () => {
    for (const book of library.records('books'))
      expect(String(book.isbn)).toMatch(/^(97[89])?\d{9}[\dX]$/);
    const isbn = String(library.records('books')[0]?.isbn);
    const reviews = await library.handle(
      new Request(`http://mock/v2/books/${isbn}/reviews?offset=0&limit=50`, {
        headers: CREDENTIALS,
      }),
    );
    expect(reviews.status).toBe(200);
    const rows = listOf(await reviews.json());
    expect(reviews.headers.get('x-total-count')).toBe(String(rows.length));
    const missing = await call(library, 'GET', '/v2/books/0000000000/reviews');
    expect(missing.status).toBe(404);
  });

  it('answers 422 problem+json for an invalid book, 201 + Location for a valid one, PATCH merges', async () => {
    const invalid = await call(library, 'POST', '/v2/books', {
      isbn: 'nope',
      title: '',
      genre: 'cooking',
      pages: 0,
    });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('content-type')).toBe('application/problem+json');
    const fields = listOf(field(invalid.body, 'errors')).map((error) => field(error, 'field'));
    expect(fields).toEqual(expect.arrayContaining(['isbn', 'title', 'genre', 'pages']));
    const book = {
      isbn: '9780000000017',
      title: 'Mock Tales',
      genre: 'novel',
      createdAt: 'ignored',
    };
    const added = await call(library, 'POST', '/v2/books', book);
    expect(added.status).toBe(201);
    expect(added.headers.get('location')).toBe('/v2/books/9780000000017');
    expect(field(added.body, 'createdAt')).not.toBe('ignored');
    const again = await call(library, 'POST', '/v2/books', book);
    expect(again.status).toBe(409);
    const patched = await call(
      library,
      'PATCH',
      '/v2/books/9780000000017',
      { pages: 321, title: 'Mock Tales, revised' },
      'application/merge-patch+json',
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      isbn: '9780000000017',
      pages: 321,
      title: 'Mock Tales, revised',
      genre: 'novel',
    });
    const author = await call(library, 'POST', '/v2/authors', { name: 'Ann Mock', id: 5000 });
    expect(author.status).toBe(201);
    // id is readOnly: assigned, not taken from the body.
    expect(field(author.body, 'id')).not.toBe(5000);
  });

  it('survives hostile bodies: __proto__, bad JSON, huge numbers, wrong types', async () => {
    const proto = await call(
      library,
      'POST',
      '/v2/authors',
      '{"name":"x","__proto__":{"admin":true}}',
    );
    expect(proto.status).toBe(400);
    expect(field(proto.body, 'errors')).toEqual([
      { pointer: '/__proto__', field: '__proto__', message: '__proto__ is not an accepted key' },
    ]);
    expect(Object.prototype).not.toHaveProperty('admin');
    const malformed = await call(library, 'POST', '/v2/authors', '{"name": ');
    expect(malformed.status).toBe(400);
    expect(field(malformed.body, 'detail')).toBe('The body is not valid JSON');
    const huge = await call(
      library,
      'POST',
      '/v2/books/9780000000017/lend',
      '{"readerId": 1e400, "until": "2026-01-01"}',
    );
    expect(huge.status).toBe(400);
    const array = await call(library, 'PUT', `/v2/authors/1`, [1, 2]);
    expect(array.status).toBe(400);
    const deep = await call(
      library,
      'POST',
      '/v2/authors',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
    );
    expect(deep.status).toBe(400);
    const xml = await call(library, 'POST', '/v2/authors', '<a/>', 'application/xml');
    expect(xml.status).toBe(415);
    const still = await call(library, 'GET', '/v2/authors?offset=0&limit=1');
    expect(still.status).toBe(200);
  });

  it('gives the same data for the same seed and other data for another', async () => {
    const document = await documentOf('library');
    const a = createRestSource(document, { seed: 'one' });
    const b = createRestSource(document, { seed: 'one' });
    const c = createRestSource(document, { seed: 'two' });
    for (const resource of ['books', 'authors', 'books-reviews'])
      expect(a.records(resource)).toEqual(b.records(resource));
    expect(a.records('books')).not.toEqual(c.records('books'));
  });
});

describe('through startMockServer (what cli mock-server --source runs)', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({
      port: 0,
      sources: [
        await loadRestSource(contract, 'petstore'),
        await loadRestSource(contract, 'library'),
      ],
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves /v3 and /v2 beside /api, with REST statuses', async () => {
    const pets = await fetch(`${server.url}/v3/pet/findByStatus?status=available`);
    expect(pets.status).toBe(200);
    for (const pet of listOf(await pets.json())) expect(field(pet, 'status')).toBe('available');
    const invalid = await fetch(`${server.url}/v3/pet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"__proto__": {"x": 1}}',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('content-type')).toBe('application/problem+json');
    const author = { method: 'POST', body: JSON.stringify({ name: 'Over HTTP' }) };
    // The library wants a bearer token: without one, 401 and nothing is added.
    const bare = await fetch(`${server.url}/v2/authors`, {
      ...author,
      headers: { 'content-type': 'application/json' },
    });
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toBe('bearerAuth');
    const added = await fetch(`${server.url}/v2/authors`, {
      ...author,
      headers: { 'content-type': 'application/json', ...CREDENTIALS },
    });
    expect(added.status).toBe(201);
    const location = added.headers.get('location') ?? '';
    expect(location).toMatch(/^\/v2\/authors\/\d+$/);
    const signedIn = { headers: CREDENTIALS };
    expect(await (await fetch(`${server.url}${location}`, signedIn)).json()).toMatchObject({
      name: 'Over HTTP',
    });
    const removed = await fetch(`${server.url}${location}`, { method: 'DELETE', ...signedIn });
    expect(removed.status).toBe(204);
    expect((await fetch(`${server.url}${location}`, signedIn)).status).toBe(404);
    const api = await fetch(`${server.url}/api/adminnotice/list`);
    expect(await api.json()).toMatchObject({ status: 401 });
  });
});
