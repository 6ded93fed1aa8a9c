import { PUSH_ERROR_COUNTERS, type StatsRow } from '@pushdeck/contracts';
import type { StatsSeries } from '@/components/charts/stats-chart';
import { fillBuckets, type NumberRow } from './buckets';
import { DRIP_FAMILIES } from './drip-families';
import { addByTimestamp } from './stats-rows';

export { DRIP_FAMILIES };
export const DRIP_FIELDS = ['sent', 'delivered', 'clicked'] as const;
export const SUB_FIELDS = ['subscribed', 'unsubscribed', 'deactivated', 'full_unsubscribed'] as const;

export const DASHBOARD_VARIANTS = ['Deliveries', 'Clicks', 'Sends', 'Subs', 'All Drips', 'All'] as const;
export type DashboardVariant = (typeof DASHBOARD_VARIANTS)[number];

const ERROR_LABELS: Record<(typeof PUSH_ERROR_COUNTERS)[number], string> = {
  error_401: '401',
  error_403: '403',
  error_404: '404',
  error_413: '413',
  error_429: '429',
  error_x: 'X',
};
const ERROR_COLORS = ['red.8', 'orange.7', 'grape.6', 'pink.6', 'yellow.7', 'gray.6'] as const;

const byFamily = (field: string, label: string): StatsSeries[] => [
  { key: `recurring_${field}`, label: `Recurring ${label}`, color: 'indigo.6' },
  { key: `welcome_${field}`, label: `Welcome ${label}`, color: 'teal.6' },
];

export const ERROR_SERIES: StatsSeries[] = PUSH_ERROR_COUNTERS.map((key, i) => ({
  key,
  label: ERROR_LABELS[key],
  color: ERROR_COLORS[i] ?? 'gray.6',
}));

const SUBS: StatsSeries[] = [
  { key: 'subscribed', label: 'Subscribed', color: 'green.6' },
  { key: 'unsubscribed', label: 'Unsubscribed', color: 'red.6' },
];
const ALL_DRIPS: StatsSeries[] = [
  { key: 'sent', label: 'Sent', color: 'blue.6' },
  { key: 'delivered', label: 'Delivered', color: 'cyan.6' },
  { key: 'clicked', label: 'Clicked', color: 'violet.6' },
];

/** The series each dashboard chart variant draws. */
export const DASHBOARD_SERIES: Record<DashboardVariant, StatsSeries[]> = {
  Deliveries: byFamily('delivered', 'deliveries'),
  Clicks: byFamily('clicked', 'clicks'),
  Sends: byFamily('sent', 'sends'),
  Subs: [...SUBS, ...ERROR_SERIES],
  'All Drips': ALL_DRIPS,
  All: [...ALL_DRIPS, ...SUBS],
};

const FIELDS = [
  ...DRIP_FAMILIES.flatMap((f) => DRIP_FIELDS.map((d) => `${f}_${d}`)),
  ...DRIP_FIELDS,
  ...SUB_FIELDS,
  ...PUSH_ERROR_COUNTERS,
];

export interface DashboardSources {
  /** getStatsEventsByDrips with resultGroupBy: rows per family. */
  events: Record<string, StatsRow[]>;
  subscribers: StatsRow[];
  errors?: StatsRow[] | undefined;
}

/** One chart row per bucket with every series (per family, all drips, subscribers, push errors), gaps as 0. */
export function dashboardRows(keys: readonly string[], sources: DashboardSources): NumberRow[] {
  const buckets = new Map<string, Record<string, number>>();
  for (const family of DRIP_FAMILIES) {
    addByTimestamp(buckets, sources.events[family], DRIP_FIELDS, `${family}_`);
    addByTimestamp(buckets, sources.events[family], DRIP_FIELDS);
  }
  addByTimestamp(buckets, sources.subscribers, SUB_FIELDS);
  addByTimestamp(buckets, sources.errors, PUSH_ERROR_COUNTERS);
  return fillBuckets(keys, FIELDS, buckets);
}

/** Whether any bucket holds a non-zero count (else the chart shows its empty state). */
export function hasAnyData(rows: readonly NumberRow[] | undefined): boolean {
  return (rows ?? []).some((row) => Object.entries(row).some(([k, v]) => k !== 'timestamp' && v !== 0));
}
