import { Box, Group, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { SkeletonBar } from '@/components/data-panel/skeleton-bar';
import { formatCount } from '@/lib/format-number';

export interface StatsBlockRow {
  label: string;
  /** One value per column; undefined while loading. */
  values: (number | undefined)[];
}

export interface StatsBlockProps {
  title: string;
  columns: string[];
  rows: StatsBlockRow[];
  footer?: ReactNode;
  icon?: ReactNode;
  /** The figures could not be loaded: a dash instead of the placeholder. */
  unavailable?: boolean;
}

// A plain table with Mantine's spacing rather than Mantine's Table, whose ScrollContainer brings ScrollArea: the cards
// are the first thing the dashboard shows (issue 17: its first load).
const cell = { px: 'xs', py: 4 } as const;

/** A dashboard card: a small table of counts (above 999 abbreviated, the exact number on hover). */
export function StatsBlock({ title, columns, rows, footer, icon, unavailable }: StatsBlockProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group gap="xs" mb="xs">
        {icon}
        <Title order={2} size="h5">
          {title}
        </Title>
      </Group>
      <Box
        component="table"
        w="100%"
        fz="sm"
        style={{ borderCollapse: 'collapse', lineHeight: 'var(--mantine-line-height)' }}
      >
        <thead>
          <tr>
            <Box component="th" {...cell}>
              <VisuallyHidden>Metric</VisuallyHidden>
            </Box>
            {columns.map((c) => (
              <Box component="th" key={c} {...cell} ta="right" fz="xs" c="dimmed" fw={500}>
                {c}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <Box component="th" scope="row" {...cell} ta="left" fw={500} fz="sm">
                {row.label}
              </Box>
              {row.values.map((v, i) => (
                <Box component="td" key={columns[i] ?? i} {...cell} ta="right">
                  {v === undefined && unavailable ? (
                    <Text span c="dimmed" aria-label="Not available">
                      –
                    </Text>
                  ) : v === undefined ? (
                    <SkeletonBar width={40} height={16} label="Loading" />
                  ) : (
                    <Text span fw={700} title={v.toLocaleString('en-US')}>
                      {formatCount(v)}
                    </Text>
                  )}
                </Box>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
      {footer && <Group mt="xs">{footer}</Group>}
    </Paper>
  );
}
