// Number formatting of the console, apart from the date formatting of format.ts (dayjs): the dashboard's cards show
// counts on the first load, which has no dayjs (issue 17).

const UNITS = ['', 'k', 'M', 'B', 'T'] as const;

function trimZero(value: number, digits: number): string {
  return value.toFixed(digits).replace(/\.0+$/, '');
}

/**
 * A count as the console shows it: up to 999 as is, above that abbreviated with one decimal
 * and no trailing '.0' (1000 → '1k', 1234 → '1.2k', 1_250_000 → '1.3M', -1500 → '-1.5k').
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  let abs = Math.abs(n);
  if (abs < 1000) {
    // Round half away from zero, like the larger numbers.
    const small = Number.isInteger(abs) ? String(abs) : trimZero(Math.round(abs * 10) / 10, 1);
    return small === '1000' ? `${sign}1k` : `${sign}${small}`;
  }
  let unit = 0;
  while (abs >= 1000 && unit < UNITS.length - 1) {
    abs /= 1000;
    unit += 1;
  }
  let rounded = Math.round(abs * 10) / 10;
  // 999_950 rounds to 1000.0k: carry into the next unit.
  if (rounded >= 1000 && unit < UNITS.length - 1) {
    rounded = 1;
    unit += 1;
  }
  return `${sign}${trimZero(rounded, 1)}${UNITS[unit]}`;
}

/** A value already in percent, fixed to `digits` decimals: formatPercent(12.345) → '12.35%'; NaN or ±Infinity (a zero denominator) reads as 0. */
export function formatPercent(n: number, digits = 2): string {
  const value = Number.isFinite(n) ? n : 0;
  return `${value.toFixed(digits)}%`;
}
