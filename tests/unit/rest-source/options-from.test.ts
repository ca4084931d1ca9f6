/**
 * A select filled from another list of the same source (FieldDefinition.optionsFrom): records
 * as options, or — Petstore lists no categories — the distinct values of a field of the listed
 * records, each category once however many pets have it; the chosen one is sent back whole.
 * A list whose size parameter declares a maximum is never asked for more.
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { OptionsFrom } from '@/core/field-definition';
import { loadOptionsFrom, recordFrom } from '@/core/options-from';
import { installSourceOptions } from '@/lib/rest-source/options-from';
import { BASE, server, setupSourceServer } from './harness';

setupSourceServer();
installSourceOptions();

const pets = [
  { id: 1, name: '旺财', category: { id: 1, name: 'Dogs' } },
  { id: 2, name: '咪咪', category: { id: 2, name: 'Cats' } },
  { id: 3, name: '来福', category: { id: 1, name: 'Dogs' } },
  { id: 4, name: '无名' },
];

const categories: OptionsFrom = {
  source: 'petstore',
  list: {
    method: 'GET',
    path: '/pet/findByStatus',
    pagination: { style: 'none' },
    total: { in: 'client' },
    filters: [],
  },
  field: 'category',
  value: 'id',
  label: 'name',
};

describe('options from a list of the source', () => {
  it('the categories the pets have, each once, and the chosen one as a whole record', async () => {
    server.use(http.get(`${BASE}/pet/findByStatus`, () => HttpResponse.json(pets)));
    const options = await loadOptionsFrom(categories, new AbortController().signal);
    expect(options).toEqual([
      { value: 1, label: 'Dogs' },
      { value: 2, label: 'Cats' },
    ]);
    expect(recordFrom(categories, 2)).toEqual({ id: 2, name: 'Cats' });
  });

  it('the records themselves without a field, never more than the list’s maximum page', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${BASE}/pets`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(pets);
      }),
    );
    const options = await loadOptionsFrom(
      {
        ...categories,
        list: {
          ...categories.list,
          path: '/pets',
          pagination: { style: 'page', page: 'page', size: 'limit', firstPage: 1, maxSize: 30 },
        },
        field: undefined,
      },
      new AbortController().signal,
    );
    expect(options.map((option) => option.label)).toEqual(['旺财', '咪咪', '来福', '无名']);
    expect(asked).toEqual(['?page=1&limit=30']);
  });
});
