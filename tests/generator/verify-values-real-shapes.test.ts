// @vitest-environment node
/**
 * Issue 50: the records `verify --source --writes` sends fit the request schemas of published
 * documents, as the source's REST mock checks them: OpenAI's int64 bounds (a number JSON keeps
 * exactly, not -9223372036854775808) and a object with fields of its own beside a oneOf that
 * only says which of them is required (OpenAI's `file_search`).
 */
import { describe, expect, it } from 'vitest';
import { validate } from '@/mocks/rest-source/schema-check';
import { objectValue } from '../../generator/verify/source/values';

describe('the records verify --writes sends', () => {
  it('a number within int64 bounds that JSON keeps exactly', () => {
    const schema = {
      type: 'object',
      required: ['seed'],
      properties: {
        seed: {
          type: 'integer',
          // int64's bounds as a JSON parser reads them: ±2^63, beyond exact integers.
          minimum: -(2 ** 63),
          maximum: 2 ** 63,
        },
      },
    };
    const made = objectValue({}, schema, undefined, 0);
    expect(made.value).toEqual({ seed: 1 });
    expect(validate({}, schema, made.value, 'input')).toEqual([]);
  });

  it('fields of its own with the first variant of a oneOf that only requires one of them', () => {
    const fileSearch = {
      type: 'object',
      properties: {
        vector_store_ids: { type: 'array', items: { type: 'string' } },
        vector_stores: { type: 'array', items: { type: 'object' } },
      },
      oneOf: [{ required: ['vector_store_ids'] }, { required: ['vector_stores'] }],
    };
    // Two levels down, where only required fields are made.
    const schema = {
      type: 'object',
      required: ['tool_resources'],
      properties: {
        tool_resources: {
          type: 'object',
          required: ['file_search'],
          properties: { file_search: fileSearch },
        },
      },
    };
    const made = objectValue({}, schema, undefined, 0);
    expect(made.value).toEqual({
      tool_resources: { file_search: { vector_store_ids: ['verify vector_store_ids'] } },
    });
    expect(validate({}, schema, made.value, 'input')).toEqual([]);
  });
});
