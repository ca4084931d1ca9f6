import { Calendar } from 'primereact/calendar';
import { DATE_FORMAT, fromCalendarDate, toCalendarDate } from './calendar-value';
import { form as t } from '@/locale/form';
import type { ControlProps } from './types';

/** Date (stored as YYYY-MM-DD). */
export function DatePickerControl({
  field,
  id,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
}: ControlProps) {
  return (
    <Calendar
      inputId={id}
      value={toCalendarDate(value)}
      dateFormat="yy-mm-dd"
      showIcon
      showButtonBar
      placeholder={field.cf_placeholder ?? t.selectPlaceholder}
      invalid={invalid}
      disabled={disabled}
      onChange={(e) => onChange(fromCalendarDate(e.value as Date | null, DATE_FORMAT))}
      onBlur={onBlur}
    />
  );
}
