// @vitest-environment node
/**
 * Issue 50 (OpenAI assistants): a body field written as a union with a `{ type: "null" }` part
 * (`reasoning_effort: anyOf: [enum, { type: "null" }]`) takes null like `nullable: true`: the
 * edit call names it, so emptying it clears the stored value, and a body's `required` does not
 * make it a required field of the form.
 */
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../src/core/field-definition';
import type { RestCall } from '../../src/core/rest-source';
import { requestForms, withNullableFields } from '../../generator/sources/request-form';
import { sourceOperations } from '../../generator/sources/source-calls';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const effort = () => ({
  anyOf: [{ type: 'string', enum: ['low', 'medium', 'high'] }, { type: 'null' }],
  'x-admin': { label: '推理强度', control: 'select' },
});

const document = {
  openapi: '3.1.0',
  info: { title: 'Assistants', version: '1' },
  paths: {
    '/assistants/{id}': {
      post: {
        requestBody: json({
          type: 'object',
          required: ['reasoning_effort'],
          properties: { name: { type: 'string' }, reasoning_effort: effort() },
        }),
        responses: {},
      },
    },
  },
};

const recordFields: FieldDefinition[] = [
  { cf_name: 'Id', cf_fieldname: 'id', cf_control: 'input', cf_ispri: 1 },
  { cf_name: '名称', cf_fieldname: 'name', cf_control: 'input' },
];

describe('a body field that is a union with null', () => {
  const edit: RestCall = { method: 'POST', path: '/assistants/{id}' };

  it('is named among the fields the edit call takes null for', () => {
    const calls = withNullableFields(document, sourceOperations(document), { edit });
    expect(calls.edit?.nullable).toEqual(['reasoning_effort']);
  });

  it('is not a required field of the form, though the body lists it as required', () => {
    const forms = requestForms(
      document,
      sourceOperations(document),
      { edit },
      'assistant',
      'id',
      recordFields,
    );
    const field = forms.editForm?.fields.find((f) => f.cf_fieldname === 'reasoning_effort');
    expect(field?.cf_name).toBe('推理强度');
    expect(field?.cf_validate).toBeUndefined();
  });
});
