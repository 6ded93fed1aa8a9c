import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { StatsChart } from '@/components/charts/stats-chart';
import { DateRangePicker } from '@/components/date-range/date-range-picker';
import { DeferredTooltip } from '@/components/deferred/deferred-tooltip';
import { type Granularity, GranularityButtons } from '@/components/granularity-buttons';
import { TimezonePicker } from '@/components/timezone-picker';
import type { ChartSettingsApi } from '../dashboard/use-chart-settings';
import { useSeriesRows } from '../dashboard/use-series-rows';
import type { DashboardSources } from '../lib/dashboard-series';
import { DASHBOARD_SERIES, DASHBOARD_VARIANTS, type DashboardVariant, hasAnyData } from '../lib/dashboard-series';
import { dateToIso, isoToDate, statsWindow } from '../lib/stats-dates';
import { STATS_TEXT } from '../lib/texts';

export interface SummaryChartProps {
  chart: ChartSettingsApi;
  /** The answers useDashboardSeries fetched (the rows are made here). */
  source: DashboardSources | undefined;
  loading: boolean;
  errors: { loading: boolean; invalid: boolean };
  /** Shows a refresh button that resets the chart settings. */
  withRefresh?: boolean;
}

/** The dashboards' summary chart: range, zone and granularity controls, then the chart with its variants. */
export function SummaryChart({ chart, source, loading, errors, withRefresh = false }: SummaryChartProps) {
  const { settings } = chart;
  const rows = useSeriesRows(source, settings.range, settings.trunc, settings.timezone);
  const window = statsWindow(settings.timezone);
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DateRangePicker
          value={[isoToDate(settings.range[0]), isoToDate(settings.range[1])]}
          onChange={([from, to]) => chart.setRange([dateToIso(from), dateToIso(to)])}
          minDate={isoToDate(window.min)}
          maxDate={isoToDate(window.max)}
        />
        <TimezonePicker value={settings.timezone} onChange={chart.setTimezone} />
        <GranularityButtons<Granularity> value={settings.trunc} onChange={chart.setTrunc} />
        {withRefresh && (
          <DeferredTooltip label="Reset the chart settings">
            <ActionIcon variant="light" size="lg" aria-label="Refresh chart" onClick={chart.reset}>
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </DeferredTooltip>
        )}
      </Group>
      <StatsChart
        title="Summary"
        data={rows && hasAnyData(rows) ? rows : []}
        loading={loading}
        variants={[...DASHBOARD_VARIANTS]}
        variantSeries={DASHBOARD_SERIES}
        variant={settings.variant}
        onVariantChange={(v) => chart.setVariant(v as DashboardVariant)}
        granularity={settings.trunc}
        timeZone={settings.timezone}
      />
      {settings.variant === 'Subs' &&
        (errors.loading ? (
          <Text size="sm" c="dimmed" role="status">
            Loading push errors…
          </Text>
        ) : errors.invalid ? (
          <Text size="sm" c="red" role="status">
            {STATS_TEXT.invalidResponse}
          </Text>
        ) : null)}
    </Stack>
  );
}
