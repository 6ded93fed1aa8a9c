import type { StatsSeries } from '@/components/charts/stats-chart';
import type { NumberRow } from './buckets';

/** The subscriber-growth chart's views (docs/metrics.md, "Subscriber growth"). */
export const GROWTH_VARIANTS = ['Per period', 'Running total'] as const;
export type GrowthVariant = (typeof GROWTH_VARIANTS)[number];

const SERIES: StatsSeries[] = [
  { key: 'growth_subscribed', label: 'Subscribed', color: 'green.6' },
  { key: 'growth_unsubscribed', label: 'Unsubscribed', color: 'red.6' },
  { key: 'growth_net', label: 'Net', color: 'blue.6' },
];
export const GROWTH_SERIES: Record<GrowthVariant, StatsSeries[]> = {
  'Per period': SERIES,
  'Running total': SERIES,
};

const n = (row: NumberRow, key: string) => (typeof row[key] === 'number' ? (row[key] as number) : 0);

/**
 * Per bucket: subscribed (new subscriptions), unsubscribed (visitors who unsubscribed plus subscriptions the push
 * service reported gone, i.e. `unsubscribed + deactivated`) and net = subscribed − unsubscribed; with `running`,
 * each figure summed from the start of the range.
 */
export function growthRows(rows: readonly NumberRow[], running = false): NumberRow[] {
  let sub = 0;
  let unsub = 0;
  return rows.map((row) => {
    const s = n(row, 'subscribed');
    const u = n(row, 'unsubscribed') + n(row, 'deactivated');
    sub = running ? sub + s : s;
    unsub = running ? unsub + u : u;
    return { timestamp: row.timestamp, growth_subscribed: sub, growth_unsubscribed: unsub, growth_net: sub - unsub };
  });
}

/** The range's totals: subscribed, unsubscribed and net. */
export function growthTotals(rows: readonly NumberRow[] | undefined) {
  const last = growthRows(rows ?? [], true).at(-1);
  return {
    subscribed: last ? n(last, 'growth_subscribed') : 0,
    unsubscribed: last ? n(last, 'growth_unsubscribed') : 0,
    net: last ? n(last, 'growth_net') : 0,
  };
}
