// @vitest-environment node
/**
 * The REST mock checks formats as a strict server would: a date or date-time must name a day
 * that exists, so a form's typo (2026-13-45, 2026-02-30) is refused with the field's pointer
 * instead of being stored and answered 201.
 */
import { describe, expect, it } from 'vitest';
import { validate } from '@/mocks/rest-source/schema-check';

const dates = { type: 'array', items: { type: 'string', format: 'date' } };
const at = { type: 'string', format: 'date-time' };

describe('format checks of the REST mock', () => {
  it('a list of dates: every one must be a calendar day', () => {
    expect(validate({}, dates, ['2026-12-01', '2028-02-29'], 'input')).toEqual([]);
    expect(validate({}, dates, ['2026-12-01', '2026-13-45'], 'input')).toEqual([
      { pointer: '/1', field: '1', message: '「1」必须是有效的日期' },
    ]);
    expect(validate({}, dates, ['2026-02-30'], 'input')).toHaveLength(1);
  });

  it('a date-time: a real day and a real time of day', () => {
    expect(validate({}, at, '2026-11-27T09:30:00Z', 'input')).toEqual([]);
    expect(validate({}, at, '2026-11-31T09:30:00Z', 'input')).toHaveLength(1);
    expect(validate({}, at, '2026-11-27T25:00:00Z', 'input')).toHaveLength(1);
  });
});
