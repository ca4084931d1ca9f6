// @vitest-environment node
/**
 * A body whose one field is a map is that record, not a wrapper around one (issue 50): OpenAI's
 * `POST /conversations/{id}` takes `{ metadata: Metadata }` (a map of strings, or null). Taken as
 * a wrapper, the mock asked for the whole record under `metadata` and refused a real edit, and
 * `verify --writes` sent the record there (「metadata」格式不正确).
 */
import { describe, expect, it } from 'vitest';
import { recordIn } from '../../generator/import-openapi/list-items';
import type { Json } from '../../generator/json';

const document: Json = {
  components: {
    schemas: {
      Metadata: {
        anyOf: [{ type: 'object', additionalProperties: { type: 'string' } }, { type: 'null' }],
      },
      Article: {
        type: 'object',
        properties: { id: { type: 'string' }, title: { type: 'string' } },
      },
    },
  },
};

describe('a one-field body', () => {
  it('holding a map is the record itself', () => {
    const body = {
      type: 'object',
      required: ['metadata'],
      properties: { metadata: { $ref: '#/components/schemas/Metadata' } },
    };
    expect(recordIn(body, document)?.path).toBeUndefined();
  });

  it('holding a record is still its wrapper', () => {
    const body = {
      type: 'object',
      properties: { article: { $ref: '#/components/schemas/Article' } },
    };
    expect(recordIn(body, document)?.path).toBe('article');
  });
});
