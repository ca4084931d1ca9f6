// @vitest-environment node
/**
 * The source mock answers an action (issue 50, T1 item 4): the shipped library's row action 借出
 * (`POST /books/{isbn}/lend`) answers its declared 204 for a book it holds, and 404 problem+json
 * for an ISBN it does not — as the book's own GET would — while an invalid body is still 400.
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { isRecord, textOf } from '@/core/guards';
import { createRestSource } from '@/mocks/rest-source/engine';

const LIBRARY = path.resolve(import.meta.dirname, '../../../openapi/sources/library/openapi.yaml');

async function library() {
  const document: unknown = parse(await readFile(LIBRARY, 'utf8'));
  if (!isRecord(document)) throw new Error('the library document is no mapping');
  return createRestSource(document, { seed: 'actions', basePath: '/sources/library' });
}

const lend = (isbn: string, body: unknown) =>
  new Request(`http://mock/sources/library/books/${encodeURIComponent(isbn)}/lend`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer demo' },
    body: JSON.stringify(body),
  });

describe('a row action in the source mock', () => {
  it('answers the declared 2xx for a record it holds, 404 for one it does not', async () => {
    const engine = await library();
    const isbn = textOf(engine.records('books')[0]?.isbn);
    if (!isbn) throw new Error('the library seeded no book');
    const lent = await engine.handle(lend(isbn, { readerId: 3, until: '2026-12-31' }));
    expect(lent.status).toBe(204);
    const absent = await engine.handle(lend('9999999999', { readerId: 3, until: '2026-12-31' }));
    expect(absent.status).toBe(404);
    expect(absent.headers.get('content-type')).toContain('application/problem+json');
    expect(await absent.json()).toMatchObject({
      status: 404,
      detail: 'books 9999999999 does not exist',
    });
    const invalid = await engine.handle(lend(isbn, { readerId: 0 }));
    expect(invalid.status).toBe(400);
  });
});
