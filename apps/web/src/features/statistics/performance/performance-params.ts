import { guessTimezone } from '@/components/timezone-options';
import type { TopStatsRequest } from '../api/stats-v2-api';
import { readList, type SearchPatch, writeList } from '../lib/search-state';
import { defaultRange, type IsoRange, parseIsoDay, statsWindow } from '../lib/stats-dates';

export const PERFORMANCE_METRICS = [
  { value: 'sent', label: 'Sent' },
  { value: 'delivered', label: 'Deliveries' },
  { value: 'clicked', label: 'Clicks' },
];
const METRIC_KEYS = PERFORMANCE_METRICS.map((m) => m.value);
const TRUNCS = ['day', 'month', 'year'] as const;
type PerformanceTrunc = (typeof TRUNCS)[number];

export interface PerformanceFilters {
  range: IsoRange | null;
  timezone: string;
  trunc: PerformanceTrunc;
  metrics: string[];
}

/** The report's filters from the URL; the defaults (yesterday, the browser's zone, Day, Sent) when absent. */
export function readPerformance(p: URLSearchParams): PerformanceFilters {
  const timezone = p.get('timezone') || guessTimezone();
  const from = parseIsoDay(p.get('date_start'));
  const to = parseIsoDay(p.get('date_end'));
  const trunc = TRUNCS.find((t) => t === p.get('date_trunc')) ?? 'day';
  const metrics = readList(p.get('columns')).filter((m) => METRIC_KEYS.includes(m));
  return {
    range: from && to ? [from, to] : defaultRange('performance', statsWindow(timezone)),
    timezone,
    trunc,
    metrics: metrics.length > 0 ? metrics : ['sent'],
  };
}

/** Applied filters as search params; every table goes back to its first page. */
export function writePerformance(f: PerformanceFilters): SearchPatch {
  return {
    date_start: f.range?.[0] ?? null,
    date_end: f.range?.[1] ?? null,
    timezone: f.timezone,
    date_trunc: f.trunc,
    columns: writeList(f.metrics),
    ...Object.fromEntries(TOP_PAGE_PARAMS.map((k) => [k, null])),
  };
}

export const TOP_PAGE_PARAMS = ['page_dw', 'page_dr', 'page_cw', 'page_cr'] as const;

/** The top tables' body (part 1 §7): dates as 'date', the unchosen metrics left out, a row per bucket. */
export function topStatsBody(f: PerformanceFilters): TopStatsRequest {
  return {
    timezone: f.timezone,
    date_trunc: f.trunc,
    columns: { map: { timestamp: 'date' }, exclude: METRIC_KEYS.filter((m) => !f.metrics.includes(m)) },
    filters: { date_start: f.range?.[0] ?? '', date_end: f.range?.[1] ?? '' },
    groups: ['timestamp'],
  };
}
