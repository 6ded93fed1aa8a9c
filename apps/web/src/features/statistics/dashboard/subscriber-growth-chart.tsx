import { Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { StatsChart } from '@/components/charts/stats-chart';
import type { Trunc } from '../lib/buckets';
import type { DashboardSources } from '../lib/dashboard-series';
import { GROWTH_SERIES, GROWTH_VARIANTS, type GrowthVariant, growthRows, growthTotals } from '../lib/growth-series';
import type { IsoRange } from '../lib/stats-dates';
import { useSeriesRows } from './use-series-rows';

export interface SubscriberGrowthChartProps {
  /** The summary chart's answers (its rows: subscribed, unsubscribed, deactivated per bucket, gaps as 0). */
  source: DashboardSources | undefined;
  range: IsoRange;
  loading: boolean;
  granularity: Exclude<Trunc, 'year'>;
  timeZone: string;
}

const counts = new Intl.NumberFormat('en-US', { signDisplay: 'auto' });

/**
 * Subscriber growth on the website dashboard: subscribed, unsubscribed and net per bucket of the summary chart's
 * range, zone and granularity, or as running totals from the range's start.
 */
export function SubscriberGrowthChart({ source, range, loading, granularity, timeZone }: SubscriberGrowthChartProps) {
  const rows = useSeriesRows(source, range, granularity, timeZone);
  const [variant, setVariant] = useState<GrowthVariant>('Per period');
  const perPeriod = rows ? growthRows(rows) : [];
  const hasData = perPeriod.some((r) => r.growth_subscribed !== 0 || r.growth_unsubscribed !== 0);
  const data = variant === 'Running total' && rows ? growthRows(rows, true) : perPeriod;
  const totals = growthTotals(rows);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Subscriber growth">
      <Stack gap="sm">
        <StatsChart
          title="Subscriber growth"
          type="line"
          data={hasData ? data : []}
          loading={loading}
          variants={[...GROWTH_VARIANTS]}
          variantSeries={GROWTH_SERIES}
          variant={variant}
          onVariantChange={(v) => setVariant(v as GrowthVariant)}
          granularity={granularity}
          timeZone={timeZone}
        />
        {rows && hasData && (
          <Group gap="lg" aria-label="Subscriber growth totals">
            <Text size="sm">
              Subscribed: <b data-testid="growth-subscribed">{counts.format(totals.subscribed)}</b>
            </Text>
            <Text size="sm">
              Unsubscribed: <b data-testid="growth-unsubscribed">{counts.format(totals.unsubscribed)}</b>
            </Text>
            <Text size="sm">
              Net: <b data-testid="growth-net">{counts.format(totals.net)}</b>
            </Text>
          </Group>
        )}
        <Text size="xs" c="dimmed">
          Unsubscribed counts visitors who unsubscribed and subscriptions their browser's push service reported gone.
          Net = Subscribed − Unsubscribed. Range, time zone and granularity follow the chart above.
        </Text>
      </Stack>
    </Paper>
  );
}
