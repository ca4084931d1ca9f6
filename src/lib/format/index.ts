/**
 * Formatting helpers (spec section 9): time with the default pattern YYYY-MM-DD HH:mm,
 * second/millisecond detection (values below 1e10 are seconds), a dash for empty values,
 * relative time and number shortening (k, M, G, T, P, E).
 */
import { common } from '@/locale/common';
import { formatText } from '@/locale/crud';
import { textOf } from '@/core/guards';

export const DEFAULT_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** Timestamps below this are seconds, anything above milliseconds (spec section 9). */
const SECONDS_THRESHOLD = 1e10;

export type TimeInput = number | string | Date | null | undefined;

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || value === 0 || value === '0';
}

/**
 * Milliseconds since the epoch, or undefined when the value is empty or unreadable.
 * Numbers (and numeric strings) below 1e10 are seconds; other strings are parsed as dates
 * ("2024-05-01 08:30" is local time).
 */
export function toMillis(value: TimeInput): number | undefined {
  if (isEmpty(value)) return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value === 'number' || /^\d+(\.\d+)?$/.test(String(value).trim())) {
    const n = Number(value);
    return n < SECONDS_THRESHOLD ? n * 1000 : n;
  }
  const text = String(value).trim();
  // "YYYY-MM-DD HH:mm" is not ISO; "YYYY-MM-DDTHH:mm" is read as local time everywhere.
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(text) ? text.replace(' ', 'T') : text;
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? Date.parse(`${iso}T00:00`) : Date.parse(iso);
  return Number.isNaN(parsed) ? undefined : parsed;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Formats a time value; tokens YYYY MM DD HH mm ss. Empty or unreadable values give a dash.
 * @example formatTime(1714552200) // '2024-05-01 16:30' (in UTC+8)
 */
export function formatTime(value: TimeInput, pattern: string = DEFAULT_TIME_FORMAT): string {
  const ms = toMillis(value);
  if (ms === undefined) return common.dash;
  const d = new Date(ms);
  const tokens: Record<string, string> = {
    YYYY: String(d.getFullYear()),
    MM: pad(d.getMonth() + 1),
    DD: pad(d.getDate()),
    HH: pad(d.getHours()),
    mm: pad(d.getMinutes()),
    ss: pad(d.getSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => tokens[token] ?? token);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Relative time: minutes under an hour, hours under a day, otherwise days
 * (刚刚 under a minute and for times in the future).
 */
export function formatRelative(value: TimeInput, now: number = Date.now()): string {
  const ms = toMillis(value);
  if (ms === undefined) return common.dash;
  const diff = now - ms;
  if (diff < MINUTE) return formatText.justNow;
  if (diff < HOUR) return formatText.minutesAgo(Math.floor(diff / MINUTE));
  if (diff < DAY) return formatText.hoursAgo(Math.floor(diff / HOUR));
  return formatText.daysAgo(Math.floor(diff / DAY));
}

const UNITS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/**
 * Shortens a number with the units k, M, G, T, P, E; trailing zeros of the fraction are dropped.
 * @example shortenNumber(1530) // '1.5k'
 */
export function shortenNumber(value: number | string | null | undefined, digits = 1): string {
  if (value === null || value === undefined || value === '') return common.dash;
  const n = Number(value);
  if (!Number.isFinite(n)) return common.dash;
  const abs = Math.abs(n);
  for (const unit of UNITS) {
    if (abs >= unit.value) {
      const text = (abs / unit.value).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');
      return `${n < 0 ? '-' : ''}${text}${unit.symbol}`;
    }
  }
  return String(n);
}

/** Shows a value or the dash when it is empty (null, undefined, ''). */
export function orDash(value: unknown): string {
  if (value === null || value === undefined || value === '') return common.dash;
  return textOf(value);
}

/**
 * Bidirectional formatting characters: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069), the left-to-right / right-to-left marks (U+200E, U+200F) and the Arabic
 * letter mark (U+061C).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/**
 * An uploaded file's name as it may be shown: without bidirectional controls, which would make
 * 'invoice\u202Egpj.exe' read as 'invoiceexe.jpg' and hide what the file really is.
 */
export function displayFileName(name: string): string {
  return name.replace(BIDI_CONTROLS, '');
}
