import { Box, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { StatsRow } from '@pushdeck/contracts';
import { useMemo } from 'react';
import { StatsChart, type StatsSeries } from '@/components/charts/stats-chart';
import { PanelError } from '@/components/data-panel/panel-error';
import { SkeletonBar } from '@/components/data-panel/skeleton-bar';
import { errorMessage } from '@/lib/api';
import type { DomainOption } from '../api/pickers-api';
import { type CompareRequest, useCompareStats } from '../api/use-compare';
import { bucketKeys, fillBuckets } from '../lib/buckets';
import { type CompareCounters, compareLines } from '../lib/compare';
import { addByTimestamp, num } from '../lib/stats-rows';
import { CompareCards, CompareCardsSkeleton } from './compare-cards';
import { CompareRadials } from './compare-radials';

const FIELDS = ['delivered', 'clicked', 'sent'] as const;
const VARIANTS: Record<string, (typeof FIELDS)[number]> = { Deliveries: 'delivered', Clicks: 'clicked', Sends: 'sent' };

const countersOf = (row: StatsRow | undefined): CompareCounters => ({
  sent: num(row, 'sent'),
  delivered: num(row, 'delivered'),
  clicked: num(row, 'clicked'),
  subscribed: num(row, 'subscribed'),
  unsubscribed: num(row, 'unsubscribed'),
  deactivated: num(row, 'deactivated'),
  avg_patient_days: num(row, 'avg_patient_days'),
});

/** The two radial charts while subscribers load: their titles over grey boxes of the charts' height. */
function RadialsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-busy>
      {['Subscribers', 'Unsubscribers'].map((title, i) => (
        <Paper key={title} withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="xs">
            {title}
          </Title>
          <Box lh={0}>
            <SkeletonBar height={220 + 48} label={i === 0 ? 'Loading subscribers' : undefined} />
          </Box>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export interface CompareResultsProps {
  request: CompareRequest;
  a: DomainOption;
  b: DomainOption;
}

/** The chart per website, the A vs B cards and the radial charts of an applied comparison. */
export function CompareResults({ request, a, b }: CompareResultsProps) {
  const { totals, series, subscribers } = useCompareStats(request);
  const pick = (rows: StatsRow[] | undefined, d: DomainOption) => rows?.find((r) => r.website_id === d.website_id);

  const chartRows = useMemo(() => {
    if (!series.data) return [];
    const buckets = new Map<string, Record<string, number>>();
    for (const [side, d] of [
      ['a', a],
      ['b', b],
    ] as const) {
      addByTimestamp(
        buckets,
        series.data.filter((r) => r.website_id === d.website_id),
        FIELDS,
        `${side}_`,
      );
    }
    const keys = bucketKeys(request.range, 'day', request.timezone);
    return fillBuckets(
      keys,
      FIELDS.flatMap((f) => [`a_${f}`, `b_${f}`]),
      buckets,
    );
  }, [series.data, a, b, request]);
  const variantSeries: Record<string, StatsSeries[]> = Object.fromEntries(
    Object.entries(VARIANTS).map(([variant, f]) => [
      variant,
      [
        { key: `a_${f}`, label: `A: ${a.url}`, color: 'indigo.6' },
        { key: `b_${f}`, label: `B: ${b.url}`, color: 'orange.6' },
      ],
    ]),
  );

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        {series.isError ? (
          <PanelError
            message={`${errorMessage(series.error, 'Error!')} drips`}
            onRetry={() => series.refetch()}
            retrying={series.isFetching}
          />
        ) : (
          <StatsChart
            title="Compare"
            data={chartRows}
            loading={series.isPending}
            variants={Object.keys(VARIANTS)}
            variantSeries={variantSeries}
            defaultVariant="Clicks"
            granularity="day"
          />
        )}
      </Paper>
      {totals.isError ? (
        <PanelError
          message={`${errorMessage(totals.error, 'Error!')} drips`}
          onRetry={() => totals.refetch()}
          retrying={totals.isFetching}
        />
      ) : totals.isPending ? (
        <CompareCardsSkeleton />
      ) : (
        <CompareCards
          lines={compareLines(countersOf(pick(totals.data, a)), countersOf(pick(totals.data, b)))}
          nameA={a.url}
          nameB={b.url}
        />
      )}
      {subscribers.isError ? (
        <PanelError
          message={`${errorMessage(subscribers.error, 'Error!')} subs`}
          onRetry={() => subscribers.refetch()}
          retrying={subscribers.isFetching}
        />
      ) : subscribers.isPending ? (
        <RadialsSkeleton />
      ) : (
        <CompareRadials
          sides={[a, b].map((d) => ({
            name: d.url,
            subscribed: num(pick(subscribers.data, d), 'subscribed'),
            unsubscribed: num(pick(subscribers.data, d), 'unsubscribed'),
          }))}
        />
      )}
    </Stack>
  );
}
