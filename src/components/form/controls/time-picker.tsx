import { Calendar } from 'primereact/calendar';
import { TIME_FORMAT, fromCalendarDate, toCalendarDate } from './calendar-value';
import { TIME_STEP_MINUTES, numberParam } from '../field-definition';
import { form as t } from '@/locale/form';
import type { ControlProps } from './types';

/** Time of day (stored as HH:mm) in 15-minute steps (spec section 5). */
export function TimePickerControl({
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
      timeOnly
      hourFormat="24"
      stepMinute={numberParam(field, 'step') ?? TIME_STEP_MINUTES}
      showIcon
      placeholder={field.cf_placeholder ?? t.selectPlaceholder}
      invalid={invalid}
      disabled={disabled}
      onChange={(e) => onChange(fromCalendarDate(e.value as Date | null, TIME_FORMAT))}
      onBlur={onBlur}
    />
  );
}
