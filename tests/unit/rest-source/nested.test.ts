/**
 * A nested collection under one parent (a book's reviews): its list and add go to the parent's
 * address, the key is not sent as a field of the new record, and two parents' pages never share
 * a cache key.
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { restModule, underParent } from '@/lib/rest-source';
import { BASE, petstore, server, setupSourceServer } from './harness';

setupSourceServer();

const reviews = () =>
  restModule<Record<string, unknown>>(
    petstore,
    {
      list: {
        method: 'GET',
        path: '/books/{isbn}/reviews',
        pagination: { style: 'offset', offset: 'offset', limit: 'limit' },
        total: { in: 'header', name: 'X-Total-Count' },
        filters: [],
      },
      add: { method: 'POST', path: '/books/{isbn}/reviews' },
    },
    'id',
  );

describe('a nested collection under its parent', () => {
  it('lists and adds at the parent’s address, the key not among the new record’s fields', async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${BASE}/books/:isbn/reviews`, ({ request }) => {
        seen.push(`GET ${new URL(request.url).pathname}${new URL(request.url).search}`);
        return HttpResponse.json([{ id: 1, rating: 5 }], { headers: { 'X-Total-Count': '1' } });
      }),
      http.post(`${BASE}/books/:isbn/reviews`, async ({ request }) => {
        seen.push(`POST ${new URL(request.url).pathname} ${await request.text()}`);
        return HttpResponse.json({ id: 2, rating: 4 }, { status: 201 });
      }),
    );
    const under = underParent(reviews(), 'isbn', '978 7/02');
    const page = await under.api.list?.({ pageindex: 1, pagesize: 10 });
    expect(page?.data).toMatchObject({ data: [{ id: 1, rating: 5 }], allcount: 1 });
    await under.api.add?.({ rating: 4 });
    expect(seen).toEqual([
      `GET ${BASE}/books/978%207%2F02/reviews?offset=0&limit=10`,
      `POST ${BASE}/books/978%207%2F02/reviews {"rating":4}`,
    ]);
  });

  it('keeps two parents’ pages apart in the cache, each under its own prefix', () => {
    const query = { pageindex: 1, pagesize: 10 };
    const one = underParent(reviews(), 'isbn', '1').queryKeys;
    const two = underParent(reviews(), 'isbn', '2').queryKeys;
    expect(one.list?.(query)).not.toEqual(two.list?.(query));
    expect(one.list?.()).not.toEqual(two.list?.());
    // A change refreshes every page of its parent: the prefix starts each page's key.
    const prefix = one.list?.() ?? [];
    expect(one.list?.(query).slice(0, prefix.length)).toEqual(prefix);
  });
});
