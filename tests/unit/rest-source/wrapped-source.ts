/**
 * A source document in the shapes of issue 50's published documents, annotated as
 * `import-openapi` annotates them: RealWorld's `{ articles, articlesCount }` lists,
 * `{ article }` answers and bodies (x-admin `items`, `total.field`, `record`, `body`) and a
 * listmonk-style nested wrapper `{ data: { results, total } }` / `{ data }`, under a server
 * path of `/api` — the back-office's own prefix. Written small so each shape is seen once.
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const wrapped = (key: string, schema: unknown) => ({
  type: 'object',
  required: [key],
  properties: { [key]: schema },
});
const query = (name: string) => ({ name, in: 'query', schema: { type: 'integer', minimum: 0 } });
const pathParam = (name: string, type: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type },
});
const problem = { description: 'invalid', ...json({ type: 'object' }) };

export const WRAPPED_DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Wrapped shop', version: '1.0.0' },
  servers: [{ url: 'https://shop.example/api' }],
  'x-admin': { source: { name: 'shop', title: '商店', menuId: 98 } },
  tags: [
    {
      name: 'articles',
      'x-admin': { module: 'articles', entity: 'Article', primaryKey: 'slug', title: '文章' },
    },
    {
      name: 'lists',
      'x-admin': { module: 'lists', entity: 'List', primaryKey: 'id', title: '名单' },
    },
  ],
  paths: {
    '/articles': {
      get: {
        tags: ['articles'],
        operationId: 'getArticles',
        parameters: [query('offset'), query('limit')],
        'x-admin': {
          capability: 'list',
          pagination: { style: 'offset', offset: 'offset', limit: 'limit' },
          total: { in: 'body', field: 'articlesCount' },
          items: 'articles',
        },
        responses: {
          '200': {
            description: 'articles',
            ...json({
              type: 'object',
              required: ['articles', 'articlesCount'],
              properties: {
                articles: { type: 'array', items: ref('Article') },
                articlesCount: { type: 'integer' },
              },
            }),
          },
        },
      },
      post: {
        tags: ['articles'],
        operationId: 'createArticle',
        'x-admin': { capability: 'add', record: 'article', body: 'article' },
        requestBody: { required: true, ...json(wrapped('article', ref('NewArticle'))) },
        responses: {
          '201': { description: 'created', ...json(wrapped('article', ref('Article'))) },
          '422': problem,
        },
      },
    },
    '/articles/{slug}': {
      parameters: [pathParam('slug', 'string')],
      get: {
        tags: ['articles'],
        operationId: 'getArticle',
        'x-admin': { capability: 'info', record: 'article' },
        responses: { '200': { description: 'one', ...json(wrapped('article', ref('Article'))) } },
      },
      put: {
        tags: ['articles'],
        operationId: 'updateArticle',
        'x-admin': { capability: 'edit', record: 'article', body: 'article' },
        requestBody: { required: true, ...json(wrapped('article', ref('UpdateArticle'))) },
        responses: {
          '200': { description: 'updated', ...json(wrapped('article', ref('Article'))) },
          '422': problem,
        },
      },
      delete: {
        tags: ['articles'],
        operationId: 'deleteArticle',
        'x-admin': { capability: 'delete' },
        responses: { '204': { description: 'deleted' } },
      },
    },
    '/lists': {
      get: {
        tags: ['lists'],
        operationId: 'getLists',
        parameters: [
          query('page'),
          // listmonk's: a number of rows, or "all".
          {
            name: 'per_page',
            in: 'query',
            schema: {
              oneOf: [
                { type: 'integer', minimum: 1 },
                { type: 'string', enum: ['all'] },
              ],
            },
          },
        ],
        'x-admin': {
          capability: 'list',
          pagination: { style: 'page', page: 'page', size: 'per_page' },
          total: { in: 'body', field: 'data.total' },
          items: 'data.results',
        },
        responses: {
          '200': {
            description: 'lists',
            ...json(
              wrapped('data', {
                type: 'object',
                properties: {
                  results: { type: 'array', items: ref('List') },
                  total: { type: 'integer' },
                  page: { type: 'integer' },
                  per_page: { type: 'integer' },
                },
              }),
            ),
          },
        },
      },
      post: {
        tags: ['lists'],
        operationId: 'createList',
        'x-admin': { capability: 'add', record: 'data' },
        requestBody: { required: true, ...json(ref('NewList')) },
        responses: { '200': { description: 'created', ...json(wrapped('data', ref('List'))) } },
      },
    },
    '/lists/{id}': {
      parameters: [pathParam('id', 'integer')],
      get: {
        tags: ['lists'],
        operationId: 'getList',
        'x-admin': { capability: 'info', record: 'data' },
        responses: { '200': { description: 'one', ...json(wrapped('data', ref('List'))) } },
      },
      put: {
        tags: ['lists'],
        operationId: 'updateList',
        'x-admin': { capability: 'edit', record: 'data' },
        requestBody: { required: true, ...json(ref('NewList')) },
        responses: { '200': { description: 'updated', ...json(wrapped('data', ref('List'))) } },
      },
      delete: {
        tags: ['lists'],
        operationId: 'deleteList',
        'x-admin': { capability: 'delete' },
        responses: {
          '200': { description: 'deleted', ...json(wrapped('data', { type: 'boolean' })) },
        },
      },
    },
  },
  components: {
    schemas: {
      Article: {
        type: 'object',
        required: ['slug', 'title', 'body', 'author'],
        properties: {
          slug: { type: 'string', readOnly: true, pattern: '^[a-z0-9-]{3,40}$' },
          title: { type: 'string', minLength: 1, maxLength: 80 },
          body: { type: 'string', minLength: 1, maxLength: 400 },
          // The server's to fill: NewArticle has no author.
          author: {
            type: 'object',
            required: ['username'],
            properties: { username: { type: 'string', minLength: 1 } },
          },
        },
      },
      NewArticle: {
        type: 'object',
        required: ['title', 'body'],
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 80 },
          body: { type: 'string', minLength: 1, maxLength: 400 },
        },
      },
      UpdateArticle: {
        type: 'object',
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 80 },
          body: { type: 'string', minLength: 1, maxLength: 400 },
        },
      },
      List: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string', minLength: 1, maxLength: 40 },
          type: { type: 'string', enum: ['public', 'private'] },
        },
      },
      NewList: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 40 },
          type: { type: 'string', enum: ['public', 'private'] },
        },
      },
    },
  },
};
