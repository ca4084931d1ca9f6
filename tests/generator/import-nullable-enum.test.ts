// @vitest-environment node
/**
 * A choice that may also be null is still a choice (issue 50 item 4, "an enum becomes free
 * text"): OpenAI's assistants send `reasoning_effort: { $ref: ReasoningEffort }`, an `anyOf` of a
 * string enum and `{ type: "null" }`; the import made it a text input, where a person had to
 * know and type `medium`.
 */
import { describe, expect, it } from 'vitest';
import { inferField, type FieldContext } from '../../generator/import-openapi/fields';

const EFFORTS = ['none', 'minimal', 'low', 'medium', 'high'];

const context: FieldContext = {
  document: {
    components: {
      schemas: {
        ReasoningEffort: {
          anyOf: [{ type: 'string', enum: EFFORTS, default: 'medium' }, { type: 'null' }],
        },
      },
    },
  },
  listed: new Map(),
  where: 'CreateAssistantRequest.reasoning_effort',
  required: false,
  primaryKey: false,
  filter: false,
  sortable: false,
};

describe('a nullable enum', () => {
  it('anyOf [enum, null] through a $ref: a select of the enum values', () => {
    const { admin, control } = inferField(
      'reasoning_effort',
      { $ref: '#/components/schemas/ReasoningEffort' },
      context,
    );
    expect(control).toBe('select');
    expect(admin).toMatchObject({
      source: 'STATIC',
      placeholder: '请选择',
      options: EFFORTS.map((value) => ({ label: value, value })),
    });
  });

  it('oneOf [null, enum] written inline: the same select', () => {
    const { control, admin } = inferField(
      'mode',
      { oneOf: [{ type: 'null' }, { type: 'string', enum: ['a', 'b'] }] },
      context,
    );
    expect(control).toBe('select');
    expect(admin.options).toEqual([
      { label: 'a', value: 'a' },
      { label: 'b', value: 'b' },
    ]);
  });

  it('a nullable text keeps its shape: a column, not a long text (OpenAI name, maxLength 256)', () => {
    const { admin, control } = inferField(
      'name',
      { anyOf: [{ type: 'string', maxLength: 256 }, { type: 'null' }] },
      context,
    );
    expect(control).toBe('input');
    expect(admin.column).toBe(true);
  });

  it('a union of two real variants is not unwrapped (its common fields, as before)', () => {
    const { control } = inferField(
      'either',
      { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'integer' }, { type: 'null' }] },
      context,
    );
    expect(control).not.toBe('select');
  });
});
