import { Group, Paper, Stack, Text } from '@mantine/core';
import { pushCtr } from '@pushdeck/contracts';
import { StatsChart, type StatsSeries } from '@/components/charts/stats-chart';
import { PanelError } from '@/components/data-panel/panel-error';
import { DateRangePicker } from '@/components/date-range/date-range-picker';
import { type Granularity, GranularityButtons } from '@/components/granularity-buttons';
import { TimezonePicker } from '@/components/timezone-picker';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { formatPercent } from '@/lib/format-number';
import { useChartSettings } from '../dashboard/use-chart-settings';
import { dateToIso, isoToDate, statsWindow } from '../lib/stats-dates';
import { useDripSeries } from './use-drip-series';

const SENT: StatsSeries = { key: 'sent', label: 'Sent', color: 'blue.6' };
const DELIVERED: StatsSeries = { key: 'delivered', label: 'Delivered', color: 'cyan.6' };
const CLICKED: StatsSeries = { key: 'clicked', label: 'Clicked', color: 'violet.6' };
const VARIANTS = ['All', 'Sends', 'Deliveries', 'Clicks'];
const SERIES: Record<string, StatsSeries[]> = {
  All: [SENT, DELIVERED, CLICKED],
  Sends: [SENT],
  Deliveries: [DELIVERED],
  Clicks: [CLICKED],
};
const counts = new Intl.NumberFormat('en-US');

/**
 * A drip's own chart on its page: sent, delivered and clicked over time for a date range (default the last week,
 * the browser's zone, by day), with the range's totals and push CTR. Nothing for users without statistics rights.
 */
export function DripStatsPanel(props: { domainId: number; dripId: number }) {
  if (!useCan('drips.stats')) return null;
  return <DripStatsPanelBody {...props} />;
}

function DripStatsPanelBody({ domainId, dripId }: { domainId: number; dripId: number }) {
  const chart = useChartSettings('All');
  const { settings } = chart;
  const series = useDripSeries({
    domainId,
    dripId,
    range: settings.range,
    timezone: settings.timezone,
    trunc: settings.trunc,
  });
  const window = statsWindow(settings.timezone);
  const hasData = (series.rows ?? []).some((r) => r.sent !== 0 || r.delivered !== 0 || r.clicked !== 0);
  const t = series.totals;
  const figures = [
    { label: 'Sent', value: counts.format(t.sent ?? 0), id: 'drip-total-sent' },
    { label: 'Delivered', value: counts.format(t.delivered ?? 0), id: 'drip-total-delivered' },
    { label: 'Clicked', value: counts.format(t.clicked ?? 0), id: 'drip-total-clicked' },
    { label: 'CTR', value: formatPercent(pushCtr(t)), id: 'drip-total-ctr' },
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Drip statistics">
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
        </Group>
        {series.error ? (
          <PanelError
            title="Error!"
            message={errorMessage(series.error, 'The statistics could not be loaded.')}
            onRetry={() => series.refetch()}
          />
        ) : (
          <>
            <StatsChart
              title="This drip over time"
              data={hasData && series.rows ? series.rows : []}
              loading={series.loading}
              variants={VARIANTS}
              variantSeries={SERIES}
              granularity={settings.trunc}
              timeZone={settings.timezone}
            />
            {!series.loading && (
              <Group gap="lg" aria-label="Totals for the range">
                {figures.map((f) => (
                  <Text size="sm" key={f.id}>
                    {f.label}: <b data-testid={f.id}>{f.value}</b>
                  </Text>
                ))}
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
