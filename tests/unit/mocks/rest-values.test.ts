// @vitest-environment node
/**
 * Imported REST sources take the app's value rules (issue 49 case 12): a number JSON cannot hold
 * is refused whatever the schema says (an untyped or free-form value too, which would be stored
 * as null), days are the calendar's (src/core/value-rules), and a range the imported contract
 * states (x-date-range) is kept.
 */
import { describe, expect, it } from 'vitest';
import { validate } from '@/mocks/rest-source/schema-check';

const record = {
  type: 'object',
  properties: { note: {}, due: { type: 'string', format: 'date' } },
  additionalProperties: true,
};

describe('value rules of the REST mock', () => {
  it('Infinity is refused in an untyped property and a free-form one', () => {
    expect(validate({}, record, { note: Infinity }, 'input')).toEqual([
      { pointer: '/note', field: 'note', message: '「note」必须是有效的数字' },
    ]);
    expect(validate({}, record, { extra: { amount: [-Infinity] } }, 'input')).toEqual([
      {
        pointer: '/extra/amount/0',
        field: 'extra.amount.0',
        message: '「extra.amount.0」必须是有效的数字',
      },
    ]);
    expect(validate({}, record, { note: 3200.5, extra: { amount: [1] } }, 'input')).toEqual([]);
  });

  // Refused before too (by its own check): pins that the shared definition it now reads keeps it.
  it.each(['2025-02-30', '0000-00-00', '+275760-09-13'])('a date still refuses %s', (day) => {
    expect(validate({}, record, { due: day }, 'input')).toEqual([
      { pointer: '/due', field: 'due', message: '「due」必须是有效的日期' },
    ]);
  });

  it('a range the contract states is checked, both ends included', () => {
    const ranged = {
      type: 'string',
      format: 'date',
      'x-date-range': { min: '1900-01-01', max: '2100-12-31' },
    };
    expect(validate({}, ranged, '2101-01-01', 'input')).toEqual([
      { pointer: '', field: '(body)', message: '「请求内容」不能晚于2100-12-31' },
    ]);
    expect(validate({}, ranged, '2100-12-31', 'input')).toEqual([]);
    expect(validate({}, ranged, '2024-02-29', 'input')).toEqual([]);
  });
});
