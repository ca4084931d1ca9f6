/**
 * The form refuses the values the mock refuses (issue 49 case 12), by the same rules
 * (src/core/value-rules) and with the same meaning: a control character in a one-line text, a
 * date picker's day that is not on the calendar or outside the range the contract states
 * (carried in parameData by the generator; DATE_RANGE for a designer field), a number that is
 * no finite number. The message shows under the field and nothing is submitted.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ValidationError } from 'yup';
import { DynamicForm, buildFormSchema, type FieldDefinition } from '@/components/form';
import { preloadLazyControls, renderWithProviders } from './render';

const title: FieldDefinition = { cf_name: '公告标题', cf_fieldname: 'title', cf_control: 'input' };
const content: FieldDefinition = {
  cf_name: '公告内容',
  cf_fieldname: 'content',
  cf_control: 'textarea',
};
const finish: FieldDefinition = {
  cf_name: '办结日期',
  cf_fieldname: 'finish_date',
  cf_control: 'DatePicker',
};
const budget: FieldDefinition = {
  cf_name: '预算金额',
  cf_fieldname: 'budget',
  cf_control: 'InputNumber',
  parameData: { min: 0, max: 99999 },
};

function messageFor(field: FieldDefinition, value: unknown): string | null {
  try {
    buildFormSchema([field]).validateSync({ [field.cf_fieldname]: value });
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}

function setup(fields: FieldDefinition[], record: Record<string, unknown>) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<DynamicForm fields={fields} record={record} onSubmit={onSubmit} />);
  return { onSubmit, submit: () => user.click(screen.getByRole('button', { name: '提交' })) };
}

describe('no control characters in one-line texts', () => {
  it.each(['停电\u0000通知', '停电\n通知', '停电\t通知', '停电\u007f通知', '停电\u0085通知'])(
    'an input refuses %j',
    (value) => {
      expect(messageFor(title, value)).toBe('公告标题不能包含换行符、制表符等控制字符');
    },
  );

  it('a textarea keeps tabs and line breaks but refuses NUL', () => {
    expect(messageFor(content, '第一行\r\n\t第二行')).toBeNull();
    expect(messageFor(content, '第一行\u0000')).toBe('公告内容不能包含控制字符');
  });

  it("the contract's format decides over the control (a one-line textarea)", () => {
    const oneLine = { ...content, parameData: { textLines: 'single-line' } };
    expect(messageFor(oneLine, '第一行\n第二行')).toBe('公告内容不能包含换行符、制表符等控制字符');
  });

  it('the editor keeps the line breaks of its HTML', () => {
    const editor: FieldDefinition = { ...content, cf_control: 'editor' };
    expect(messageFor(editor, '<p>一</p>\n<p>二</p>')).toBeNull();
    expect(messageFor(editor, '<p>一\u0007</p>')).toBe('公告内容不能包含控制字符');
  });

  it('shows the message under the field and submits nothing', async () => {
    const { submit, onSubmit } = setup([title], { title: '停电\u0000通知' });
    await submit();
    expect(await screen.findByText('公告标题不能包含换行符、制表符等控制字符')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('real calendar dates within the range', () => {
  it.each([
    ['2025-02-30', '办结日期必须是有效的日期'],
    ['0000-00-00', '办结日期必须是有效的日期'],
    ['+275760-09-13', '办结日期必须是有效的日期'],
    ['1899-12-31', '办结日期不能早于1900-01-01'],
    ['2101-01-01', '办结日期不能晚于2100-12-31'],
    ['2024-02-29', null],
    ['1900-01-01', null],
    ['2100-12-31', null],
    [null, null],
  ])('a date picker given %s → %s', (value, want) => {
    expect(messageFor(finish, value)).toBe(want);
  });

  it('a date-and-time picker checks its day the same way', () => {
    const at: FieldDefinition = { ...finish, cf_control: 'DateTimePicker' };
    expect(messageFor(at, '2025-02-30 10:00')).toBe('办结日期必须是有效的日期');
    expect(messageFor(at, '2025-02-28 24:00')).toBe('办结日期必须是有效的日期');
    expect(messageFor(at, '2025-02-28 10:00')).toBeNull();
  });

  it('the range the generator carries from the contract (x-date-range) is the one used', () => {
    const narrow = { ...finish, parameData: { minDate: '2000-01-01', maxDate: '2030-12-31' } };
    expect(messageFor(narrow, '1999-12-31')).toBe('办结日期不能早于2000-01-01');
    expect(messageFor(narrow, '2031-01-01')).toBe('办结日期不能晚于2030-12-31');
  });

  it('shows the message under the picker for a stored 2025-02-30 and submits nothing', async () => {
    await preloadLazyControls();
    const { submit, onSubmit } = setup([finish], { finish_date: '2025-02-30' });
    await submit();
    expect(await screen.findByText('办结日期必须是有效的日期')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('finite numbers only', () => {
  it.each([Infinity, -Infinity])('a number input refuses %s as no valid number', (value) => {
    expect(messageFor(budget, value)).toBe('预算金额必须是有效的数字');
  });

  it('a slider refuses it too', () => {
    const slider: FieldDefinition = { ...budget, cf_control: 'Slider' };
    expect(messageFor(slider, Infinity)).toBe('预算金额必须是有效的数字');
  });

  it('shows the message under the field for a stored 1e400 and submits nothing', async () => {
    const { submit, onSubmit } = setup([budget], { budget: Number('1e400') });
    await submit();
    expect(await screen.findByText('预算金额必须是有效的数字')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
