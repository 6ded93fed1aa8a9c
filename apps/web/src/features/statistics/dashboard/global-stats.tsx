import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PanelError } from '@/components/data-panel/panel-error';
import { errorMessage } from '@/lib/api';
import { useDashboardSeries, useDashboardTotals } from '../api/use-dashboard-stats';
import { SummaryChart } from '../components/summary-chart';
import type { DashboardVariant } from '../lib/dashboard-series';
import { StatsCards } from './stats-cards';
import { SubscriberGrowthChart } from './subscriber-growth-chart';
import { type ChartSettings, useChartSettings } from './use-chart-settings';

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
        <SummaryChart
          chart={chart}
          rows={series.rows}
          loading={series.loading}
          errors={series.errors}
          withRefresh={withRefresh}
        />
      </Paper>
      {withGrowth && (
        <SubscriberGrowthChart
          rows={series.rows}
          loading={series.loading}
          granularity={settings.trunc}
          timeZone={settings.timezone}
        />
      )}
      {below?.(settings)}
    </Stack>
  );
}
