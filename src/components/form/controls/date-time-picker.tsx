import { Calendar } from 'primereact/calendar';
import { DATE_TIME_FORMAT, fromCalendarDate, toCalendarDate } from './calendar-value';
import { form as t } from '@/locale/form';
import type { ControlProps } from './types';

/** Date and time (stored as YYYY-MM-DD HH:mm, the spec's default time format). */
export function DateTimePickerControl({
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
      showTime
      hourFormat="24"
      showIcon
      showButtonBar
      placeholder={field.cf_placeholder ?? t.selectPlaceholder}
      invalid={invalid}
      disabled={disabled}
      onChange={(e) => onChange(fromCalendarDate(e.value as Date | null, DATE_TIME_FORMAT))}
      onBlur={onBlur}
    />
  );
}
