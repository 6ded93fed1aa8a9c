import { describe, expect, it } from 'vitest';
import { formatDate } from './format';
import { formatCount, formatPercent } from './format-number';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1k'],
    [1234, '1.2k'],
    [1250, '1.3k'],
    [10_000, '10k'],
    [999_949, '999.9k'],
    [999_950, '1M'],
    [1_000_000, '1M'],
    [1_250_000, '1.3M'],
    [2_500_000_000, '2.5B'],
    [-999, '-999'],
    [-1234, '-1.2k'],
    [-1_250_000, '-1.3M'],
    [12.34, '12.3'],
    [Number.NaN, '0'],
  ])('%d → %s', (n, expected) => {
    expect(formatCount(n)).toBe(expected);
  });
});

describe('formatDate', () => {
  it('formats a Date, a timestamp and a date string as YYYY-MM-DD', () => {
    expect(formatDate(new Date(2026, 2, 5, 13, 30))).toBe('2026-03-05');
    expect(formatDate(new Date(2026, 11, 31).getTime())).toBe('2026-12-31');
    expect(formatDate('2026-03-05')).toBe('2026-03-05');
  });

  it('shows an instant in the given IANA timezone', () => {
    const instant = '2026-03-05T23:30:00Z';
    expect(formatDate(instant, 'UTC')).toBe('2026-03-05');
    expect(formatDate(instant, 'Europe/Kyiv')).toBe('2026-03-06');
    expect(formatDate(instant, 'America/New_York')).toBe('2026-03-05');
  });

  it('returns an empty string for missing or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatPercent', () => {
  it('uses two decimals by default', () => {
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(100)).toBe('100.00%');
  });

  it('takes the number of digits and survives division by zero', () => {
    expect(formatPercent(12.345, 1)).toBe('12.3%');
    expect(formatPercent(Number.NaN)).toBe('0.00%');
    expect(formatPercent(Number.POSITIVE_INFINITY, 0)).toBe('0%');
  });
});
