// @vitest-environment node
/**
 * The source mock answers inside the wrappers the document declares (issue 50): lists in
 * `{ articles, articlesCount }` and `{ data: { results, total, page, per_page } }`, single
 * records in `{ article }` / `{ data }`; a body sent as `{ article: {…} }` is taken out of its
 * wrapper before it is checked and stored, and a body without it is refused naming the field.
 */
import { describe, expect, it } from 'vitest';
import { createRestSource, type RestSource } from '@/mocks/rest-source/engine';
import { WRAPPED_DOCUMENT } from './wrapped-source';

const BASE = '/sources/shop';

function source(): RestSource {
  return createRestSource(structuredClone(WRAPPED_DOCUMENT), { seed: 'shop', basePath: BASE });
}

async function call(engine: RestSource, method: string, path: string, body?: unknown) {
  const answer = await engine.handle(
    new Request(`http://mock${BASE}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await answer.text();
  return { status: answer.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

describe('wrapped lists', () => {
  it('answers { articles, articlesCount } and { data: { results, total, page, per_page } }', async () => {
    const engine = source();
    const articles = await call(engine, 'GET', '/articles?offset=0&limit=2');
    expect(articles.status).toBe(200);
    expect(articles.body).toEqual({
      articles: engine.records('articles').slice(0, 2),
      articlesCount: engine.records('articles').length,
    });
    // per_page is an integer or "all" (a oneOf): the text 3 is read as the number.
    const lists = await call(engine, 'GET', '/lists?page=2&per_page=3');
    expect(lists.body).toEqual({
      data: {
        results: engine.records('lists').slice(3, 6),
        total: engine.records('lists').length,
        page: 2,
        per_page: 3,
      },
    });
  });
});

describe('wrapped records', () => {
  it('adds, reads and edits an article sent and answered under article', async () => {
    const engine = source();
    const added = await call(engine, 'POST', '/articles', {
      article: { title: '第一篇', body: '正文' },
    });
    expect(added.status).toBe(201);
    // The author, which NewArticle cannot carry, is filled in as the server would.
    const author = { username: expect.any(String) };
    expect(added.body).toEqual({
      article: { slug: expect.any(String), title: '第一篇', body: '正文', author },
    });
    const stored = engine.records('articles').at(-1);
    const slug = stored?.slug;
    expect(stored).toEqual({ slug, title: '第一篇', body: '正文', author });
    const read = await call(engine, 'GET', `/articles/${String(slug)}`);
    expect(read.body).toEqual(added.body);
    const edited = await call(engine, 'PUT', `/articles/${String(slug)}`, {
      article: { title: '改过', body: '新正文' },
    });
    expect(edited.body).toEqual({
      article: { slug, title: '改过', body: '新正文', author: stored?.author },
    });
  });

  it('refuses a body without its wrapper, and points into the wrapper for a bad field', async () => {
    const engine = source();
    const count = engine.records('articles').length;
    const bare = await call(engine, 'POST', '/articles', { title: '第一篇', body: '正文' });
    expect(bare.status).toBe(422);
    expect(bare.body).toMatchObject({
      detail: 'The record belongs under article in the body',
      errors: [{ pointer: '/article', field: 'article', message: 'article is required' }],
    });
    const empty = await call(engine, 'POST', '/articles', { article: { title: '', body: 'x' } });
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ errors: [{ pointer: '/article/title' }] });
    expect(engine.records('articles')).toHaveLength(count);
  });

  it('answers a record in { data } where the body is not wrapped', async () => {
    const engine = source();
    const added = await call(engine, 'POST', '/lists', { name: '读者', type: 'public' });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ data: { id: expect.any(Number), name: '读者', type: 'public' } });
    const id = engine.records('lists').at(-1)?.id;
    expect((await call(engine, 'GET', `/lists/${String(id)}`)).body).toEqual(added.body);
  });
});

/** OpenAI's list: `{ object: "list", data, first_id, last_id, has_more }`, paged by `after`. */
const CURSOR_DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Cursor', version: '1' },
  'x-admin': { source: { name: 'cursor' } },
  tags: [{ name: 'files', 'x-admin': { module: 'files', entity: 'File', primaryKey: 'id' } }],
  paths: {
    '/files': {
      get: {
        tags: ['files'],
        parameters: [
          { name: 'after', in: 'query', schema: { type: 'string' } },
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
        ],
        'x-admin': {
          capability: 'list',
          pagination: { style: 'cursor', cursor: 'after', limit: 'limit' },
          items: 'data',
        },
        responses: {
          '200': {
            description: 'files',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['object', 'data', 'first_id', 'last_id', 'has_more'],
                  properties: {
                    object: { type: 'string', enum: ['list'] },
                    data: { type: 'array', items: { $ref: '#/components/schemas/File' } },
                    first_id: { type: 'string' },
                    last_id: { type: 'string' },
                    has_more: { type: 'boolean' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      File: {
        type: 'object',
        required: ['id', 'filename'],
        properties: { id: { type: 'string' }, filename: { type: 'string' } },
      },
    },
  },
};

describe('a cursor list in an OpenAI-style wrapper', () => {
  it('fills object, first_id, last_id and has_more, and pages after the last key', async () => {
    const engine = createRestSource(structuredClone(CURSOR_DOCUMENT), {
      basePath: BASE,
      count: 5,
    });
    const files = engine.records('files');
    const first = await call(engine, 'GET', '/files?limit=2');
    expect(first.body).toEqual({
      object: 'list',
      data: files.slice(0, 2),
      first_id: files[0]?.id,
      last_id: files[1]?.id,
      has_more: true,
    });
    const next = await call(engine, 'GET', `/files?limit=2&after=${String(files[1]?.id)}`);
    expect(next.body).toMatchObject({ data: files.slice(2, 4), has_more: true });
    const last = await call(engine, 'GET', `/files?limit=2&after=${String(files[3]?.id)}`);
    expect(last.body).toMatchObject({ data: files.slice(4), has_more: false });
  });
});
