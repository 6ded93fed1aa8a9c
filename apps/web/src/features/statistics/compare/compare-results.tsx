import { Alert, Loader, Paper, Stack } from '@mantine/core';
import type { StatsRow } from '@pushdeck/contracts';
import { useMemo } from 'react';
import { StatsChart, type StatsSeries } from '@/components/charts/stats-chart';
import { errorMessage } from '@/lib/api';
import type { DomainOption } from '../api/pickers-api';
import { type CompareRequest, useCompareStats } from '../api/use-compare';
import { bucketKeys, fillBuckets } from '../lib/buckets';
import { type CompareCounters, compareLines } from '../lib/compare';
import { addByTimestamp, num } from '../lib/stats-rows';
import { CompareCards } from './compare-cards';
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
          <Alert color="red">{`${errorMessage(series.error, 'Error!')} drips`}</Alert>
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
        <Alert color="red">{`${errorMessage(totals.error, 'Error!')} drips`}</Alert>
      ) : totals.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading" />
      ) : (
        <CompareCards
          lines={compareLines(countersOf(pick(totals.data, a)), countersOf(pick(totals.data, b)))}
          nameA={a.url}
          nameB={b.url}
        />
      )}
      {subscribers.isError ? (
        <Alert color="red">{`${errorMessage(subscribers.error, 'Error!')} subs`}</Alert>
      ) : subscribers.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading" />
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
