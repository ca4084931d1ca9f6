// @vitest-environment node
/**
 * The action descriptor generate makes of an imported operation that is no list / info / add /
 * edit / delete (issue 50): imported from a Conduit-like document, `POST /articles/{slug}/favorite`
 * is a row button named from its operationId, filled by the row's slug and asking first (no
 * fields); its DELETE is destructive; `POST /articles/{slug}/comments/{id}/report` asks for what
 * the row does not hold; the shipped Petstore's `uploadFile` sends a file, so it gets no button
 * and the import report says why.
 */
import path from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { importOpenApi } from '../../generator/import-openapi';
import { isJson, type Json } from '../../generator/json';
import { moduleActions, moduleTagNames } from '../../generator/sources/source-actions';
import { sourceOperations } from '../../generator/sources/source-calls';
import { tempDir } from './helpers';

const article = {
  type: 'object',
  required: ['slug', 'title'],
  properties: { slug: { type: 'string' }, title: { type: 'string' } },
};
const answer = {
  description: 'ok',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Article' } } },
};
const slug = { name: 'slug', in: 'path', required: true, schema: { type: 'string' } };

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Conduit', version: '1.0.0' },
  tags: [{ name: 'articles' }],
  paths: {
    '/articles': {
      get: {
        operationId: 'listArticles',
        tags: ['articles'],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Article' } },
              },
            },
          },
        },
      },
    },
    '/articles/{slug}': {
      parameters: [slug],
      get: { operationId: 'getArticle', tags: ['articles'], responses: { '200': answer } },
    },
    '/articles/{slug}/favorite': {
      parameters: [slug],
      post: { operationId: 'favoriteArticle', tags: ['articles'], responses: { '200': answer } },
      delete: {
        operationId: 'unfavoriteArticle',
        summary: 'Unfavorite an article',
        tags: ['articles'],
        responses: { '200': answer },
      },
    },
    '/articles/{slug}/report': {
      parameters: [slug],
      post: {
        operationId: 'reportArticle',
        tags: ['articles'],
        parameters: [{ name: 'notify', in: 'query', schema: { type: 'boolean' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['reason'],
                properties: { reason: { type: 'string', enum: ['spam', 'abuse'] } },
              },
            },
          },
        },
        responses: { '204': { description: 'reported' } },
      },
    },
  },
  components: { schemas: { Article: article } },
};

async function readYaml(file: string): Promise<Json> {
  const value: unknown = parse(await readFile(file, 'utf8'));
  if (!isJson(value)) throw new Error(`${file} is no mapping`);
  return value;
}

const actionsOf = (document: Json, tag: string) =>
  moduleActions(document, sourceOperations(document), tag, moduleTagNames(document));

describe('the action descriptor of an imported operation', () => {
  it('a row button per action: its label, the row key it takes, its fields and where they go', async () => {
    const dir = await tempDir('source-actions');
    const file = path.join(dir, 'conduit.yaml');
    await writeFile(file, stringify(DOCUMENT));
    const result = await importOpenApi({
      source: file,
      name: 'conduit',
      contractDir: path.join(dir, 'openapi'),
    });
    expect(result.report.summary).toMatchObject({ operations: 5, mapped: 5, leftOut: 0 });
    expect(result.reportText).toContain('    action button: row POST /articles/{slug}/favorite');
    const { actions, skipped } = actionsOf(await readYaml(result.written.document), 'articles');
    expect(skipped).toEqual([]);
    expect(actions).toEqual([
      {
        id: 'favoriteArticle',
        label: 'Favorite article',
        placement: 'row',
        method: 'POST',
        path: '/articles/{slug}/favorite',
        idParam: 'slug',
        destructive: false,
        fields: [],
        places: {},
        permission: 'CONDUIT_ARTICLES_FAVORITEARTICLE',
      },
      {
        id: 'unfavoriteArticle',
        label: 'Unfavorite an article',
        placement: 'row',
        method: 'DELETE',
        path: '/articles/{slug}/favorite',
        idParam: 'slug',
        destructive: true,
        fields: [],
        places: {},
        permission: 'CONDUIT_ARTICLES_UNFAVORITEARTICLE',
      },
      expect.objectContaining({
        id: 'reportArticle',
        label: 'Report article',
        idParam: 'slug',
        places: { notify: 'query', reason: 'body' },
      }),
    ]);
    const report = actions[2]!;
    expect(report.fields.map((field) => [field.cf_fieldname, field.cf_control])).toEqual([
      ['notify', 'Switch'],
      ['reason', 'select'],
    ]);
    expect(report.fields[1]).toMatchObject({ cf_validate: 'require' });
  });

  it('the shipped Petstore: uploadFile sends a file — no button, with the reason', async () => {
    const document = await readYaml(
      path.join(import.meta.dirname, '../../openapi/sources/petstore/openapi.yaml'),
    );
    const { actions, skipped } = actionsOf(document, 'pet');
    expect(actions.map((action) => [action.id, action.placement, action.idParam])).toEqual([
      ['findPetsByTags', 'toolbar', undefined],
      ['updatePetWithForm', 'row', 'petId'],
    ]);
    expect(skipped).toEqual([
      'POST /pet/{petId}/uploadImage: its body field file is a file — an action form does not send files yet',
    ]);
  });
});
