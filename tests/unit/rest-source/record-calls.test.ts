/**
 * The REST adapter's record calls: info, add, edit and delete go to the declared method and
 * address (ids encoded), carry JSON without the form's undefined fields, and resolve with the
 * successful envelope the CRUD blocks expect; the source's base can be overridden by the build.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { restModule, sourceBaseUrl } from '@/lib/rest-source';
import { BASE, errorTexts, petstore, server, setupSourceServer, type Pet } from './harness';

setupSourceServer();
afterEach(() => vi.unstubAllEnvs());

interface Seen {
  method: string;
  path: string;
  contentType: string | null;
  body: unknown;
}

/** Records every call to the source (any method, any path) and answers with `respond`. */
function record(respond: () => Response = () => HttpResponse.json({ id: 7, name: '旺财' })) {
  const seen: Seen[] = [];
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      const text = await request.text();
      seen.push({
        method: request.method,
        path: new URL(request.url).pathname,
        contentType: request.headers.get('content-type'),
        body: text ? JSON.parse(text) : undefined,
      });
      return respond();
    }),
  );
  return seen;
}

const module = () =>
  restModule<Pet>(
    petstore,
    {
      info: { method: 'GET', path: '/pet/{petId}', idParam: 'petId' },
      add: { method: 'POST', path: '/pet' },
      edit: { method: 'PUT', path: '/pet', body: 'json' },
      delete: { method: 'DELETE', path: '/pet/{petId}', idParam: 'petId' },
    },
    'id',
  ).api;

describe('record calls', () => {
  it('info GETs the item, its id encoded, and answers the record', async () => {
    const seen = record();
    const answer = await module().info?.('a b/7');
    expect(seen).toMatchObject([{ method: 'GET', path: `${BASE}/pet/a%20b%2F7` }]);
    expect(answer).toEqual({ status: 200, msg: '', data: { id: 7, name: '旺财' } });
  });

  it('add POSTs the record as JSON without undefined fields; a 201 is a success', async () => {
    const seen = record(() => HttpResponse.json({ id: 8, name: '来福' }, { status: 201 }));
    const answer = await module().add?.({ name: '来福', status: undefined, tags: [] });
    expect(seen).toEqual([
      {
        method: 'POST',
        path: `${BASE}/pet`,
        contentType: 'application/json',
        body: { name: '来福', tags: [] },
      },
    ]);
    expect(answer).toEqual({ status: 200, msg: '', data: { id: 8, name: '来福' } });
  });

  it('edit PUTs the whole record to the collection path', async () => {
    const seen = record();
    await module().edit?.({ id: 7, name: '旺财' });
    expect(seen).toMatchObject([
      { method: 'PUT', path: `${BASE}/pet`, body: { id: 7, name: '旺财' } },
    ]);
  });

  it('edit on an item path takes the id from the record', async () => {
    const seen = record();
    const { api } = restModule<Pet>(
      petstore,
      { edit: { method: 'PATCH', path: '/pets/{petId}', idParam: 'petId' } },
      'id',
    );
    await api.edit?.({ id: 7, name: '旺财' });
    expect(seen).toMatchObject([
      { method: 'PATCH', path: `${BASE}/pets/7`, body: { id: 7, name: '旺财' } },
    ]);
  });

  it('a PATCH declared as merge-patch+json is sent with that media type', async () => {
    const seen = record();
    const { api } = restModule<Pet>(
      petstore,
      {
        edit: {
          method: 'PATCH',
          path: '/pets/{petId}',
          idParam: 'petId',
          contentType: 'application/merge-patch+json',
        },
      },
      'id',
    );
    await api.edit?.({ id: 7, name: '旺财' });
    expect(seen).toMatchObject([
      { method: 'PATCH', contentType: 'application/merge-patch+json', body: { name: '旺财' } },
    ]);
  });

  it('delete answered 204 resolves with an empty success and shows nothing', async () => {
    const seen = record(() => new HttpResponse(null, { status: 204 }));
    const answer = await module().delete?.(7);
    expect(seen).toMatchObject([{ method: 'DELETE', path: `${BASE}/pet/7`, body: undefined }]);
    expect(answer).toEqual({ status: 200, msg: '', data: undefined });
    expect(errorTexts()).toEqual([]);
  });

  it('only the declared calls are offered', () => {
    const { api, queryKeys } = restModule<Pet>(
      petstore,
      { info: { method: 'GET', path: '/pet/{petId}' } },
      'id',
    );
    expect(Object.keys(api)).toEqual(['info']);
    expect(queryKeys).toEqual({});
  });
});

describe('the source base', () => {
  it('VITE_SOURCE_<NAME>_URL overrides basePath (upper case, - → _)', () => {
    const source = { name: 'pet-store', basePath: '/sources/pet-store' };
    expect(sourceBaseUrl(source, {})).toBe('/sources/pet-store');
    expect(
      sourceBaseUrl(source, { VITE_SOURCE_PET_STORE_URL: 'https://api.example.com/v3/' }),
    ).toBe('https://api.example.com/v3');
  });

  it('the calls follow the override set at build time', async () => {
    vi.stubEnv('VITE_SOURCE_PETSTORE_URL', 'https://petstore.example.com/api/v3');
    server.use(
      http.get('https://petstore.example.com/api/v3/pet/7', () =>
        HttpResponse.json({ id: 7, name: '旺财' }),
      ),
    );
    expect((await module().info?.(7))?.data).toEqual({ id: 7, name: '旺财' });
  });

  it('leaves out the fields the user left empty (null), which the API would refuse', async () => {
    const seen = record(() => HttpResponse.json({ id: 9, quantity: 3 }));
    await module().add?.({ quantity: 3, status: null, shipDate: null, complete: false });
    expect(seen[0]?.body).toEqual({ quantity: 3, complete: false });
  });

  it('shows what the server says about a refused write, whatever the document declared', async () => {
    record(() =>
      HttpResponse.json(
        { title: 'Bad Request', detail: '2 field(s) are invalid', errors: [] },
        { status: 400, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    const quiet = restModule<Pet>(
      { ...petstore, errors: 'status-text' },
      { add: { method: 'POST', path: '/pet' } },
      'id',
    ).api;
    await expect(quiet.add?.({ name: '旺财' })).rejects.toThrow('2 field(s) are invalid');
    expect(errorTexts()).toEqual(['提交的数据有误：2 field(s) are invalid']);
  });
});
