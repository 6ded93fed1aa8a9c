import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { addDays, type IsoRange, monthStart, weekStart } from './stats-dates';

dayjs.extend(utc);
dayjs.extend(timezone);

export type Trunc = 'hour' | 'day' | 'week' | 'month' | 'year';

const HOUR_MS = 3_600_000;
/** More than two months of hours, with room: a guard against a runaway loop. */
const MAX_BUCKETS = 24 * 100;
const WALL = 'YYYY-MM-DD HH:mm:ss';

/**
 * Hour buckets as the server labels them: the local wall time of each UTC hour start whose local date is in the
 * range (half-hour zones give '10:30'; a repeated DST hour is one bucket; a skipped one has none).
 */
function hourKeys([from, to]: IsoRange, tz: string): string[] {
  const start = dayjs.tz(`${from} 00:00:00`, tz).valueOf();
  const end = dayjs.tz(`${addDays(to, 1)} 00:00:00`, tz).valueOf();
  const keys = new Set<string>();
  for (let t = Math.ceil(start / HOUR_MS) * HOUR_MS; t < end && keys.size < MAX_BUCKETS; t += HOUR_MS) {
    keys.add(dayjs(t).tz(tz).format(WALL));
  }
  return [...keys];
}

/** Every bucket start of the range at `trunc` ('YYYY-MM-DD HH:mm:ss', weeks start on Monday). */
export function bucketKeys(range: IsoRange, trunc: Trunc, tz: string): string[] {
  if (trunc === 'hour') return hourKeys(range, tz);
  const [from, to] = range;
  const first =
    trunc === 'week'
      ? weekStart(from)
      : trunc === 'month'
        ? monthStart(from)
        : trunc === 'year'
          ? `${from.slice(0, 4)}-01-01`
          : from;
  const step =
    trunc === 'week' ? { n: 7, unit: 'day' as const } : { n: 1, unit: trunc === 'day' ? ('day' as const) : trunc };
  const keys: string[] = [];
  for (
    let d = dayjs.utc(first);
    d.format('YYYY-MM-DD') <= to && keys.length < MAX_BUCKETS;
    d = d.add(step.n, step.unit)
  ) {
    keys.push(`${d.format('YYYY-MM-DD')} 00:00:00`);
  }
  return keys;
}

export type NumberRow = { timestamp: string } & Record<string, number | string>;

/**
 * One row per bucket key with every field (0 where the server sent no row: it does not fill gaps), plus any
 * bucket the server sent that the keys miss, in time order.
 */
export function fillBuckets(
  keys: readonly string[],
  fields: readonly string[],
  rows: Map<string, Record<string, number>>,
): NumberRow[] {
  const all = [...new Set([...keys, ...rows.keys()])].sort();
  return all.map((timestamp) => {
    const row: NumberRow = { timestamp };
    const found = rows.get(timestamp);
    for (const field of fields) row[field] = found?.[field] ?? 0;
    return row;
  });
}
