import { Group, Paper, Stack } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { PanelError } from '@/components/data-panel/panel-error';
import { SkeletonBar } from '@/components/data-panel/skeleton-bar';
import { errorMessage } from '@/lib/api';
import { useDashboardSeries, useDashboardTotals } from '../api/use-dashboard-stats';
import type { DashboardVariant } from '../lib/dashboard-series';
import { StatsCards } from './stats-cards';
import { type ChartSettings, useChartSettings } from './use-chart-settings';

// The chart with its range, zone and granularity controls (SegmentedControl, the date field, the zone picker) loads
// after the cards, as the chart's drawing already did (issue 17: the dashboard's first load); its data is asked for
// here at once, so nothing waits for the code.
const SummaryChart = lazy(() => import('../components/summary-chart').then((m) => ({ default: m.SummaryChart })));

const SubscriberGrowthChart = lazy(() =>
  import('./subscriber-growth-chart').then((m) => ({ default: m.SubscriberGrowthChart })),
);

/** The chart panel's shape while its code loads: the controls' row and the chart's height. */
function SummaryChartPending() {
  return (
    <Stack gap="sm" data-pending aria-busy="true">
      <Group gap="sm" align="flex-end">
        <SkeletonBar width={240} height={36} label="Loading the chart" />
        <SkeletonBar width={200} height={36} />
        <SkeletonBar width={220} height={36} />
      </Group>
      <SkeletonBar height={300} />
    </Stack>
  );
}

export interface GlobalStatsProps {
  /** One website (its dashboard); every website in scope when left out. */
  domainIds?: readonly number[];
  initialVariant?: DashboardVariant;
  moreInfoTo?: string;
  withRefresh?: boolean;
  /** Extra cards after Recurring, Welcome and Subscribers (Created Domains). */
  extraCard?: ReactNode;
  /** Content below the chart that follows its settings (Global Overview's per-website table). */
  below?: (settings: ChartSettings) => ReactNode;
  /** The subscriber-growth chart under the summary chart (website dashboard). */
  withGrowth?: boolean;
}

/** The stat cards and the summary chart of a scope (all websites, or one). */
export function GlobalStats({
  domainIds,
  initialVariant = 'Deliveries',
  moreInfoTo,
  withRefresh,
  extraCard,
  below,
  withGrowth = false,
}: GlobalStatsProps) {
  const chart = useChartSettings(initialVariant);
  const { settings } = chart;
  const series = useDashboardSeries({
    range: settings.range,
    timezone: settings.timezone,
    trunc: settings.trunc,
    domainIds,
    withErrors: settings.variant === 'Subs',
  });
  const totals = useDashboardTotals(settings.timezone, domainIds);
  const error = series.error ?? totals.error;

  return (
    <Stack gap="md">
      {error && (
        <PanelError
          title="Error!"
          message={errorMessage(error, 'The statistics could not be loaded.')}
          onRetry={() => {
            series.refetch();
            totals.refetch();
          }}
        />
      )}
      <StatsCards totals={totals.data} timezone={settings.timezone} failed={totals.isError} moreInfoTo={moreInfoTo}>
        {extraCard}
      </StatsCards>
      <Paper withBorder p="md" radius="md">
        <Suspense fallback={<SummaryChartPending />}>
          <SummaryChart
            chart={chart}
            source={series.source}
            loading={series.loading}
            errors={series.errors}
            withRefresh={withRefresh}
          />
        </Suspense>
      </Paper>
      {withGrowth && (
        <Suspense fallback={<SkeletonBar height={360} label="Loading the chart" />}>
          <SubscriberGrowthChart
            source={series.source}
            range={settings.range}
            loading={series.loading}
            granularity={settings.trunc}
            timeZone={settings.timezone}
          />
        </Suspense>
      )}
      {below?.(settings)}
    </Stack>
  );
}
