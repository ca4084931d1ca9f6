// @vitest-environment node
/**
 * Issue 50 (DigitalOcean VPCs): a PUT whose body schema cannot carry a field (vpc_update has
 * name and description, not region) keeps the stored value of that field, as a real server
 * does; the fields the body declares are replaced.
 */
import { describe, expect, it } from 'vitest';
import { createRestSource } from '@/mocks/rest-source/engine';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const VPC_DOCUMENT = {
  openapi: '3.0.0',
  info: { title: 'Vpcs', version: '1' },
  'x-admin': { source: { name: 'vpcs' } },
  tags: [{ name: 'vpcs', 'x-admin': { module: 'vpcs', entity: 'Vpc', primaryKey: 'id' } }],
  paths: {
    '/vpcs': {
      get: {
        tags: ['vpcs'],
        'x-admin': { capability: 'list' },
        responses: { '200': { description: 'all', ...json({ type: 'array', items: ref('Vpc') }) } },
      },
      post: {
        tags: ['vpcs'],
        'x-admin': { capability: 'add' },
        requestBody: { required: true, ...json(ref('VpcCreate')) },
        responses: { '201': { description: 'added', ...json(ref('Vpc')) } },
      },
    },
    '/vpcs/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        tags: ['vpcs'],
        'x-admin': { capability: 'info' },
        responses: { '200': { description: 'one', ...json(ref('Vpc')) } },
      },
      put: {
        tags: ['vpcs'],
        'x-admin': { capability: 'edit' },
        requestBody: { required: true, ...json(ref('VpcUpdate')) },
        responses: { '200': { description: 'edited', ...json(ref('Vpc')) } },
      },
    },
  },
  components: {
    schemas: {
      Vpc: {
        type: 'object',
        properties: {
          id: { type: 'string', readOnly: true },
          name: { type: 'string' },
          region: { type: 'string' },
          description: { type: 'string' },
        },
      },
      VpcCreate: {
        type: 'object',
        required: ['name', 'region'],
        properties: {
          name: { type: 'string' },
          region: { type: 'string' },
          description: { type: 'string' },
        },
      },
      VpcUpdate: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, description: { type: 'string' } },
      },
    },
  },
};

async function call(
  engine: ReturnType<typeof createRestSource>,
  method: string,
  path: string,
  body?: unknown,
) {
  const answer = await engine.handle(
    new Request(`http://mock${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: answer.status, body: (await answer.json()) as unknown };
}

describe('a PUT whose body schema declares fewer fields than the record', () => {
  it('keeps the stored region and replaces name and description', async () => {
    const engine = createRestSource(structuredClone(VPC_DOCUMENT), { seed: 'vpcs', count: 0 });
    const added = await call(engine, 'POST', '/vpcs', {
      name: 'env.prod-vpc',
      region: 'nyc1',
      description: '旧的说明',
    });
    expect(added.status).toBe(201);
    const id = String((added.body as { id: unknown }).id);
    const edited = await call(engine, 'PUT', `/vpcs/${id}`, { name: 'env.prod-vpc' });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ id, name: 'env.prod-vpc', region: 'nyc1' });
    expect((await call(engine, 'GET', `/vpcs/${id}`)).body).toEqual(edited.body);
  });
});
