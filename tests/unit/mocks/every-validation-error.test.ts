// @vitest-environment node
/**
 * Issue 53 item 3: the mock checks a request with one JSON Schema validator and reports every
 * error of it, each with the JSON pointer of the value and a Chinese message naming the field —
 * a source's problem+json lists them in `errors`, the back end's envelope in `data.errors` (its
 * message is the first, as before).
 */
import { describe, expect, it } from 'vitest';
import { createRestSource } from '@/mocks/rest-source/engine';
import { call, signIn, withMockServer } from './harness';

withMockServer();

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

const PETS = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  tags: [{ name: 'pets', 'x-admin': { module: 'pets', entity: 'Pet', primaryKey: 'id' } }],
  paths: {
    '/pets': {
      post: {
        tags: ['pets'],
        'x-admin': { capability: 'add' },
        requestBody: { required: true, ...json({ $ref: '#/components/schemas/Pet' }) },
        responses: {
          '201': { description: 'added', ...json({ $ref: '#/components/schemas/Pet' }) },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['name'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string', maxLength: 10 },
          status: { type: 'string', enum: ['available', 'sold'] },
          tags: { type: 'array', items: { type: 'string', format: 'date' } },
        },
      },
    },
  },
};

describe('every error of a request', () => {
  it('a source answers three bad fields with three errors, each at its pointer', async () => {
    const source = createRestSource(PETS, { seed: 'pets', count: 0 });
    const answer = await source.handle(
      new Request('http://mock/pets', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'asleep', tags: ['2026-01-01', '2026-02-30'], age: 3 }),
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(await answer.json()).toMatchObject({
      status: 400,
      errors: [
        { pointer: '/name', field: 'name', message: '请输入name' },
        { pointer: '/status', field: 'status', message: '「status」取值不正确' },
        { pointer: '/tags/1', field: 'tags.1', message: '「tags.1」必须是有效的日期' },
      ],
    });
  });

  it('the back end answers three bad fields with the first as its message and all three listed', async () => {
    const token = await signIn();
    const answer = await call('POST', '/api/adminnotice/add', {
      token,
      body: { notice_title: '字'.repeat(101), notice_type: 'x', status: 3 },
    });
    expect(answer).toEqual({
      status: 201,
      msg: '「公告标题」长度不能超过100个字符',
      data: {
        errors: [
          {
            field: 'notice_title',
            pointer: '/notice_title',
            message: '「公告标题」长度不能超过100个字符',
          },
          { field: 'notice_type', pointer: '/notice_type', message: '「公告类型」取值不正确' },
          { field: 'status', pointer: '/status', message: '「状态」取值不正确' },
        ],
      },
    });
  });
});
