import { Box, Group, Paper, Text } from '@mantine/core';
import { roundTo } from '@pushdeck/contracts';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useId } from 'react';
import { SkeletonBar } from '@/components/data-panel/skeleton-bar';

export interface MetricCardProps {
  label: string;
  /** Undefined while loading. */
  value: number | undefined;
  format: (value: number) => string;
  /** The value of the period before, for the change line (null: no earlier period in the window). */
  previous?: number | null | undefined;
  /** Suffix of the change ('%' for rates: the change in points). */
  changeUnit?: string;
}

/** One number of More Info, optionally with its change against the previous period. */
export function MetricCard({ label, value, format, previous, changeUnit = '' }: MetricCardProps) {
  const id = useId();
  const change = value !== undefined && typeof previous === 'number' ? roundTo(value - previous) : null;
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-labelledby={id}>
      <Text id={id} size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {value === undefined ? (
        // a grey bar where the figure goes, the figure's line high: the card keeps its size when it comes
        <Box py={6} lh={0}>
          <SkeletonBar width={96} height={28} label="Loading" />
        </Box>
      ) : (
        <Text fz={26} fw={700} title={String(value)}>
          {format(value)}
        </Text>
      )}
      {previous === null && (
        <Text size="xs" c="dimmed">
          No previous period
        </Text>
      )}
      {change !== null && (
        <Group gap={4} c={change >= 0 ? 'teal' : 'red'}>
          {change >= 0 ? <IconArrowUpRight size={14} aria-hidden /> : <IconArrowDownRight size={14} aria-hidden />}
          <Text size="xs" c={change >= 0 ? 'teal' : 'red'}>
            {`${change >= 0 ? '+' : ''}${change.toFixed(2)}${changeUnit} vs previous period`}
          </Text>
        </Group>
      )}
    </Paper>
  );
}
