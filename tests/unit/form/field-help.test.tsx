/**
 * A field's help text (what it means, beyond its label: an imported document's description)
 * shows under its input and is read out with it; a field without one shows none.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { DynamicForm, type FieldDefinition } from '@/components/form';
import { renderWithProviders } from './render';

const fields: FieldDefinition[] = [
  {
    cf_name: '座位数',
    cf_fieldname: 'seats',
    cf_control: 'InputNumber',
    help: 'Number of seats. At least one; the driver counts.',
  },
  { cf_name: '车架号', cf_fieldname: 'vin', cf_control: 'input', help: '<b>17</b> 位字母和数字' },
  {
    cf_name: '颜色',
    cf_fieldname: 'colour',
    cf_control: 'select',
    optionData: [{ label: '红色', value: 'red' }],
    help: '车身的主色',
  },
  { cf_name: '备注', cf_fieldname: 'note', cf_control: 'input' },
];

describe('help text under the field', () => {
  it('shows each field’s help under its input, as its accessible description', () => {
    renderWithProviders(<DynamicForm fields={fields} onSubmit={vi.fn()} />);
    expect(screen.getByLabelText('座位数')).toHaveAccessibleDescription(
      'Number of seats. At least one; the driver counts.',
    );
    // A document's text is text: its markup is shown as written, never made into elements.
    expect(screen.getByLabelText('车架号')).toHaveAccessibleDescription('<b>17</b> 位字母和数字');
    expect(document.querySelector('[data-field="vin"] b')).toBeNull();
    expect(document.querySelector('[data-field="colour"] .dynamic-form__help')).toHaveTextContent(
      '车身的主色',
    );
    expect(screen.getByLabelText('备注')).not.toHaveAttribute('aria-describedby');
    expect(document.querySelector('[data-field="note"] .dynamic-form__help')).toBeNull();
  });
});
