// @vitest-environment node
/**
 * Issue 50 (DigitalOcean projects): the edit form holds every field the update body requires.
 * PUT /v2/projects/{id} requires is_default, which the add body does not send, so the import
 * marks it `form: false`; left out of the edit form, every save was refused
 * (`400 is_default is required`) with nothing the user could change.
 */
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../src/core/field-definition';
import { requestForms } from '../../generator/sources/request-form';
import { sourceOperations } from '../../generator/sources/source-calls';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

const document = {
  openapi: '3.0.0',
  info: { title: 'Projects', version: '1' },
  paths: {
    '/projects': {
      post: { requestBody: json({ $ref: '#/components/schemas/project_base' }), responses: {} },
    },
    '/projects/{id}': {
      put: {
        requestBody: json({
          allOf: [{ $ref: '#/components/schemas/project' }],
          required: ['name', 'is_default'],
        }),
        responses: {},
      },
    },
  },
  components: {
    schemas: {
      project_base: {
        type: 'object',
        properties: {
          id: { type: 'string', readOnly: true, 'x-admin': { label: 'Id', form: false } },
          name: { type: 'string', 'x-admin': { label: '名称' } },
          created_at: {
            type: 'string',
            readOnly: true,
            'x-admin': { label: '创建时间', form: false },
          },
        },
      },
      project: {
        allOf: [
          { $ref: '#/components/schemas/project_base' },
          {
            type: 'object',
            properties: {
              is_default: {
                type: 'boolean',
                'x-admin': { label: 'Is default', control: 'Switch', form: false },
              },
            },
          },
        ],
      },
    },
  },
};

const recordFields: FieldDefinition[] = [
  { cf_name: 'Id', cf_fieldname: 'id', cf_control: 'input', cf_ispri: 1 },
  { cf_name: '名称', cf_fieldname: 'name', cf_control: 'input' },
];

describe('the edit form of an update body that requires a field the add body does not send', () => {
  it('holds is_default, required, as a switch; server-set fields stay out', () => {
    const forms = requestForms(
      document,
      sourceOperations(document),
      {
        add: { method: 'POST', path: '/projects' },
        edit: { method: 'PUT', path: '/projects/{id}' },
      },
      'project',
      'id',
      recordFields,
    );
    const edit = (forms.editForm?.fields ?? []).map(
      (field) => `${field.cf_fieldname}${field.cf_validate === 'require' ? '*' : ''}`,
    );
    expect(edit).toEqual(['id', 'name*', 'is_default*']);
    const isDefault = forms.editForm?.fields.find((field) => field.cf_fieldname === 'is_default');
    expect(isDefault?.cf_control).toBe('Switch');
    expect(isDefault?.valueFormat).toBe('boolean');
    // The add body has no is_default: the add form does not show it.
    expect(
      (forms.addForm?.fields ?? recordFields).map((field) => field.cf_fieldname),
    ).not.toContain('is_default');
  });
});
