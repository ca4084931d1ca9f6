/**
 * A synthetic OpenAPI document of any size for the import figures (`npm run bench:import`) and
 * tests: `resources` × 5 operations (list with page/per_page paging and a filter, add, info,
 * edit, delete), each entity with the common field kinds.
 */
import type { Json } from '../json';

/** A document of `resources` × 5 operations (list, add, info, edit, delete). */
export function syntheticDocument(resources: number): Json {
  const paths: Json = {};
  const schemas: Json = {};
  const tags: Json[] = [];
  for (let i = 0; i < resources; i += 1) {
    const name = `Thing${i}`;
    const ref = { $ref: `#/components/schemas/${name}` };
    const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
    tags.push({ name: `thing${i}` });
    schemas[name] = {
      type: 'object',
      required: ['title'],
      properties: {
        id: { type: 'integer', readOnly: true },
        title: { type: 'string', maxLength: 80 },
        state: { type: 'string', enum: ['new', 'open', 'closed'] },
        due: { type: 'string', format: 'date' },
        amount: { type: 'number', minimum: 0 },
        done: { type: 'boolean' },
      },
    };
    const tag = [`thing${i}`];
    paths[`/things${i}`] = {
      get: {
        tags: tag,
        operationId: `listThings${i}`,
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer' } },
          { name: 'per_page', in: 'query', schema: { type: 'integer' } },
          {
            name: 'state',
            in: 'query',
            schema: { type: 'string', enum: ['new', 'open', 'closed'] },
          },
        ],
        responses: { '200': { description: 'ok', ...json({ type: 'array', items: ref }) } },
      },
      post: {
        tags: tag,
        operationId: `addThing${i}`,
        requestBody: json(ref),
        responses: { '201': { description: 'ok', ...json(ref) } },
      },
    };
    const id = [{ name: 'thingId', in: 'path', required: true, schema: { type: 'integer' } }];
    paths[`/things${i}/{thingId}`] = {
      parameters: id,
      get: {
        tags: tag,
        operationId: `getThing${i}`,
        responses: { '200': { description: 'ok', ...json(ref) } },
      },
      put: {
        tags: tag,
        operationId: `putThing${i}`,
        requestBody: json(ref),
        responses: { '200': { description: 'ok', ...json(ref) } },
      },
      delete: {
        tags: tag,
        operationId: `deleteThing${i}`,
        responses: { '204': { description: 'gone' } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Synthetic', version: '1' },
    tags,
    paths,
    components: { schemas },
  };
}
