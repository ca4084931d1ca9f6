// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatRelative, formatTime, orDash, shortenNumber, toMillis } from '@/lib/format';

// Built in local time so the table holds in any time zone.
const may1 = new Date(2024, 4, 1, 8, 30, 5);
const ms = may1.getTime();
const sec = Math.floor(ms / 1000);

describe('formatTime (spec section 9)', () => {
  it.each([
    { name: 'seconds (below 1e10)', given: sec, want: '2024-05-01 08:30' },
    { name: 'milliseconds', given: ms, want: '2024-05-01 08:30' },
    { name: 'seconds as text', given: String(sec), want: '2024-05-01 08:30' },
    { name: 'a Date', given: may1, want: '2024-05-01 08:30' },
    { name: 'date-time text', given: '2024-05-01 08:30:05', want: '2024-05-01 08:30' },
    { name: 'date text', given: '2024-05-01', want: '2024-05-01 00:00' },
    { name: 'null', given: null, want: '-' },
    { name: 'undefined', given: undefined, want: '-' },
    { name: 'empty text', given: '', want: '-' },
    { name: 'unset timestamp 0', given: 0, want: '-' },
    { name: 'unreadable text', given: 'not a date', want: '-' },
  ])('$name → $want', ({ given, want }) => {
    expect(formatTime(given)).toBe(want);
  });

  it.each([
    { pattern: 'YYYY-MM-DD', want: '2024-05-01' },
    { pattern: 'YYYY-MM-DD HH:mm:ss', want: '2024-05-01 08:30:05' },
    { pattern: 'HH:mm', want: '08:30' },
    { pattern: 'YYYY年MM月DD日', want: '2024年05月01日' },
  ])('pattern $pattern → $want', ({ pattern, want }) => {
    expect(formatTime(sec, pattern)).toBe(want);
  });

  it('treats 9999999999 as seconds and 1e10 as milliseconds', () => {
    expect(toMillis(9_999_999_999)).toBe(9_999_999_999_000);
    expect(toMillis(10_000_000_000)).toBe(10_000_000_000);
  });
});

describe('formatRelative', () => {
  const now = ms;
  it.each([
    { given: now - 30_000, want: '刚刚' },
    { given: now - 60_000, want: '1分钟前' },
    { given: now - 59 * 60_000, want: '59分钟前' },
    { given: now - 60 * 60_000, want: '1小时前' },
    { given: now - 23 * 3_600_000 - 59 * 60_000, want: '23小时前' },
    { given: now - 24 * 3_600_000, want: '1天前' },
    { given: now - 10 * 86_400_000, want: '10天前' },
    { given: Math.floor((now - 5 * 60_000) / 1000), want: '5分钟前' },
    { given: null, want: '-' },
  ])('$given → $want', ({ given, want }) => {
    expect(formatRelative(given, now)).toBe(want);
  });
});

describe('shortenNumber (units k, M, G, T, P, E)', () => {
  it.each([
    { given: 0, want: '0' },
    { given: 999, want: '999' },
    { given: 1000, want: '1k' },
    { given: 1530, want: '1.5k' },
    { given: 1_000_000, want: '1M' },
    { given: 2_450_000, want: '2.5M' },
    { given: 3e9, want: '3G' },
    { given: 4.2e12, want: '4.2T' },
    { given: 5e15, want: '5P' },
    { given: 6e18, want: '6E' },
    { given: -1500, want: '-1.5k' },
    { given: '2048', want: '2k' },
    { given: null, want: '-' },
    { given: 'abc', want: '-' },
  ])('$given → $want', ({ given, want }) => {
    expect(shortenNumber(given)).toBe(want);
  });

  it('keeps the asked number of digits, dropping trailing zeros', () => {
    expect(shortenNumber(1234, 2)).toBe('1.23k');
    expect(shortenNumber(1200, 2)).toBe('1.2k');
  });
});

describe('orDash', () => {
  it.each([
    { given: '', want: '-' },
    { given: null, want: '-' },
    { given: 0, want: '0' },
    { given: '公告', want: '公告' },
  ])('$given → $want', ({ given, want }) => {
    expect(orDash(given)).toBe(want);
  });
});
