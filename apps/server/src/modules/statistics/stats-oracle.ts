/**
 * The test oracle: statistics computed directly in JavaScript from the generated facts, with the bucketing rule of
 * docs/metrics.md (a UTC hour belongs to the local bucket containing its start). Independent of the server's SQL.
 */
import { type StatCounters, sumCounters, typeFamily, zeroCounters } from '@pushdeck/contracts';
import type { FactsWorld, RollupFact } from './stats-fixtures.ts';

export type Unit = 'hour' | 'day' | 'week' | 'month' | 'year' | 'millennium';

const formatters = new Map<string, Intl.DateTimeFormat>();
function wall(instant: Date, tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` };
}

export const localDateOf = (instant: Date, tz: string) => wall(instant, tz).date;

function shiftDays(iso: string, n: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The local bucket start label ('YYYY-MM-DD HH:MM:SS') of the UTC hour starting at `hour`. */
export function bucketOf(hour: Date, unit: Unit, tz: string): string {
  const { date, time } = wall(hour, tz);
  switch (unit) {
    case 'hour':
      return `${date} ${time}`;
    case 'day':
      return `${date} 00:00:00`;
    case 'week': {
      const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
      return `${shiftDays(date, -((dow + 6) % 7))} 00:00:00`;
    }
    case 'month':
      return `${date.slice(0, 7)}-01 00:00:00`;
    case 'year':
      return `${date.slice(0, 4)}-01-01 00:00:00`;
    case 'millennium':
      return '2001-01-01 00:00:00';
  }
}

export const inLocalRange = (instant: Date, tz: string, from: string, to: string) => {
  const d = localDateOf(instant, tz);
  return d >= from && d <= to;
};

/** A fact the oracle groups: counters plus patience, with its dimensions. */
export interface OracleFact extends StatCounters {
  domain_id: number;
  client_id: number;
  drip_id: number;
  type: string;
  hour: Date;
  patience_days: number;
  leavers: number;
}

const utcHour = (d: Date) => new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000);

/** Rollup facts plus (optionally) the leavers as type '' / drip 0 facts, filtered to the local range. */
export function oracleFacts(
  w: FactsWorld,
  opts: { tz: string; from: string; to: string; leavers?: boolean; keep?: (f: OracleFact) => boolean },
): OracleFact[] {
  const facts: OracleFact[] = w.rollups.map((r: RollupFact) => ({ ...r, patience_days: 0, leavers: 0 }));
  if (opts.leavers) {
    for (const l of w.leavers) {
      facts.push({
        ...zeroCounters(),
        domain_id: l.domain_id,
        client_id: l.client_id,
        drip_id: 0,
        type: '',
        hour: utcHour(l.left_at),
        patience_days: Math.max(0, l.left_at.getTime() - l.created_at.getTime()) / 86_400_000,
        leavers: 1,
      });
    }
  }
  return facts.filter((f) => inLocalRange(f.hour, opts.tz, opts.from, opts.to) && (opts.keep?.(f) ?? true));
}

export interface OracleGroup extends StatCounters {
  key: string;
  facts: OracleFact[];
  patience_days: number;
  leavers: number;
}

/** Groups facts by `keyOf`, summing counters and patience; sorted by key. */
export function groupFacts(facts: readonly OracleFact[], keyOf: (f: OracleFact) => string): OracleGroup[] {
  const groups = new Map<string, OracleFact[]>();
  for (const f of facts) {
    const k = keyOf(f);
    groups.set(k, [...(groups.get(k) ?? []), f]);
  }
  return [...groups.entries()].map(([key, fs]) => ({
    key,
    facts: fs,
    ...sumCounters(fs),
    patience_days: fs.reduce((s, f) => s + f.patience_days, 0),
    leavers: fs.reduce((s, f) => s + f.leavers, 0),
  }));
}

export const familyOf = typeFamily;
export const pickCounters = (g: StatCounters, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, g[n as keyof StatCounters]]));
