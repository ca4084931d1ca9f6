// @vitest-environment node
/**
 * A field's description as its help text (issue 50 item 6): `import-openapi` keeps a
 * description that says more than the label as `x-admin.help`, and `generate` carries it into
 * the field definition the form renders under the input.
 */
import { describe, expect, it } from 'vitest';
import { inferField, type FieldContext } from '../../generator/import-openapi/fields';
import { fieldDefinition } from '../../generator/model/field-definition';

const context: FieldContext = {
  document: {},
  listed: new Map(),
  where: 'Item.seats',
  required: false,
  primaryKey: false,
  filter: false,
  sortable: false,
};

describe('help text from the description', () => {
  it('a description longer than its first sentence: label from the sentence, help the whole', () => {
    const { admin } = inferField(
      'seats',
      { type: 'integer', description: 'Number of seats.\n  At least one; the driver counts.' },
      context,
    );
    expect(admin.label).toBe('Number of seats');
    expect(admin.help).toBe('Number of seats. At least one; the driver counts.');
  });

  it('a description that is the label alone, or none: no help', () => {
    expect(
      inferField('seats', { type: 'integer', description: 'Number of seats.' }, context).admin,
    ).not.toHaveProperty('help');
    expect(inferField('item_id', { type: 'string' }, context).admin).not.toHaveProperty('help');
  });

  it('a title for the label, the description as help', () => {
    const { admin } = inferField(
      'vin',
      {
        type: 'string',
        title: '车架号',
        description: 'Vehicle identification number (17 characters)',
      },
      context,
    );
    expect(admin).toMatchObject({
      label: '车架号',
      help: 'Vehicle identification number (17 characters)',
    });
  });

  it('x-admin.help becomes the definition’s help; no help key, none', () => {
    expect(
      fieldDefinition('seats', { label: '座位数', help: ' 至少一个，含司机 ' }, 'integer', false),
    ).toMatchObject({ cf_name: '座位数', help: '至少一个，含司机' });
    expect(fieldDefinition('seats', { label: '座位数' }, 'integer', false)).not.toHaveProperty(
      'help',
    );
  });
});
