// @vitest-environment node
/**
 * Issue 50 (OpenAI assistants, in Chromium): 编辑 sent the record's `id` in the body of
 * POST /assistants/{assistant_id}, whose ModifyAssistantRequest declares no `id` and refuses
 * what it does not declare (`additionalProperties: false`): 400 "id is not allowed", so no
 * assistant could be edited. The key names the record in the path; where the body may not hold
 * it, the edit call says so (and tests/unit/rest-source/edit-key-in-path.test.ts: the adapter
 * leaves it out).
 */
import { describe, expect, it } from 'vitest';
import type { RestCall } from '../../src/core/rest-source';
import { withKeyOutOfBody } from '../../generator/sources/request-form';
import { sourceOperations } from '../../generator/sources/source-calls';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

/** POST /assistants/{assistant_id} taking `body`. */
function documentWith(body: Record<string, unknown>) {
  return {
    openapi: '3.1.0',
    info: { title: 'Assistants', version: '1' },
    paths: {
      '/assistants/{assistant_id}': { post: { requestBody: json(body), responses: {} } },
    },
  };
}

const edit: RestCall = {
  method: 'POST',
  path: '/assistants/{assistant_id}',
  idParam: 'assistant_id',
};
const properties = { name: { type: 'string' }, description: { type: 'string' } };

describe('the record key in an edit body', () => {
  it('a body that refuses undeclared fields and declares no id: the key is kept out', () => {
    const document = documentWith({ type: 'object', additionalProperties: false, properties });
    const calls = withKeyOutOfBody(document, sourceOperations(document), { edit }, 'id');
    expect(calls.edit?.keyInBody).toBe(false);
  });

  it('a body that declares the key, or takes any field: the key is sent as before', () => {
    for (const body of [
      { type: 'object', additionalProperties: false, properties: { ...properties, id: {} } },
      { type: 'object', properties },
    ]) {
      const document = documentWith(body);
      const calls = withKeyOutOfBody(document, sourceOperations(document), { edit }, 'id');
      expect(calls.edit).toEqual(edit);
    }
  });
});
