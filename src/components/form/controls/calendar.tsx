import { Calendar } from 'primereact/calendar';
import { formatTime, toMillis } from '@/lib/format';
import { form as t } from '@/locale/form';
import {
  TIME_STEP_MINUTES,
  numberParam,
  type ControlType,
  type FieldDefinition,
} from '@/core/field-definition';
import type { ControlProps } from './types';

type CalendarControlType = Extract<ControlType, 'DatePicker' | 'DateTimePicker' | 'TimePicker'>;

interface CalendarMode {
  /** Stored text format (formatTime tokens). */
  pattern: string;
  /** The Calendar's own settings for this control. */
  props: (field: FieldDefinition) => {
    dateFormat?: string;
    showButtonBar?: boolean;
    showTime?: boolean;
    timeOnly?: boolean;
    hourFormat?: '12' | '24';
    stepMinute?: number;
  };
}

/**
 * The three date controls: DatePicker stores YYYY-MM-DD, DateTimePicker YYYY-MM-DD HH:mm (the
 * spec's default time format), TimePicker HH:mm in 15-minute steps (spec section 5).
 */
const MODES: Record<CalendarControlType, CalendarMode> = {
  DatePicker: {
    pattern: 'YYYY-MM-DD',
    props: () => ({ dateFormat: 'yy-mm-dd', showButtonBar: true }),
  },
  DateTimePicker: {
    pattern: 'YYYY-MM-DD HH:mm',
    props: () => ({
      dateFormat: 'yy-mm-dd',
      showButtonBar: true,
      showTime: true,
      hourFormat: '24',
    }),
  },
  TimePicker: {
    pattern: 'HH:mm',
    props: (field) => ({
      timeOnly: true,
      hourFormat: '24',
      stepMinute: numberParam(field, 'step') ?? TIME_STEP_MINUTES,
    }),
  },
};

/** The mode of a field's control; the control registry mounts this control only for the three. */
function modeOf(control: ControlType): CalendarMode {
  const modes: Partial<Record<ControlType, CalendarMode>> = MODES;
  return modes[control] ?? MODES.DatePicker;
}

/** A stored date value (text, seconds or ms; HH:mm for times) as a Date for the calendar. */
function toCalendarDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && /^\d{1,2}:\d{2}/.test(value)) {
    const [h, m] = value.split(':').map(Number);
    const d = new Date();
    d.setHours(h ?? 0, m ?? 0, 0, 0);
    return d;
  }
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const ms = toMillis(value);
  return ms === undefined ? null : new Date(ms);
}

/** DatePicker, DateTimePicker and TimePicker: one calendar, set up by the field's control. */
export function CalendarControl({
  field,
  id,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
}: ControlProps) {
  const mode = modeOf(field.cf_control);
  return (
    <Calendar
      inputId={id}
      value={toCalendarDate(value)}
      {...mode.props(field)}
      showIcon
      placeholder={field.cf_placeholder ?? t.selectPlaceholder}
      invalid={invalid}
      disabled={disabled}
      onChange={(e) => {
        const date = e.value;
        onChange(
          date instanceof Date && !Number.isNaN(date.getTime())
            ? formatTime(date, mode.pattern)
            : null,
        );
      }}
      onBlur={onBlur}
    />
  );
}
