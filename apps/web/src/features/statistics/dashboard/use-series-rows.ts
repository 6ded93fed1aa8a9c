import { useMemo } from 'react';
import { bucketKeys, type NumberRow, type Trunc } from '../lib/buckets';
import { type DashboardSources, dashboardRows } from '../lib/dashboard-series';
import type { IsoRange } from '../lib/stats-dates';

/**
 * The summary chart's rows: one per bucket of the range in the zone, every series, gaps as 0. Computed in the charts
 * (loaded after the cards, issue 17) from the answers useDashboardSeries fetched; undefined until both came.
 */
export function useSeriesRows(
  source: DashboardSources | undefined,
  range: IsoRange,
  trunc: Exclude<Trunc, 'year'>,
  timezone: string,
): NumberRow[] | undefined {
  return useMemo(
    () => (source ? dashboardRows(bucketKeys(range, trunc, timezone), source) : undefined),
    [source, range, trunc, timezone],
  );
}
