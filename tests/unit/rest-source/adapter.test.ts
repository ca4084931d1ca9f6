/**
 * The REST adapter's list: each paging style and total style of an imported source, answered
 * as the page and count the CRUD list shows; search, filters and order as parameters the source
 * declared (and nothing else).
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { ListQuery, ModuleApi, ModuleQueryKeys } from '@/components/crud/module-definition';
import type { RestListCall } from '@/core/rest-source';
import { restModule } from '@/lib/rest-source';
import { BASE, paramsOf, petstore, server, setupSourceServer, type Pet } from './harness';

setupSourceServer();

const pets = (from: number, count: number): Pet[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `pet${from + i}` }));

/** The list call of a module over `list`; every request's query parameters are kept. */
function listOf(list: Omit<RestListCall, 'method' | 'path' | 'filters'> & Partial<RestListCall>) {
  const { api } = restModule<Pet>(
    petstore,
    { list: { method: 'GET', path: '/pets', filters: [], ...list } },
    'id',
  );
  return async (query: ListQuery) => {
    const answer = await api.list?.(query);
    if (!answer) throw new Error('no list');
    return answer;
  };
}

function answerWith(respond: (params: Record<string, string>) => Response) {
  const asked: Record<string, string>[] = [];
  server.use(
    http.get(`${BASE}/pets`, ({ request }) => {
      asked.push(paramsOf(request));
      return respond(paramsOf(request));
    }),
  );
  return asked;
}

const page = (pageindex: number, pagesize = 10, more: Partial<ListQuery> = {}): ListQuery => ({
  pageindex,
  pagesize,
  ...more,
});

describe('pagination none: one call, paged and searched in the browser', () => {
  it('answers the page asked for and counts every row; no paging parameters are sent', async () => {
    const asked = answerWith(() => HttpResponse.json(pets(1, 5)));
    const list = listOf({ pagination: { style: 'none' }, total: { in: 'client' } });
    const answer = await list(page(2, 2));
    expect(answer).toEqual({
      status: 200,
      msg: '',
      data: { data: pets(3, 2), allcount: 5, pageindex: 2, pagesize: 2 },
    });
    expect(asked).toEqual([{}]);
  });

  it('without a keyword parameter, the keyword filters the rows in the browser', async () => {
    answerWith(() => HttpResponse.json(pets(1, 12)));
    const list = listOf({ pagination: { style: 'none' }, total: { in: 'client' } });
    const answer = await list(page(1, 10, { keyword: 'PET1' }));
    expect(answer.data?.data.map((pet) => pet.id)).toEqual([1, 10, 11, 12]);
    expect(answer.data?.allcount).toBe(4);
  });

  it('sends declared filters and the keyword parameter; undeclared keys and empty values are not sent', async () => {
    const asked = answerWith(() => HttpResponse.json([]));
    const list = listOf({
      pagination: { style: 'none' },
      total: { in: 'client' },
      filters: ['status', 'tags'],
      keyword: 'q',
    });
    await list(page(1, 10, { status: 'sold', tags: '', keyword: ' 猫 ', owner: 'x', mode: 3 }));
    expect(asked).toEqual([{ status: 'sold', q: '猫' }]);
  });

  it('a filter named in the path fills it instead of the query', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${BASE}/owners/:owner/pets`, ({ request }) => {
        asked.push(new URL(request.url).pathname + new URL(request.url).search);
        return HttpResponse.json([]);
      }),
    );
    const list = listOf({
      path: '/owners/{ownerId}/pets',
      pagination: { style: 'none' },
      total: { in: 'client' },
      filters: ['ownerId', 'status'],
    });
    await list(page(1, 10, { ownerId: 'a/b', status: 'sold' }));
    expect(asked).toEqual([`${BASE}/owners/a%2Fb/pets?status=sold`]);
  });
});

describe('page and offset pagination', () => {
  it('page: pageindex − 1 + firstPage and size; the total from a body field, rows from `items`', async () => {
    const asked = answerWith(() => HttpResponse.json({ items: pets(11, 10), meta: { total: 57 } }));
    const list = listOf({
      pagination: { style: 'page', page: 'page', size: 'size', firstPage: 0 },
      total: { in: 'body', field: 'meta.total' },
      items: 'items',
    });
    const answer = await list(page(2));
    expect(asked).toEqual([{ page: '1', size: '10' }]);
    expect(answer.data).toEqual({ data: pets(11, 10), allcount: 57, pageindex: 2, pagesize: 10 });
  });

  it('offset: (pageindex − 1) × pagesize and limit; the total from X-Total-Count', async () => {
    const asked = answerWith(() =>
      HttpResponse.json(pets(21, 10), { headers: { 'X-Total-Count': '43' } }),
    );
    const list = listOf({
      pagination: { style: 'offset', offset: 'offset', limit: 'limit' },
      total: { in: 'header', name: 'X-Total-Count' },
    });
    const answer = await list(page(3));
    expect(asked).toEqual([{ offset: '20', limit: '10' }]);
    expect(answer.data?.allcount).toBe(43);
  });

  it('Link total: rel="last" page × size', async () => {
    answerWith(() =>
      HttpResponse.json(pets(1, 10), {
        headers: {
          Link: `<${BASE}/pets?page=2&per_page=10>; rel="next", <${BASE}/pets?page=5&per_page=10>; rel="last"`,
        },
      }),
    );
    const list = listOf({
      pagination: { style: 'page', page: 'page', size: 'per_page', firstPage: 1 },
      total: { in: 'header', name: 'Link' },
    });
    expect((await list(page(1))).data?.allcount).toBe(50);
  });

  it('Link total without rel="last": the rows so far, plus one while rel="next" exists', async () => {
    const list = listOf({
      pagination: { style: 'page', page: 'page', size: 'per_page', firstPage: 1 },
      total: { in: 'header', name: 'Link' },
    });
    answerWith(() =>
      HttpResponse.json(pets(11, 10), { headers: { Link: `<${BASE}/pets?page=3>; rel="next"` } }),
    );
    expect((await list(page(2))).data?.allcount).toBe(21);
    server.resetHandlers();
    answerWith(() =>
      HttpResponse.json(pets(21, 10), { headers: { Link: `<${BASE}/pets?page=1>; rel="first"` } }),
    );
    expect((await list(page(3))).data?.allcount).toBe(30);
  });

  it('client total: one more page offered after a full page, the exact count after a short one', async () => {
    const list = listOf({
      pagination: { style: 'page', page: 'page', size: 'size', firstPage: 1 },
      total: { in: 'client' },
    });
    answerWith((params) => HttpResponse.json(params.page === '1' ? pets(1, 10) : pets(11, 4)));
    expect((await list(page(1))).data?.allcount).toBe(11);
    expect((await list(page(2))).data?.allcount).toBe(14);
  });
});

describe('cursor pagination', () => {
  /** Page n's rows; the next cursor in the body for page 1, in the Link header for page 2. */
  const respond = (params: Record<string, string>) => {
    if (!params.cursor) return HttpResponse.json({ data: pets(1, 2), nextCursor: 'c2' });
    if (params.cursor === 'c2')
      return HttpResponse.json(
        { data: pets(3, 2) },
        { headers: { Link: `<${BASE}/pets?cursor=c3&limit=2>; rel="next"` } },
      );
    return HttpResponse.json({ data: pets(5, 1) });
  };

  it('page n sends the cursor page n − 1 returned (body field, then Link header)', async () => {
    const asked = answerWith(respond);
    const list = listOf({
      pagination: { style: 'cursor', cursor: 'cursor', limit: 'limit' },
      total: { in: 'client' },
      items: 'data',
    });
    expect((await list(page(1, 2))).data).toMatchObject({ data: pets(1, 2), allcount: 3 });
    expect((await list(page(2, 2))).data).toMatchObject({ data: pets(3, 2), allcount: 5 });
    expect((await list(page(3, 2))).data).toMatchObject({ data: pets(5, 1), allcount: 5 });
    expect(asked).toEqual([
      { limit: '2' },
      { cursor: 'c2', limit: '2' },
      { cursor: 'c3', limit: '2' },
    ]);
  });

  it('a jump to page 3 of a new search asks pages 1, 2 and 3 in turn', async () => {
    const asked = answerWith(respond);
    const list = listOf({
      pagination: { style: 'cursor', cursor: 'cursor' },
      total: { in: 'client' },
      items: 'data',
    });
    expect((await list(page(3, 2))).data?.data).toEqual(pets(5, 1));
    expect(asked).toEqual([{}, { cursor: 'c2' }, { cursor: 'c3' }]);
  });

  it('OpenAI lists: has_more with last_id offers the next page, asked after that key', async () => {
    // `{ object: "list", data, first_id, last_id, has_more }`: no next field, no Link header.
    const asked = answerWith((params) => {
      const rows = params.after === '2' ? pets(3, 2) : pets(1, 2);
      const more = params.after !== '2';
      return HttpResponse.json({
        object: 'list',
        data: rows,
        first_id: String(rows[0]?.id),
        last_id: String(rows.at(-1)?.id),
        has_more: more,
      });
    });
    const list = listOf({
      pagination: { style: 'cursor', cursor: 'after', limit: 'limit' },
      total: { in: 'client' },
      items: 'data',
    });
    // One more page is offered while has_more; the last page (has_more false) counts exactly.
    expect((await list(page(1, 2))).data).toMatchObject({ data: pets(1, 2), allcount: 3 });
    expect((await list(page(2, 2))).data).toMatchObject({ data: pets(3, 2), allcount: 4 });
    expect(asked).toEqual([{ limit: '2' }, { after: '2', limit: '2' }]);
  });
});

describe('sorting', () => {
  const sorted = (descending: '-field' | 'unknown') =>
    listOf({
      pagination: { style: 'none' },
      total: { in: 'client' },
      sort: { param: 'sort', fields: ['name', 'id'], descending },
    });

  it.each([
    ['-field', 'asc', 'name', { sort: 'name' }],
    ['-field', 'desc', 'name', { sort: '-name' }],
    ['unknown', 'desc', 'name', { sort: 'name' }],
    ['-field', 'desc', 'status', {}],
  ] as const)('descending %s, %s on %s → %o', async (descending, order, field, expected) => {
    const asked = answerWith(() => HttpResponse.json([]));
    await sorted(descending)(page(1, 10, { sortfield: field, sortorder: order }));
    expect(asked).toEqual([expected]);
  });
});

describe('module shape', () => {
  it('fits ModuleApi / ModuleQueryKeys; list keys share the prefix the blocks invalidate', () => {
    const { api, queryKeys } = restModule<Pet>(
      petstore,
      {
        list: {
          method: 'GET',
          path: '/pet/findByStatus',
          pagination: { style: 'none' },
          total: { in: 'client' },
          filters: ['status'],
        },
      },
      'id',
    );
    const moduleApi: ModuleApi<Pet> = api;
    const keys: ModuleQueryKeys = queryKeys;
    expect(Object.keys(moduleApi)).toEqual(['list']);
    expect(keys.list?.()).toEqual(['source', 'petstore', '/pet/findByStatus']);
    expect(keys.list?.(page(2))).toEqual([
      'source',
      'petstore',
      '/pet/findByStatus',
      { pageindex: 2, pagesize: 10 },
    ]);
  });
});
