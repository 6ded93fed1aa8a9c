import { EXPLORER_COLUMNS } from '@pushdeck/contracts';
import type { SortState } from '@/components/data-table/types';
import type { DataExplorerRequest } from '../api/stats-v2-api';
import { readList, type SearchPatch, writeList } from '../lib/search-state';
import { selectionFilter, type TableFilters } from '../lib/table-filters';

export const EXPLORER_TRUNCS = [
  { value: 'day', label: 'Day' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
];

/**
 * Group By choices; Welcome, Recurring and API (sends of the server API) add the 'type' grouping and keep those
 * families only.
 */
export const EXPLORER_GROUPS = [
  { value: 'website_id', label: 'Domain' },
  { value: 'date', label: 'Date' },
  { value: 'drip_id', label: 'Drip' },
  { value: 'client', label: 'Client' },
  { value: 'welcome', label: 'Welcome' },
  { value: 'recurring', label: 'Recurring' },
  { value: 'api', label: 'API' },
];
export const DEFAULT_GROUPS = ['website_id', 'date'];
export const MODER_GROUPS = ['website_id', 'client', 'date'];
const FAMILIES = ['welcome', 'recurring', 'api'] as const;
type Family = (typeof FAMILIES)[number];
const isFamily = (g: string): g is Family => (FAMILIES as readonly string[]).includes(g);

/** Columns the settings dialog offers: the defaults, then extras the call adds with `columns.include`. */
export const COLUMN_CHOICES: string[] = [
  ...EXPLORER_COLUMNS,
  'avg_patient_days',
  'push_ctr',
  'delivery_rate',
  'hate_rate',
  'unsubscribe_rate',
  'clicks_per_subscriber',
  'match_ratio',
];
const DEFAULT_COLUMNS: readonly string[] = EXPLORER_COLUMNS;

/** The chosen value columns in the URL (`columns`); the defaults when absent. */
export function readColumns(p: URLSearchParams): string[] {
  const cols = readList(p.get('columns')).filter((c) => COLUMN_CHOICES.includes(c));
  return cols.length > 0 ? cols : [...DEFAULT_COLUMNS];
}
export const writeColumns = (cols: readonly string[]): SearchPatch => ({ columns: writeList(cols) });

/** The grouped dimensions of a request, in the order the table shows them. */
export function requestGroups(groups: readonly string[]): string[] {
  const dims = groups.filter((g) => !isFamily(g));
  return groups.some(isFamily) ? [...dims, 'type'] : dims;
}

export interface ExplorerScope {
  moder: boolean;
  /** A website's own Data Explorer: its id is the only website filter. */
  domainId?: number;
}

export function explorerBody(
  f: TableFilters,
  cols: readonly string[],
  sort: SortState | null,
  s: ExplorerScope,
): DataExplorerRequest {
  const groups = requestGroups(f.groups) as DataExplorerRequest['groups'];
  return {
    timezone: f.timezone,
    date_trunc: f.trunc === 'month' || f.trunc === 'year' ? f.trunc : 'day',
    columns: {
      map: {},
      exclude: DEFAULT_COLUMNS.filter((c) => !cols.includes(c)),
      include: [...cols.filter((c) => !DEFAULT_COLUMNS.includes(c)), ...(groups.includes('website_id') ? ['url'] : [])],
    },
    filters: {
      date_start: f.range?.[0] ?? '',
      date_end: f.range?.[1] ?? '',
      website_id: s.domainId !== undefined ? [String(s.domainId)] : selectionFilter(f.domains),
      type: f.groups.filter(isFamily),
      client_id: s.moder && s.domainId === undefined ? selectionFilter(f.clients) : [],
    },
    orders: sort ? [{ [sort.field]: sort.dir === 'asc' ? 'ASC' : 'DESC' }] : [],
    groups,
  };
}
