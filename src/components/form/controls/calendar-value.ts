import { formatTime, toMillis } from '@/lib/format';

/** Stored formats of the date controls. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
export const TIME_FORMAT = 'HH:mm';

/** A stored date value (text, seconds or ms) as a Date for the calendar, or null. */
export function toCalendarDate(value: unknown): Date | null {
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

/** A calendar Date as the stored text, or null when cleared. */
export function fromCalendarDate(value: Date | null | undefined, pattern: string): string | null {
  return value instanceof Date && !Number.isNaN(value.getTime())
    ? formatTime(value, pattern)
    : null;
}
