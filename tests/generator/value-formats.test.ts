// @vitest-environment node
/**
 * The generator carries the contract's value formats to the form (issue 49 case 12): a text
 * property's `format: single-line` / `multi-line` as parameData.textLines, a date's
 * `x-date-range` as parameData.minDate / maxDate, which the form checks by the rules the mock
 * checks the same formats with.
 */
import { describe, expect, it } from 'vitest';
import { fieldModel } from '../../generator/model/field-definition';
import { memberModule } from '@generated/modules/member';
import { noticeModule } from '@generated/modules/notice';
import { dynamicsModule } from '@generated/modules/dynamics';

describe('value formats reach the field definition', () => {
  it('a one-line input and a multi-line editor carry their line rule', () => {
    const title = fieldModel(
      'notice_title',
      { label: '公告标题', control: 'input' },
      { type: 'string', format: 'single-line', maxLength: 100 },
      'id',
    );
    expect(title.definition.parameData).toEqual({ textLines: 'single-line' });
    const content = fieldModel(
      'notice_content',
      { label: '公告内容', control: 'editor' },
      { type: 'string', format: 'multi-line' },
      'id',
    );
    expect(content.definition.parameData).toEqual({ textLines: 'multi-line' });
  });

  it('a date carries its range next to the control parameters', () => {
    const birthday = fieldModel(
      'birthday',
      { label: '出生日期', control: 'DatePicker', params: { showButtonBar: true } },
      { type: 'string', format: 'date', 'x-date-range': { min: '1900-01-01', max: '2100-12-31' } },
      'id',
    );
    expect(birthday.definition.parameData).toEqual({
      showButtonBar: true,
      minDate: '1900-01-01',
      maxDate: '2100-12-31',
    });
  });

  it('the generated modules hold them (notice title, member birthday)', () => {
    const field = (fields: typeof noticeModule.fields, name: string) =>
      fields.find((item) => item.cf_fieldname === name)?.parameData;
    expect(field(noticeModule.fields, 'notice_title')).toMatchObject({ textLines: 'single-line' });
    expect(field(noticeModule.fields, 'notice_content')).toMatchObject({
      textLines: 'multi-line',
    });
    expect(field(memberModule.fields, 'birthday')).toMatchObject({
      minDate: '1900-01-01',
      maxDate: '2100-12-31',
    });
  });

  it('an integer behind a date picker is a Unix time in seconds (系统动态 发布时间)', () => {
    const publishTime = fieldModel(
      'publish_time',
      { label: '发布时间', control: 'DateTimePicker' },
      { type: ['integer', 'null'], minimum: 0 },
      'id',
    );
    expect(publishTime.definition.valueFormat).toBe('seconds');
    const field = dynamicsModule.fields.find((item) => item.cf_fieldname === 'publish_time');
    expect(field?.valueFormat).toBe('seconds');
  });
});
