import { SERVER_PERFORMANCE_COLUMNS } from '@pushdeck/contracts';
import type { SortState } from '@/components/data-table/types';
import type { ServerPerformanceRequest } from '../api/stats-v2-api';
import { selectionFilter, type TableFilters } from '../lib/table-filters';

export const SP_TRUNCS = [
  { value: 'hour', label: 'Hour' },
  { value: 'day', label: 'Day' },
];
export const SP_GROUPS = [
  { value: 'welcome', label: 'Welcome' },
  { value: 'recurring', label: 'Recurring' },
];
/** The row's dimensions, then its columns (part 1 §3, Server performance row). */
export const SP_COLUMNS: string[] = ['campaign_uid', 'client_uid', 'date', 'type', ...SERVER_PERFORMANCE_COLUMNS];

/** The getServerPerformancePage body of applied filters: Group By (Welcome, Recurring) picks the type families. */
export function serverPerformanceBody(
  f: TableFilters,
  moder: boolean,
  sort: SortState | null,
): ServerPerformanceRequest {
  return {
    timezone: f.timezone,
    date_trunc: f.trunc === 'hour' ? 'hour' : 'day',
    filters: {
      date_start: f.range?.[0] ?? '',
      date_end: f.range?.[1] ?? '',
      campaign_uid: selectionFilter(f.domains),
      type: f.groups.filter((g): g is 'welcome' | 'recurring' => g === 'welcome' || g === 'recurring'),
      client_uid: moder ? selectionFilter(f.clients) : [],
    },
    orders: sort ? [{ [sort.field]: sort.dir === 'asc' ? 'ASC' : 'DESC' }] : [],
  };
}
