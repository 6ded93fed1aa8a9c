import { Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { SkeletonBar } from '@/components/data-panel/skeleton-bar';
import { formatCount } from '@/lib/format';

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
      <Table verticalSpacing={4} horizontalSpacing="xs" withRowBorders={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>Metric</VisuallyHidden>
            </Table.Th>
            {columns.map((c) => (
              <Table.Th key={c} ta="right" fz="xs" c="dimmed" fw={500}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={500} fz="sm">
                {row.label}
              </Table.Th>
              {row.values.map((v, i) => (
                <Table.Td key={columns[i] ?? i} ta="right">
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
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {footer && <Group mt="xs">{footer}</Group>}
    </Paper>
  );
}
