/**
 * Envelopes as real APIs write them (issue 50): a single record inside a wrapper
 * (`{ "article": {…} }`) and the record sent inside one. The adapter reads and writes them where
 * the source's x-admin says (`record`, `body`), so the form shows the record's fields, not an
 * "unreadable" answer, and the server gets the body it expects.
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { restModule } from '@/lib/rest-source';
import type { RestResourceCalls } from '@/core/rest-source';
import { BASE, petstore, server, setupSourceServer, type Pet } from './harness';

setupSourceServer();

const CALLS: RestResourceCalls = {
  list: {
    method: 'GET',
    path: '/articles',
    pagination: { style: 'page', page: 'page', size: 'per_page', firstPage: 1 },
    total: { in: 'body', field: 'data.total' },
    items: 'data.results',
    filters: [],
  },
  info: { method: 'GET', path: '/articles/{id}', idParam: 'id', recordAt: 'article' },
  add: { method: 'POST', path: '/articles', recordAt: 'article', bodyAt: 'article' },
  edit: {
    method: 'PUT',
    path: '/articles/{id}',
    idParam: 'id',
    body: 'json',
    recordAt: 'article',
    bodyAt: 'article',
  },
};

const api = () => restModule<Pet>(petstore, CALLS, 'id').api;

describe('wrapped answers and bodies', () => {
  it('reads the record of an info answer at article', async () => {
    server.use(
      http.get(`${BASE}/articles/7`, () => HttpResponse.json({ article: { id: 7, name: '旺财' } })),
    );
    const answer = await api().info?.(7);
    expect(answer?.data).toEqual({ id: 7, name: '旺财' });
  });

  it('sends add and edit bodies under article and answers their records', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${BASE}/articles`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ article: { id: 8, name: '来福' } }, { status: 201 });
      }),
      http.put(`${BASE}/articles/8`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ article: { id: 8, name: '来福二' } });
      }),
    );
    const added = await api().add?.({ name: '来福' });
    const edited = await api().edit?.({ id: 8, name: '来福二' });
    expect(sent).toEqual([{ article: { name: '来福' } }, { article: { id: 8, name: '来福二' } }]);
    expect(added?.data).toEqual({ id: 8, name: '来福' });
    expect(edited?.data).toEqual({ id: 8, name: '来福二' });
  });
});
