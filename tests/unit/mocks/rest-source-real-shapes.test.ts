// @vitest-environment node
/**
 * Issue 50: what the REST mock of an imported source answers fits the schemas the published
 * documents declare (`verify --source` checks every answer with a full JSON Schema validator):
 * OpenAI's `anyOf: [{ $ref }, { type: 'null' }]` fields, required objects six levels down, and
 * cursor lists whose `first_id` is a text even when the page is empty.
 */
import { describe, expect, it } from 'vitest';
import { createRestSource } from '@/mocks/rest-source/engine';
import { seededRandom } from '@/mocks/rest-source/random';
import { validate } from '@/mocks/rest-source/schema-check';
import { valueFor } from '@/mocks/rest-source/values';

const moderation = {
  anyOf: [
    {
      type: 'object',
      required: ['input'],
      properties: { input: { type: 'string' }, model: { type: 'string' } },
    },
    { type: 'null' },
  ],
};

describe('the REST mock and the schemas of published documents', () => {
  it('reads { type: "null" } as null alone, and an answer as lacking what it requires', () => {
    expect(validate({}, moderation, { model: 'omni' }, 'output')).toEqual([
      { pointer: '', field: '(body)', message: '「请求内容」格式不正确' },
    ]);
    expect(validate({}, moderation, null, 'output')).toEqual([]);
    expect(validate({}, moderation, { input: 'text' }, 'output')).toEqual([]);
  });

  it('makes the required objects of a deeply nested answer, not empty ones', () => {
    // output[].content[].annotations[].{ type, file_id } as OpenAI's responses nest them.
    let schema: Record<string, unknown> = {
      type: 'object',
      required: ['type', 'file_id'],
      properties: {
        type: { type: 'string', enum: ['file_citation'] },
        file_id: { type: 'string' },
      },
    };
    for (const name of ['annotations', 'content', 'output'])
      schema = {
        type: 'object',
        required: [name],
        properties: { [name]: { type: 'array', minItems: 1, items: schema } },
      };
    const value = valueFor(
      {},
      { type: 'object', properties: { response: schema } },
      {
        random: seededRandom('deep'),
        examples: false,
        depth: 1,
      },
    );
    expect(validate({}, schema, (value as { response: unknown }).response, 'output')).toEqual([]);
  });

  it('leaves first_id out of an empty cursor page where the schema wants a text', async () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'files', version: '1' },
      servers: [{ url: '/v1' }],
      tags: [{ name: 'files', 'x-admin': { module: 'files', entity: 'File', primaryKey: 'id' } }],
      paths: {
        '/files': {
          get: {
            tags: ['files'],
            parameters: [{ name: 'after', in: 'query', schema: { type: 'string' } }],
            'x-admin': {
              capability: 'list',
              items: 'data',
              pagination: { style: 'cursor', cursor: 'after' },
            },
            responses: {
              '200': {
                description: 'files',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['data', 'has_more'],
                      properties: {
                        data: { type: 'array', items: { $ref: '#/components/schemas/File' } },
                        first_id: { type: 'string' },
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
          File: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        },
      },
    };
    const source = createRestSource(document, { seed: 'files', count: 0 });
    const answer = await source.handle(new Request('http://mock/v1/files'));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ data: [], has_more: false });
  });
});
