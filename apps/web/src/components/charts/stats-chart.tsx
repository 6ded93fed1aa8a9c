import { Box, Center, Group, SegmentedControl, Text } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useDeferredValue, useMemo } from 'react';
import { formatCount } from '@/lib/format-number';
import { SkeletonBar } from '../data-panel/skeleton-bar';
import { StatsSummaryTable } from './stats-summary-table';
import { timeLabel } from './time-label';
import type { StatsRow, StatsSeries } from './types';

export type { StatsRow, StatsSeries } from './types';

/** The charts library loads after the screen's numbers show (initial load budget, issue 17). */
const StatsPlot = lazy(() => import('./stats-plot'));

export const DEFAULT_VARIANTS = ['Clicks', 'Sends', 'Subs', 'Deliveries', 'All'];
export const NO_DATA_TEXT = 'No data for this period.';
const X_KEY = '__time';

export interface StatsChartProps {
  data: StatsRow[];
  /** The selector's choices, in order. */
  variants?: string[];
  /** The series each variant draws. */
  variantSeries: Record<string, StatsSeries[]>;
  /** Controlled variant; without it the chart starts at `defaultVariant` (else the first). */
  variant?: string;
  defaultVariant?: string;
  onVariantChange?: (variant: string) => void;
  /** hour, day, week, month or year: how the x axis reads. */
  granularity?: string;
  /** Zone for timestamps that are instants (see timeLabel). */
  timeZone?: string;
  /** The rows are on their way: a grey box of the chart's height stands in for it (nothing jumps when they come). */
  loading?: boolean;
  type?: 'area' | 'line';
  height?: number;
  /** Names the chart for assistive technology; also shown above it when given. */
  title?: ReactNode;
}

/** A time-series chart with a Clicks / Sends / Subs / Deliveries / All selector. */
export function StatsChart({
  data,
  variants = DEFAULT_VARIANTS,
  variantSeries,
  variant,
  defaultVariant,
  onVariantChange,
  granularity = 'day',
  timeZone,
  loading = false,
  type = 'area',
  height = 300,
  title,
}: StatsChartProps) {
  const [current, setCurrent] = useUncontrolled({
    value: variant,
    defaultValue: defaultVariant ?? variants[0] ?? '',
    onChange: onVariantChange,
  });
  const series = variantSeries[current] ?? [];
  // A chart is drawn in a render of its own after it mounts, so what shows with it (the dashboard's cards) is on
  // screen first: drawing and measuring the plot costs more than the rest of the page (bench/web's route change).
  const drawable = useDeferredValue(true, false);
  const rows = useMemo(
    () => data.map((row) => ({ ...row, [X_KEY]: timeLabel(row.timestamp, granularity, timeZone) })),
    [data, granularity, timeZone],
  );
  const chartSeries = series.map((s) => ({ name: s.key, label: s.label, color: s.color }));
  const caption = `${typeof title === 'string' ? `${title}: ` : ''}${current} by ${granularity}`;
  const chartProps = {
    h: height,
    data: rows,
    dataKey: X_KEY,
    series: chartSeries,
    valueFormatter: formatCount,
    withLegend: true,
    withDots: rows.length <= 60,
    curveType: 'linear',
  } as const;

  return (
    <Box>
      <Group justify="space-between" mb="sm" gap="sm">
        {title ? <Text fw={600}>{title}</Text> : <span />}
        <SegmentedControl aria-label="Chart series" data={variants} value={current} onChange={setCurrent} size="xs" />
      </Group>
      <Box pos="relative" mih={height} aria-busy={loading}>
        {loading ? (
          <Box h={height} lh={0}>
            <SkeletonBar height={height} label="Loading chart" />
          </Box>
        ) : rows.length === 0 ? (
          <Center h={height}>
            <Text c="dimmed">{NO_DATA_TEXT}</Text>
          </Center>
        ) : (
          <>
            {drawable ? (
              <Suspense fallback={<Box h={height} data-pending />}>
                <StatsPlot kind={type} {...chartProps} />
              </Suspense>
            ) : (
              <Box h={height} data-pending />
            )}
            <StatsSummaryTable caption={caption} series={series} data={data} />
          </>
        )}
      </Box>
    </Box>
  );
}
